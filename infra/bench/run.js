#!/usr/bin/env node
'use strict';
// npm run bench: speed of the platform as ratios against a bare node:http server measured in the same
// run (never as timed assertions in tests). Starts the platform on BENCH_PORT (default 3200) with its own
// database, unless BENCH_URL points at a running one. BENCH_DURATION (s) and BENCH_CONNECTIONS tune the runs;
// BENCH_SKIP_FRONTEND=1 leaves out the browser measurements (BENCH_SKIP_LIGHTHOUSE=1 only Lighthouse's),
// BENCH_SKIP_OBSERVABILITY=1 the cost of logs, metrics and traces (observability.bench.js); reminders (10,000 due at
// once, handed to the SMS and email sandboxes: reminders.bench.js); BENCH_SECTIONS picks
// sections by name. On SIGINT/SIGTERM or a failure it stops everything it started (its platforms, servers and child
// scripts: shutdown.js). See README.md.
const fs = require('node:fs');
const path = require('node:path');
const { measure, startBareHttp, platformUnderTest, login, table, DURATION, CONNECTIONS } = require('./lib');
const { runMain, spawnTracked, stopChild, withDeadline } = require('./shutdown');

/** How long a child bench script (seed-scale.js, reporting.bench.js) may run before it is stopped as hung. */
const CHILD_TIMEOUT_MS = Number(process.env.BENCH_CHILD_TIMEOUT_S || 3600) * 1000;

/**
 * The sections to run: BENCH_SECTIONS (comma-separated names) if set, else all but those left out by
 * BENCH_SKIP_FRONTEND=1 / BENCH_SKIP_OBSERVABILITY=1, with reporting only when BENCH_REPORTING_SCALE is set.
 */
const SECTIONS = ['gateway', 'appointments', 'prescription', 'receipt', 'reminders', 'reporting', 'frontend', 'availability', 'observability'];
function chosenSections(env = process.env) {
  if (env.BENCH_SECTIONS) {
    const chosen = env.BENCH_SECTIONS.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = chosen.filter((s) => !SECTIONS.includes(s));
    if (unknown.length) throw new Error(`BENCH_SECTIONS: no section ${unknown.join(', ')} (there are ${SECTIONS.join(', ')})`);
    if (chosen.includes('reporting') && !env.BENCH_REPORTING_SCALE) throw new Error('BENCH_SECTIONS has reporting: set BENCH_REPORTING_SCALE too (e.g. 0.01)');
    return new Set(chosen);
  }
  return new Set(SECTIONS.filter((s) => {
    if (s === 'reporting') return Boolean(env.BENCH_REPORTING_SCALE);
    if (s === 'frontend') return env.BENCH_SKIP_FRONTEND !== '1';
    if (s === 'observability') return env.BENCH_SKIP_OBSERVABILITY !== '1';
    return true;
  }));
}

async function main() {
  const sectionsToRun = chosenSections();
  const platform = await platformUnderTest();
  const bare = await startBareHttp();
  const sections = [];
  try {
    let baseline = null;
    if (sectionsToRun.has('gateway')) {
      const token = await login(platform.url, 'patient@afya.test', 'Patient#2026');
      const auth = { authorization: `Bearer ${token}` };
      baseline = await measure('bare node:http hello', { url: bare.url });
      const rows = [
        baseline,
        await measure('gateway GET /api/health/live (no bus)', { url: `${platform.url}/api/health/live` }),
        await measure('gateway GET /api/health (NATS → each of the six services → its PostgreSQL schema)', { url: `${platform.url}/api/health` }),
        await measure('GET /api/user/profile (JWT + NATS → auth → PostgreSQL)', { url: `${platform.url}/api/user/profile`, headers: auth }),
      ];
      sections.push(`## Gateway and auth (${CONNECTIONS} connections, ${DURATION} s each)\n\n${table(rows, baseline)}`);
    }
    if (sectionsToRun.has('appointments')) {
      const { runAppointmentBench } = require('./appointments.bench');
      const result = await runAppointmentBench({ gatewayUrl: platform.url, databaseUrl: platform.databaseUrl, durationSeconds: DURATION, bare: baseline ?? undefined, platform, publicKeyFile: platform.publicKeyFile });
      if (result?.markdown) sections.push(result.markdown);
    }
    if (sectionsToRun.has('prescription')) {
      const { runPrescriptionBench } = require('./prescription.bench');
      sections.push((await runPrescriptionBench({ gatewayUrl: platform.url, durationSeconds: DURATION })).markdown);
    }
    if (sectionsToRun.has('receipt')) {
      const { runReceiptBench } = require('./receipt.bench');
      sections.push((await runReceiptBench({ gatewayUrl: platform.url, durationSeconds: DURATION })).markdown);
    }
    // Issue 24: 10,000 reminders due in the same minute, all handed to the SMS and email providers within 2 minutes.
    if (sectionsToRun.has('reminders')) {
      const { runReminderBench } = require('./reminders.bench');
      const smsUrl = platform.sandboxes?.sms?.url ?? process.env.BENCH_SMS_URL ?? null;
      const mailUrl = platform.mailInbox?.webUrl ?? process.env.BENCH_MAIL_URL ?? null;
      sections.push((await runReminderBench({ databaseUrl: platform.databaseUrl, smsUrl, mailUrl })).markdown);
    }
    // BENCH_REPORTING_SCALE=0.05 (50,000 appointments) or 1 (1,000,000): issue 12's reporting figures.
    if (sectionsToRun.has('reporting')) sections.push(await reportingSection(platform));
    // BENCH_SKIP_FRONTEND=1: the server paths only (e.g. comparing two builds of the gateway and services).
    if (sectionsToRun.has('frontend')) sections.push(await frontendSection(platform.url));
    // Issue 37: one doctor's availability for 30 days, ≤ 20 ms p99. Last on this platform: it gives the demo doctor
    // hours of their own, a leave and a date's own hours, which the sections above do not expect.
    if (sectionsToRun.has('availability')) {
      const { runAvailabilityBench } = require('./availability.bench');
      sections.push((await runAvailabilityBench({ gatewayUrl: platform.url })).markdown);
    }
  } finally {
    await bare.stop();
    await platform.stop();
  }
  // Issue 14: the cost of logging, metrics and tracing on the hot read, on four platforms of its own (started after
  // the one above stopped); BENCH_SKIP_OBSERVABILITY=1 leaves it out.
  if (sectionsToRun.has('observability')) {
    const { runObservabilityBench } = require('./observability.bench');
    sections.push((await runObservabilityBench()).markdown);
  }
  const report = `# Afya benchmark, ${new Date().toISOString()}\n\n${sections.join('\n\n')}\n`;
  const out = path.join(__dirname, 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'latest.md'), report);
  process.stdout.write(`\n${report}`);
}

