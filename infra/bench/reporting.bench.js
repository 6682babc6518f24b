#!/usr/bin/env node
'use strict';
// Issue 12's scale figures, against a running platform whose database was filled by seed-scale.js:
//  1. waits until the reporting service has applied every event on the stream (its durable consumer is drained);
//  2. p99 of each analytics call and the overview, the admin appointment search and the users page (autocannon,
//     REPORTING_BENCH_CONNECTIONS connections, BENCH_DURATION s each; targets: analytics < 300 ms, lists < 100 ms);
//  3. each CSV report streamed whole: time to first byte, total time, rows, and the RSS growth of the reporting
//     service and the gateway while it streams (sampled from /proc every 100 ms; target: first byte < 1 s, < 200 MB);
//  4. with BENCH_REPLAY=1: the rebuild by replay (reporting-replay.js: the seeded rows as events in a private
//     namespace's stream, a fresh reporting process replaying it from its first message): events per second.
// Every p99 row is also given as a ratio against a bare node:http server measured in the same run (req/s against
// the bare server's req/s, same connections and duration; BENCH_BARE_PORT, default BENCH_URL's port + 9), and
// marked against its target.
// Never part of CI. Usage (platform on :3240 started with DATABASE_URL=.../afya_rep_bench AFYA_BUS=repbench):
//   BENCH_URL=http://localhost:3240 DATABASE_URL=postgres://postgres@127.0.0.1:5432/afya_rep_bench AFYA_BUS=repbench \
//   node infra/bench/reporting.bench.js
const fs = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const { connect } = require('nats');
const { Client } = require('pg');
const { runMain, spawnTracked, stopChild, withDeadline } = require('./shutdown');

const URL_ = (process.env.BENCH_URL || 'http://localhost:3240').replace(/\/$/, '');
const BUS = process.env.AFYA_BUS || 'afya';
const DURATION = Number(process.env.BENCH_DURATION || 5);
const CONNECTIONS = Number(process.env.REPORTING_BENCH_CONNECTIONS || 10);
const STREAM = `${BUS.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_EVENTS`;
const DURABLE = 'reporting-read-models';
/** How long reporting may take to apply every event on the stream (BENCH_CATCHUP_TIMEOUT_S, default 600). */
const CATCH_UP_TIMEOUT_MS = Number(process.env.BENCH_CATCHUP_TIMEOUT_S || 600) * 1000;
/** How long the consumer's state may stay unreadable (wrong NATS, no permission, no such consumer) before giving up. */
const UNREADABLE_TIMEOUT_MS = Math.min(CATCH_UP_TIMEOUT_MS, 60_000);
/** Issue 12's targets (p99 ms): analytics calls and the overview < 300, admin lists < 100. */
const TARGET = { analytics: 300, list: 100 };
const REPORT_TARGET = { ttfbMs: 1000, rssGrowthMb: 200 };
/** The longest a whole CSV report may take to stream (BENCH_REPORT_TIMEOUT_S, default 900). */
const REPORT_TIMEOUT_MS = Number(process.env.BENCH_REPORT_TIMEOUT_S || 900) * 1000;
const log = (line) => process.stderr.write(`[reporting bench] ${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The platform's NATS (NATS_URL) as the `ops` user when it has bus users (AFYA_NATS_USERS_FILE: the runner's
 * <AFYA_LOCAL_DIR>/nats-auth/bus-users.json): reading a durable consumer's state is stream administration.
 */
function natsOptions() {
  const servers = process.env.NATS_URL || 'nats://127.0.0.1:4222';
  if (!process.env.AFYA_NATS_USERS_FILE) return { servers };
  const { users } = JSON.parse(fs.readFileSync(process.env.AFYA_NATS_USERS_FILE, 'utf8'));
  return { servers, user: users.ops.user, pass: users.ops.password, inboxPrefix: `_INBOX_${users.ops.user}` };
}

async function login(email, password) {
  const res = await fetch(`${URL_}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return (await res.json()).token;
}

/** Pending = messages the durable consumer has not been given yet + given but not acknowledged. */
async function pending(jsm) {
  const info = await jsm.consumers.info(STREAM, DURABLE);
  return info.num_pending + info.num_ack_pending;
}

/**
 * Resolves (seconds waited) once reporting's durable consumer has nothing pending. Fails after CATCH_UP_TIMEOUT_MS with
 * what is still pending, or sooner when the consumer's state cannot be read for UNREADABLE_TIMEOUT_MS, naming the
 * consumer, the stream and the NATS it asked.
 */
