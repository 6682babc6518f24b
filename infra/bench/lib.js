'use strict';
// Shared pieces of the benchmarks: autocannon runs, a bare node:http baseline in its own process,
// and the platform to measure (a running one at BENCH_URL, else one started here).
const { spawn } = require('node:child_process');
const path = require('node:path');
const autocannon = require('autocannon');
const { startCpuCount, setCpuDatabase } = require('./cpu-usage');

const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
/**
 * BENCH_PORT (default 3200): the platform's HTTP port; the ceiling listens on +98 and the bare server on +99.
 * Another port also gets its own database and bus namespace, so two checkouts can be measured side by side.
 */
const PORT = Number(process.env.BENCH_PORT || 3200);
const SCRATCH = PORT === 3200 ? { database: 'afya_bench', bus: 'bench' } : { database: `afya_bench_${PORT}`, bus: `bench${PORT}` };
setCpuDatabase(SCRATCH.database);

/**
 * One autocannon run, after a 2 s warm-up (JIT, pools) unless `warmUp` is false; returns req/s (mean), p99
 * latency in ms, errors (non-2xx, socket errors, timeouts) and the CPU each process spent per request (µs).
 */
async function measure(label, options, { durationSeconds = DURATION, warmUp = true } = {}) {
  if (warmUp) await autocannon({ connections: CONNECTIONS, duration: 2, ...options });
  const cpu = startCpuCount();
  const result = await autocannon({ connections: CONNECTIONS, duration: durationSeconds, ...options });
  return {
    label,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    cpuPerRequest: cpu.stop(result.requests.total),
  };
}

/** A bare node:http hello server in a child process (so it does not share our event loop). */
async function startBareHttp(port = PORT + 99) {
  const child = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'text/plain'); s.end('hello'); }).listen(${port}, () => console.log('ready'))`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

/** The platform under test: BENCH_URL if given (already running), else started here on BENCH_PORT. */
async function platformUnderTest() {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL.replace(/\/$/, ''), databaseUrl: process.env.DATABASE_URL, stop: async () => undefined };
  const { Client } = require('pg');
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH.database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${SCRATCH.database}`);
  await admin.end();
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/${SCRATCH.database}`;
  const { startPlatform } = require(path.join(__dirname, '../local/platform'));
  const platform = await startPlatform({
    port: PORT,
    quiet: true,
    localDir: path.join(__dirname, '../../.local/bench'),
    env: { ...process.env, DATABASE_URL: databaseUrl, AFYA_BUS: SCRATCH.bus, LOG_LEVEL: 'warn' },
  });
  return { url: platform.url, databaseUrl, stop: () => platform.stop() };
}

/** POST /api/auth/login: the session the app keeps ({ token, user }). */
async function signIn(url, email, password) {
  const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`login as ${email} failed: ${response.status}`);
  return response.json();
}

async function login(url, email, password) {
  return (await signIn(url, email, password)).token;
}

/** Debian's Chromium (never a downloaded one), headless, for the browser benchmarks. */
function launchChromium() {
  const puppeteer = require('puppeteer');
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** The middle value (the upper one of an even count). */
function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

function table(rows, baseline) {
  const lines = [`| path | req/s | p99 ms | errors | ÷ bare node:http |`, `|---|---|---|---|---|`];
  for (const row of rows) {
    lines.push(`| ${row.label} | ${row.rps} | ${row.p99} | ${row.errors} | ${(row.rps / baseline.rps).toFixed(3)} |`);
  }
  return lines.join('\n');
}

module.exports = { measure, startBareHttp, platformUnderTest, login, signIn, launchChromium, median, table, DURATION, CONNECTIONS, PORT };