// The web app in Chromium (frontend-size.js, which also runs alone with BENCH_URL): bytes over the wire for /
// and a patient's /dashboard, first text of / on Slow 4G, time to the patient's greeting (time-to-greeting.js).
async function frontendSection(url) {
  const { frontendOnTheWire, markdown } = require('./frontend-size');
  const wire = markdown(await frontendOnTheWire({ baseUrl: url }));
  // Issue 23 §2: Lighthouse's mobile scores for the pages a patient meets first (BENCH_SKIP_LIGHTHOUSE=1 leaves it out).
  if (process.env.BENCH_SKIP_LIGHTHOUSE === '1') return `## Frontend\n\n${wire}`;
  const lighthouse = require('./lighthouse');
  return `## Frontend\n\n${wire}\n\n### Lighthouse (mobile)\n\n${lighthouse.markdown(await lighthouse.lighthouseScores({ baseUrl: url }))}`;
}

/**
 * The environment a child bench script gets: this platform's gateway, database, bus namespace, and its NATS with the
 * bus users' passwords (reporting.bench.js reads the consumer's state as the ops user), never the caller's defaults.
 */
function platformEnv(platform) {
  const env = { ...process.env, BENCH_URL: platform.url, DATABASE_URL: platform.databaseUrl, AFYA_BUS: platform.bus };
  if (platform.natsUrl) env.NATS_URL = platform.natsUrl;
  if (platform.natsUsersFile) env.AFYA_NATS_USERS_FILE = platform.natsUsersFile;
  else delete env.AFYA_NATS_USERS_FILE;
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/** A child bench script to its end (BENCH_CHILD_TIMEOUT_S at most); stopped, with its own children, if that fails. */
async function runChildScript(script, env) {
  const child = spawnTracked(script, process.execPath, [path.join(__dirname, script)], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    const { code, signal, error } = await withDeadline(child.exited, CHILD_TIMEOUT_MS, `${script} to finish (BENCH_CHILD_TIMEOUT_S=${CHILD_TIMEOUT_MS / 1000})`);
    if (error) throw new Error(`${script} could not be started: ${error.message}`);
    if (code !== 0) throw new Error(`${script} exited ${signal ? `on ${signal}` : `with code ${code}`}`);
  } finally {
    await stopChild(child);
  }
}

// seed-scale.js fills the platform's database (its events reach reporting through the relays), then
// reporting.bench.js waits for the read models and measures (see its header). Child processes: the seed's bulk SQL
// and the bench's autocannon runs stay off this process's event loop.
async function reportingSection(platform) {
  const env = { ...platformEnv(platform), SEED_SCALE: process.env.BENCH_REPORTING_SCALE };
  for (const script of ['seed-scale.js', 'reporting.bench.js']) await runChildScript(script, env);
  return fs.readFileSync(path.join(__dirname, 'results', 'reporting-latest.md'), 'utf8').replace(/^# /, '## ');
}

if (require.main === module) runMain(main, 'run.js');

module.exports = { chosenSections, platformEnv };