async function drained(jsm, label, { timeoutMs = CATCH_UP_TIMEOUT_MS, unreadableMs = UNREADABLE_TIMEOUT_MS, intervalMs = 2000 } = {}) {
  const started = Date.now();
  const what = `reporting's consumer "${DURABLE}" on stream ${STREAM} at ${natsOptions().servers}`;
  let last = -1;
  let unreadableSince = null;
  for (;;) {
    let left;
    try {
      left = await pending(jsm);
      unreadableSince = null;
    } catch (error) {
      unreadableSince ??= { at: Date.now(), error };
      unreadableSince.error = error;
      left = null;
    }
    if (left === 0) return (Date.now() - started) / 1000;
    const waited = Date.now() - started;
    if (unreadableSince && Date.now() - unreadableSince.at >= unreadableMs) {
      throw new Error(`${label}: cannot read ${what} for ${Math.round((Date.now() - unreadableSince.at) / 1000)} s: ${unreadableSince.error.message} (NATS_URL, AFYA_NATS_USERS_FILE and AFYA_BUS must be the platform's)`);
    }
    if (waited >= timeoutMs) {
      throw new Error(`${label}: timed out after ${Math.round(waited / 1000)} s (BENCH_CATCHUP_TIMEOUT_S) waiting for ${what} to apply every event: ${left === null ? 'its state unreadable' : `${left.toLocaleString('en')} still pending`}`);
    }
    if (left !== last) log(`${label}: ${left === null ? `? events left (${unreadableSince.error.message})` : `${left.toLocaleString('en')} events left`}`);
    last = left;
    await sleep(intervalMs);
  }
}

async function p99(label, url, headers, target) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  const row = { label, target, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts };
  log(`${label}: p99 ${row.p99} ms, ${row.rps} req/s, ${row.errors} errors`);
  return row;
}

/** This platform's processes whose command line has `pattern` (its bus namespace tells them from other platforms'). */
function pidsOf(pattern) {
  const pids = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').includes(pattern)) continue;
      if (fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`AFYA_BUS=${BUS}`)) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}
function rssMb(pid) {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return Number(line.replace(/\D+/g, ' ').trim().split(' ')[0]) / 1024;
  } catch {
    return 0;
  }
}

