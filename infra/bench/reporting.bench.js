#!/usr/bin/env node
'use strict';
// Issue 12's scale figures, against a running platform whose database was filled by seed-scale.js:
//  1. waits until the reporting service has applied every event on the stream (its durable consumer is drained);
//  2. p99 of each analytics call and the overview, the admin appointment search and the users page (autocannon,
//     REPORTING_BENCH_CONNECTIONS connections, BENCH_DURATION s each; targets: analytics < 300 ms, lists < 100 ms);
//  3. each CSV report streamed whole: time to first byte, total time, rows, and the RSS growth of the reporting
//     service and the gateway while it streams (sampled from /proc every 100 ms; target: first byte < 1 s, < 200 MB);
//  4. with BENCH_REPLAY=1: a rebuild by replay (read models emptied, durable consumer deleted, a fresh reporting
//     process replays the stream from its first message): events per second.
// Never part of CI. Usage (platform on :3240 started with DATABASE_URL=.../afya_rep_bench AFYA_BUS=repbench):
//   BENCH_URL=http://localhost:3240 DATABASE_URL=postgres://postgres@127.0.0.1:5432/afya_rep_bench AFYA_BUS=repbench \
//   node infra/bench/reporting.bench.js
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const autocannon = require('autocannon');
const { connect } = require('nats');
const { Client } = require('pg');

const URL_ = (process.env.BENCH_URL || 'http://localhost:3240').replace(/\/$/, '');
const BUS = process.env.AFYA_BUS || 'afya';
const DURATION = Number(process.env.BENCH_DURATION || 5);
const CONNECTIONS = Number(process.env.REPORTING_BENCH_CONNECTIONS || 10);
const STREAM = `${BUS.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_EVENTS`;
const DURABLE = 'reporting-read-models';
const log = (line) => process.stderr.write(`[reporting bench] ${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function login(email, password) {
  const res = await fetch(`${URL_}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return (await res.json()).token;
}

/** Pending = messages the durable consumer has not been given yet + given but not acknowledged. */
async function pending(jsm) {
  const info = await jsm.consumers.info(STREAM, DURABLE);
  return info.num_pending + info.num_ack_pending;
}

async function drained(jsm, label) {
  const started = Date.now();
  let last = -1;
  for (;;) {
    const left = await pending(jsm).catch(() => Infinity);
    if (left === 0) return (Date.now() - started) / 1000;
    if (left !== last && Date.now() - started > 0) log(`${label}: ${left === Infinity ? '?' : left.toLocaleString('en')} events left`);
    last = left;
    await sleep(2000);
  }
}

async function p99(label, pathname, headers) {
  await autocannon({ url: `${URL_}${pathname}`, headers, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ url: `${URL_}${pathname}`, headers, connections: CONNECTIONS, duration: DURATION });
  const row = { label, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts };
  log(`${label}: p99 ${row.p99} ms, ${row.rps} req/s, ${row.errors} errors`);
  return row;
}

function pidsOf(pattern) {
  const pids = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').includes(pattern)) pids.push(Number(entry));
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
  const res = await fetch(`${URL_}/api/admin/reports/${type}.csv`, { headers });
  if (!res.ok) throw new Error(`${type}.csv: ${res.status}`);
  const reader = res.body.getReader();
  let first = null;
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    first ??= performance.now() - started;
    bytes += value.length;
    for (const b of value) if (b === 10) lines += 1;
  }
  clearInterval(sampler);
  const growth = Math.max(0, ...watched.map((pid) => peak[pid] - before[pid]));
  const row = { type, ttfbMs: Math.round(first ?? 0), totalS: ((performance.now() - started) / 1000).toFixed(1), rows: lines - 1, mb: (bytes / 1e6).toFixed(0), rssGrowthMb: growth.toFixed(0) };
  log(`${type}.csv: first byte ${row.ttfbMs} ms, ${row.rows.toLocaleString('en')} rows in ${row.totalS} s, RSS +${row.rssGrowthMb} MB`);
  return row;
}

