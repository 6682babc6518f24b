#!/usr/bin/env node
'use strict';
// npm run bench: speed of the platform as ratios against a bare node:http server measured in the same
// run (never as timed assertions in tests). Starts the platform on BENCH_PORT (default 3200) with its own
// database, unless BENCH_URL points at a running one. BENCH_DURATION (s) and BENCH_CONNECTIONS tune the runs;
// BENCH_SKIP_FRONTEND=1 leaves out the browser measurements (BENCH_SKIP_LIGHTHOUSE=1 only Lighthouse's), BENCH_SKIP_OBSERVABILITY=1 the cost of logs, metrics
// and traces (observability.bench.js). See README.md.
const fs = require('node:fs');
const path = require('node:path');
const { measure, startBareHttp, platformUnderTest, login, table, DURATION, CONNECTIONS } = require('./lib');

async function main() {
  const platform = await platformUnderTest();
  const bare = await startBareHttp();
  const sections = [];
  try {
    const token = await login(platform.url, 'patient@afya.test', 'Patient#2026');
    const auth = { authorization: `Bearer ${token}` };
    const baseline = await measure('bare node:http hello', { url: bare.url });
    const rows = [
      baseline,
      await measure('gateway GET /api/health/live (no bus)', { url: `${platform.url}/api/health/live` }),
      await measure('gateway GET /api/health (NATS → auth → PostgreSQL)', { url: `${platform.url}/api/health` }),
      await measure('GET /api/user/profile (JWT + NATS → auth → PostgreSQL)', { url: `${platform.url}/api/user/profile`, headers: auth }),
    ];
    sections.push(`## Gateway and auth (${CONNECTIONS} connections, ${DURATION} s each)\n\n${table(rows, baseline)}`);

    const appointmentsBench = path.join(__dirname, 'appointments.bench.js');
    if (fs.existsSync(appointmentsBench)) {
      const { runAppointmentBench } = require(appointmentsBench);
      const result = await runAppointmentBench({ gatewayUrl: platform.url, databaseUrl: platform.databaseUrl, durationSeconds: DURATION, bare: baseline });
      if (result?.markdown) sections.push(result.markdown);
    }
    const prescriptionBench = path.join(__dirname, 'prescription.bench.js');
    if (fs.existsSync(prescriptionBench)) {
      const { runPrescriptionBench } = require(prescriptionBench);
      sections.push((await runPrescriptionBench({ gatewayUrl: platform.url, durationSeconds: DURATION })).markdown);
    }
    const receiptBench = path.join(__dirname, 'receipt.bench.js');
    if (fs.existsSync(receiptBench)) {
      const { runReceiptBench } = require(receiptBench);
      sections.push((await runReceiptBench({ gatewayUrl: platform.url, durationSeconds: DURATION })).markdown);
    }
    // BENCH_REPORTING_SCALE=0.05 (50,000 appointments) or 1 (1,000,000): issue 12's reporting figures.
    if (process.env.BENCH_REPORTING_SCALE) sections.push(await reportingSection(platform));
    // BENCH_SKIP_FRONTEND=1: the server paths only (e.g. comparing two builds of the gateway and services).
    if (process.env.BENCH_SKIP_FRONTEND !== '1') sections.push(await frontendSection(platform.url));
  } finally {
    bare.stop();
    await platform.stop();
  }
  // Issue 14: the cost of logging, metrics and tracing on the hot read, on four platforms of its own (started after
  // the one above stopped); BENCH_SKIP_OBSERVABILITY=1 leaves it out.
  if (process.env.BENCH_SKIP_OBSERVABILITY !== '1') {
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

// seed-scale.js fills the platform's database (its events reach reporting through the relays), then
// reporting.bench.js waits for the read models and measures (see its header). Child processes: the seed's bulk SQL
// and the bench's autocannon runs stay off this process's event loop.
async function reportingSection(platform) {
  const { spawnSync } = require('node:child_process');
  const { PORT } = require('./lib');
  const env = {
    ...process.env,
    DATABASE_URL: platform.databaseUrl,
    BENCH_URL: platform.url,
    AFYA_BUS: PORT === 3200 ? 'bench' : `bench${PORT}`,
    SEED_SCALE: process.env.BENCH_REPORTING_SCALE,
  };
  for (const script of ['seed-scale.js', 'reporting.bench.js']) {
    const run = spawnSync(process.execPath, [path.join(__dirname, script)], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (run.status !== 0) throw new Error(`${script} exited ${run.status}`);
  }
  return fs.readFileSync(path.join(__dirname, 'results', 'reporting-latest.md'), 'utf8').replace(/^# /, '## ');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