async function streamReport(type, headers) {
  const watched = [...pidsOf('services/reporting/dist/src/main.js'), ...pidsOf('gateway/dist')];
  const before = Object.fromEntries(watched.map((pid) => [pid, rssMb(pid)]));
  const peak = { ...before };
  const sampler = setInterval(() => watched.forEach((pid) => (peak[pid] = Math.max(peak[pid], rssMb(pid)))), 100);
  const started = performance.now();
  // One deadline for the whole download: a stalled stream fails (AbortError, below, names the report).
  const res = await fetch(`${URL_}/api/admin/reports/${type}.csv`, { headers, signal: AbortSignal.timeout(REPORT_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${type}.csv: ${res.status}`);
  const reader = res.body.getReader();
  let first = null;
  let bytes = 0;
  let lines = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      first ??= performance.now() - started;
      bytes += value.length;
      for (const b of value) if (b === 10) lines += 1;
    }
  } catch (error) {
    if (error.name === 'TimeoutError') throw new Error(`timed out after ${REPORT_TIMEOUT_MS / 1000} s (BENCH_REPORT_TIMEOUT_S) streaming ${type}.csv (${bytes} bytes so far)`, { cause: error });
    throw error;
  } finally {
    clearInterval(sampler);
  }
  const growth = Math.max(0, ...watched.map((pid) => peak[pid] - before[pid]));
  const row = { type, ttfbMs: Math.round(first ?? 0), totalS: ((performance.now() - started) / 1000).toFixed(1), rows: lines - 1, mb: (bytes / 1e6).toFixed(0), rssGrowthMb: growth.toFixed(0) };
  log(`${type}.csv: first byte ${row.ttfbMs} ms, ${row.rows.toLocaleString('en')} rows in ${row.totalS} s, RSS +${row.rssGrowthMb} MB`);
  return row;
}

/** reporting-replay.js in its own process (it publishes ~2,000,000 events and watches a fresh reporting process). */
async function replay() {
  // Its own namespace on a server without bus users (see its header), not the platform's.
  const env = { ...process.env, NATS_URL: process.env.REPLAY_NATS_URL || 'nats://127.0.0.1:4222' };
  delete env.AFYA_NATS_USERS_FILE;
  const run = spawnTracked('reporting-replay.js', process.execPath, [path.join(__dirname, 'reporting-replay.js')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  run.stdout.on('data', (chunk) => (out += chunk));
  // Its own deadline is REPLAY_SECONDS of replaying; publishing ~2,000,000 events first takes up to ~30 min.
  const limitMs = (Number(process.env.REPLAY_SECONDS || 600) + 3600) * 1000;
  try {
    const { code, signal } = await withDeadline(run.exited, limitMs, 'reporting-replay.js to finish');
    if (code !== 0) throw new Error(`reporting-replay.js exited ${signal ? `on ${signal}` : `with code ${code}`}`);
  } finally {
    await stopChild(run);
  }
  return JSON.parse(out.trim().split('\n').pop());
}

async function main() {
  const options = natsOptions();
  const nc = await connect({ ...options, timeout: 10_000 }).catch((error) => {
    throw new Error(`cannot connect to the platform's NATS at ${options.servers}${options.user ? ` as ${options.user}` : ''}: ${error.message} (NATS_URL, AFYA_NATS_USERS_FILE)`);
  });
  const jsm = await nc.jetstreamManager();
  const db = new Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 10_000 });
  await db.connect();
  const { rows: [counts] } = await db.query(`SELECT (SELECT count(*) FROM appointment.appointments)::int AS appointments, (SELECT count(*) FROM auth.users)::int AS users`);
  log(`database: ${counts.appointments.toLocaleString('en')} appointments, ${counts.users.toLocaleString('en')} users; waiting for reporting to catch up`);
  const caughtUp = await drained(jsm, 'catch-up');
  log(`reporting caught up (${caughtUp.toFixed(0)} s of waiting)`);
  const token = await login(process.env.BENCH_ADMIN_EMAIL || 'admin@afya.test', process.env.BENCH_ADMIN_PASSWORD || 'Admin#2026');
  const headers = { authorization: `Bearer ${token}` };
  const { rows: [someone] } = await db.query(`SELECT lastname FROM auth.users WHERE role = 'user' ORDER BY user_id DESC LIMIT 1`);

  const { rows: [patient] } = await db.query(`SELECT firstname, lastname FROM auth.users WHERE role = 'user' ORDER BY user_id DESC LIMIT 1`);
  const fullName = `${patient.firstname} ${patient.lastname}`;
  // A rare name (the demo patient: a handful of appointments) and one with none (the admin): a search walking the
  // list's index for them would read all 1,000,000 rows before answering.
  const person = async (email) => (await db.query(`SELECT firstname || ' ' || lastname AS name FROM auth.users WHERE email = $1`, [email])).rows[0]?.name;
  const rareName = (await person(process.env.BENCH_RARE_EMAIL || 'patient@afya.test')) ?? fullName;
  const nobody = (await person(process.env.BENCH_ADMIN_EMAIL || 'admin@afya.test')) ?? 'Nobody Here';

  const barePort = Number(process.env.BENCH_BARE_PORT || Number(new URL(URL_).port || 80) + 9);
  const { startBareHttp } = require('./lib');
  const bareServer = await startBareHttp(barePort);
  const rows = [];
  try {
    const bare = await p99('bare node:http hello', bareServer.url, {}, null);
    for (const [label, p, target] of [
      ['analytics summary (365 days)', '/api/admin/analytics/summary?range=365', TARGET.analytics],
      ['analytics summary (30 days)', '/api/admin/analytics/summary?range=30', TARGET.analytics],
      ['analytics bookings (365 days)', '/api/admin/analytics/bookings?range=365', TARGET.analytics],
      ['analytics revenue (365 days)', '/api/admin/analytics/revenue?range=365', TARGET.analytics],
      ['analytics appointment-status', '/api/admin/analytics/appointment-status', TARGET.analytics],
      ['analytics monthly', '/api/admin/analytics/monthly', TARGET.analytics],
      ['admin overview', '/api/admin/overview', TARGET.analytics],
      ['admin appointments page 1', '/api/admin/appointments?page=1&limit=20', TARGET.list],
      [`admin appointments search "${someone.lastname}"`, `/api/admin/appointments?search=${encodeURIComponent(someone.lastname)}&page=1&limit=20`, TARGET.list],
      [`admin appointments search "${fullName}"`, `/api/admin/appointments?search=${encodeURIComponent(fullName)}&page=1&limit=20`, TARGET.list],
      [`admin appointments search "${rareName}" (rare)`, `/api/admin/appointments?search=${encodeURIComponent(rareName)}&page=1&limit=20`, TARGET.list],
      [`admin appointments search "${nobody}" (no appointments)`, `/api/admin/appointments?search=${encodeURIComponent(nobody)}&page=1&limit=20`, TARGET.list],
      [`admin appointments search "${someone.lastname}" & status=Completed`, `/api/admin/appointments?search=${encodeURIComponent(someone.lastname)}&status=Completed&page=1&limit=20`, TARGET.list],
      [`admin appointments search "${fullName}" & status=Completed`, `/api/admin/appointments?search=${encodeURIComponent(fullName)}&status=Completed&page=1&limit=20`, TARGET.list],
      [`admin appointments search "${someone.lastname}" & date=today`, `/api/admin/appointments?search=${encodeURIComponent(someone.lastname)}&date=today&page=1&limit=20`, TARGET.list],
      [`admin appointments search "${someone.lastname}" & date=past`, `/api/admin/appointments?search=${encodeURIComponent(someone.lastname)}&date=past&page=1&limit=20`, TARGET.list],
      [`admin appointments search "${fullName}" & date=upcoming`, `/api/admin/appointments?search=${encodeURIComponent(fullName)}&date=upcoming&page=1&limit=20`, TARGET.list],
      ['admin appointments status+date', '/api/admin/appointments?status=Pending&date=upcoming&page=1&limit=20', TARGET.list],
      ['admin appointments status=Completed', '/api/admin/appointments?status=Completed&page=1&limit=20', TARGET.list],
      ['admin appointments page 500', '/api/admin/appointments?page=500&limit=20', TARGET.list],
      ['users page 1', '/api/admin/users?page=1&limit=20', TARGET.list],
      [`users search "${someone.lastname}"`, `/api/admin/users?search=${encodeURIComponent(someone.lastname)}&page=1&limit=20`, TARGET.list],
      ['users role=doctor', '/api/admin/users?role=doctor&page=1&limit=20', TARGET.list],
      ['users page 500', '/api/admin/users?page=500&limit=20', TARGET.list],
    ]) rows.push(await p99(label, `${URL_}${p}`, headers, target));
    rows.forEach((r) => (r.ratio = r.rps / bare.rps));
    rows.unshift({ ...bare, ratio: 1 });
  } finally {
    await bareServer.stop();
  }

  const reports = [];
  for (const type of ['appointments', 'users', 'revenue', 'prescriptions']) reports.push(await streamReport(type, headers));
  const replayed = process.env.BENCH_REPLAY === '1' ? await replay() : null;
  const met = (ok) => (ok ? 'yes' : '**no**');

  const md = [
    `# Reporting at scale, ${new Date().toISOString()}`,
    `${counts.appointments.toLocaleString('en')} appointments, ${counts.users.toLocaleString('en')} users; ${CONNECTIONS} connections, ${DURATION} s per path.`,
    '',
    '| path | req/s | ratio to bare (req/s) | p50 ms | p99 ms | target p99 | met | errors |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.label} | ${r.rps.toLocaleString('en')} | ${r.ratio.toFixed(4)} | ${r.p50} | ${r.p99} | ${r.target ? `< ${r.target} ms` : ''} | ${r.target ? met(r.p99 < r.target && r.errors === 0) : ''} | ${r.errors} |`),
    '',
    '| report | first byte ms | rows | MB | seconds | RSS growth MB (max of reporting, gateway) | met (first byte < 1 s, RSS < 200 MB) |',
    '|---|---|---|---|---|---|---|',
    ...reports.map((r) => `| ${r.type}.csv | ${r.ttfbMs} | ${r.rows.toLocaleString('en')} | ${r.mb} | ${r.totalS} | ${r.rssGrowthMb} | ${met(r.ttfbMs < REPORT_TARGET.ttfbMs && Number(r.rssGrowthMb) < REPORT_TARGET.rssGrowthMb)} |`),
    replayed
      ? `\nReplay (reporting-replay.js): ${replayed.applied.toLocaleString('en')} of ${replayed.events.toLocaleString('en')} events applied in ${replayed.seconds} s = **${replayed.perSecond} events/s**` +
        (replayed.complete ? `; rebuilt read models ${replayed.sameFigures ? 'equal' : '**differ from**'} the seeded ones.` : ` (stopped early; the whole stream: ~${replayed.projectedMinutes} min).`)
      : '',
  ].join('\n');
  const out = path.join(__dirname, 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'reporting-latest.md'), `${md}\n`);
  console.log(md);
  await db.end();
  await nc.close();
}

if (require.main === module) runMain(main, 'reporting.bench.js');

module.exports = { drained };