async function replay(jsm, db) {
  const total = (await jsm.streams.info(STREAM)).state.messages;
  log(`replay: resetting the read models (${total.toLocaleString('en')} events on the stream)`);
  const root = path.join(__dirname, '../..');
  const env = { ...process.env, AFYA_BUS: BUS, LOG_LEVEL: 'warn' };
  await new Promise((resolve, reject) => {
    const reset = spawn(process.execPath, [path.join(root, 'services/reporting/dist/src/rebuild-cli.js')], { env, stdio: 'inherit' });
    reset.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`rebuild-cli exited ${code}`))));
  });
  const started = Date.now();
  // A fresh reporting process creates the durable consumer again (DeliverPolicy.All) and replays the stream.
  const child = spawn(process.execPath, [path.join(root, 'services/reporting/dist/src/main.js')], { env, stdio: 'ignore' });
  try {
    await sleep(1000);
    await drained(jsm, 'replay');
    const seconds = (Date.now() - started) / 1000;
    const { rows: [{ n }] } = await db.query(`SELECT count(*)::int AS n FROM reporting.processed_events WHERE consumer = $1`, [DURABLE]);
    const row = { events: total, applied: n, seconds: seconds.toFixed(1), perSecond: Math.round(total / seconds) };
    log(`replay: ${total.toLocaleString('en')} events in ${row.seconds} s = ${row.perSecond} events/s`);
    return row;
  } finally {
    child.kill('SIGTERM');
  }
}

async function main() {
  const nc = await connect({ servers: process.env.NATS_URL || 'nats://127.0.0.1:4222' });
  const jsm = await nc.jetstreamManager();
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const { rows: [counts] } = await db.query(`SELECT (SELECT count(*) FROM appointment.appointments)::int AS appointments, (SELECT count(*) FROM auth.users)::int AS users`);
  log(`database: ${counts.appointments.toLocaleString('en')} appointments, ${counts.users.toLocaleString('en')} users; waiting for reporting to catch up`);
  const caughtUp = await drained(jsm, 'catch-up');
  log(`reporting caught up (${caughtUp.toFixed(0)} s of waiting)`);
  const token = await login(process.env.BENCH_ADMIN_EMAIL || 'admin@afya.test', process.env.BENCH_ADMIN_PASSWORD || 'Admin#2026');
  const headers = { authorization: `Bearer ${token}` };
  const { rows: [someone] } = await db.query(`SELECT lastname FROM auth.users WHERE role = 'user' ORDER BY user_id DESC LIMIT 1`);

  const rows = [];
  for (const [label, p] of [
    ['analytics summary', '/api/admin/analytics/summary?range=365'],
    ['analytics bookings (365 days)', '/api/admin/analytics/bookings?range=365'],
    ['analytics revenue (365 days)', '/api/admin/analytics/revenue?range=365'],
    ['analytics appointment-status', '/api/admin/analytics/appointment-status'],
    ['analytics monthly', '/api/admin/analytics/monthly'],
    ['admin overview', '/api/admin/overview'],
    ['admin appointments page 1', '/api/admin/appointments?page=1&limit=20'],
    [`admin appointments search "${someone.lastname}"`, `/api/admin/appointments?search=${encodeURIComponent(someone.lastname)}&page=1&limit=20`],
    ['admin appointments status+date', '/api/admin/appointments?status=Pending&date=upcoming&page=1&limit=20'],
    ['admin appointments page 500', '/api/admin/appointments?page=500&limit=20'],
    ['users page 1', '/api/admin/users?page=1&limit=20'],
    [`users search "${someone.lastname}"`, `/api/admin/users?search=${encodeURIComponent(someone.lastname)}&page=1&limit=20`],
    ['users role=doctor', '/api/admin/users?role=doctor&page=1&limit=20'],
  ]) rows.push(await p99(label, p, headers));

  const reports = [];
  for (const type of ['appointments', 'users', 'revenue', 'prescriptions']) reports.push(await streamReport(type, headers));
  const replayed = process.env.BENCH_REPLAY === '1' ? await replay(jsm, db) : null;

  const md = [
    `# Reporting at scale, ${new Date().toISOString()}`,
    `${counts.appointments.toLocaleString('en')} appointments, ${counts.users.toLocaleString('en')} users; ${CONNECTIONS} connections, ${DURATION} s per path.`,
    '',
    '| path | req/s | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`),
    '',
    '| report | first byte ms | rows | MB | seconds | RSS growth MB (max of reporting, gateway) |',
    '|---|---|---|---|---|---|',
    ...reports.map((r) => `| ${r.type}.csv | ${r.ttfbMs} | ${r.rows.toLocaleString('en')} | ${r.mb} | ${r.totalS} | ${r.rssGrowthMb} |`),
    replayed ? `\nReplay: ${replayed.events.toLocaleString('en')} events in ${replayed.seconds} s = **${replayed.perSecond} events/s**.` : '',
  ].join('\n');
  const out = path.join(__dirname, 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'reporting-latest.md'), `${md}\n`);
  console.log(md);
  await db.end();
  await nc.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
