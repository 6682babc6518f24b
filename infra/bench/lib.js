'use strict';
// Shared pieces of the benchmarks: autocannon runs, a bare node:http baseline in its own process,
// and the platform to measure (a running one at BENCH_URL, else one started here). Whatever they start is stopped
// on a signal or a failure (shutdown.js).
const path = require('node:path');
const autocannon = require('autocannon');
const { startCpuCount, setCpuDatabase, setCpuNatsPort } = require('./cpu-usage');
const { spawnTracked, stopChild, onShutdown, readyLine, interrupted } = require('./shutdown');

const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
/**
 * BENCH_PORT (default 3200): the platform's HTTP port; the ceiling listens on +98 and the bare server on +99.
 * Another port also gets its own database, bus namespace and runner directory (.local/bench-<port>: its NATS users,
 * logs), so two checkouts, or two runs of one, can be measured side by side.
 */
const PORT = Number(process.env.BENCH_PORT || 3200);
const SCRATCH = PORT === 3200 ? { database: 'afya_bench', bus: 'bench', localDir: 'bench' } : { database: `afya_bench_${PORT}`, bus: `bench${PORT}`, localDir: `bench-${PORT}` };
setCpuDatabase(SCRATCH.database);

/**
 * One autocannon run, after a 2 s warm-up (JIT, pools) unless `warmUp` is false; returns req/s (mean), p99
 * latency in ms, errors (non-2xx, socket errors, timeouts) and the CPU each process spent per request (µs); with
 * `settle`, until what it awaits resolves (its result's fields are added).
 */
async function measure(label, options, { durationSeconds = DURATION, warmUp = true, settle } = {}) {
  if (warmUp) await autocannon({ connections: CONNECTIONS, duration: 2, ...options });
  const cpu = startCpuCount();
  const result = await autocannon({ connections: CONNECTIONS, duration: durationSeconds, ...options });
  // `settle`: work the requests caused after their replies (events' consumers) is waited for and counted with them.
  const settled = settle ? await settle() : undefined;
  return {
    ...settled,
    label,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    // How many of each status autocannon saw ({ '201': 4480, '409': 3 }): what a refused booking was refused with.
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats || {}).map(([code, { count }]) => [code, count])),
    cpuPerRequest: cpu.stop(result.requests.total),
  };
}

/** A bare node:http hello server in a child process (so it does not share our event loop). */
async function startBareHttp(port = PORT + 99) {
  const child = spawnTracked(`bare node:http server on port ${port}`, process.execPath, ['-e', `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'text/plain'); s.end('hello'); }).listen(${port}, () => console.log('ready'))`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await readyLine(child);
  return { url: `http://127.0.0.1:${port}/`, stop: () => stopChild(child) };
}

/**
 * A platform of this checkout (infra/local/platform.js) whose stop is part of the bench's shutdown: a signal during
 * its start-up aborts it (what was started is stopped), and one later stops it.
 * @returns the platform of startPlatform, plus `bus` and `natsUsersFile` (the bus users' passwords, when its NATS has them)
 */
async function startBenchPlatform(options) {
  const { startPlatform } = require(path.join(__dirname, '../local/platform'));
  const starting = startPlatform({ ...options, signal: interrupted });
  let platform = null;
  const unregister = onShutdown(async () => {
    await starting.catch(() => undefined); // an aborted start-up stops what it started before it rejects
    if (platform) await platform.stop();
  });
  try {
    platform = await starting;
  } catch (error) {
    unregister();
    throw error;
  }
  return {
    ...platform,
    stop: async () => {
      unregister();
      await platform.stop();
    },
  };
}

/**
 * The PostgreSQL server the bench makes its database on: the machine's (127.0.0.1:5432), or BENCH_POSTGRES (e.g. a
 * private cluster started with shared_preload_libraries=pg_stat_statements, to read each statement's calls and time).
 */
const POSTGRES = (process.env.BENCH_POSTGRES || 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');

/** A fresh database on the bench's PostgreSQL (dropped first if it exists); returns its URL. */
async function freshDatabase(name) {
  const { Client } = require('pg');
  const admin = new Client({ connectionString: `${POSTGRES}/postgres`, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return `${POSTGRES}/${name}`;
}

/**
 * What the platform runs is the build (infra/local/platform.js starts whatever dist/ holds): a fresh clone has none, so
 * the bench builds first. Nx restores the projects whose inputs did not change, so on a built checkout this takes
 * seconds. A failed build stops the bench with the build's own output above.
 */
function buildPlatform() {
  const { spawnSync } = require('node:child_process');
  process.stderr.write('[bench] building the platform (nx run-many -t build; unchanged projects come from the Nx cache)\n');
  const build = spawnSync(path.join(__dirname, '../../node_modules/.bin/nx'), ['run-many', '-t', 'build', '--output-style=static'], {
    cwd: path.join(__dirname, '../..'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) throw new Error(`the platform did not build (nx run-many -t build exited ${build.status ?? build.signal}): nothing to measure`);
}

/**
 * Measures only a whole platform: GET /api/health answers 200 when NATS, every service and each one's database answer
 * (a gateway alone, or a service that never started, is 503, and a missing gateway refuses the connection).
 */
async function requireHealthy(platform) {
  const response = await fetch(`${platform.url}/api/health`).catch((error) => ({ ok: false, status: `no answer (${error.cause?.code ?? error.message})`, text: async () => '' }));
  if (response.ok) return;
  const detail = await response.text().catch(() => '');
  await platform.stop();
  throw new Error(`the platform is not healthy at ${platform.url}/api/health: ${response.status} ${detail}`.trim());
}

/**
 * The platform under test: BENCH_URL if given (already running: NATS_URL, AFYA_NATS_USERS_FILE, AFYA_BUS,
 * DATABASE_URL and JWT_PUBLIC_KEY_FILE are then the caller's), else started here on BENCH_PORT.
 * @returns {Promise<{url: string, databaseUrl?: string, natsUrl?: string, natsUsersFile?: string|null, bus?: string, publicKeyFile?: string|null, stop: () => Promise<void>}>}
 */
async function platformUnderTest() {
  if (process.env.BENCH_URL) {
    if (process.env.NATS_URL) setCpuNatsPort(new URL(process.env.NATS_URL).port || 4222);
    return {
      url: process.env.BENCH_URL.replace(/\/$/, ''),
      databaseUrl: process.env.DATABASE_URL,
      natsUrl: process.env.NATS_URL,
      natsUsersFile: process.env.AFYA_NATS_USERS_FILE || null,
      bus: process.env.AFYA_BUS || 'afya',
      publicKeyFile: process.env.JWT_PUBLIC_KEY_FILE || null,
      stop: async () => undefined,
    };
  }
  buildPlatform();
  const databaseUrl = await freshDatabase(SCRATCH.database);
  const started = Date.now();
  const localDir = path.join(__dirname, '../../.local', SCRATCH.localDir);
  process.stderr.write(`[bench] starting the platform on port ${PORT} (database ${SCRATCH.database}, bus ${SCRATCH.bus}, logs ${localDir}/logs)\n`);
  const platform = await startBenchPlatform({
    port: PORT,
    quiet: true,
    localDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, AFYA_BUS: SCRATCH.bus, LOG_LEVEL: 'warn' },
  });
  await requireHealthy(platform);
  process.stderr.write(`[bench] platform up at ${platform.url} in ${Math.round((Date.now() - started) / 1000)} s (NATS ${platform.natsUrl})\n`);
  // Only this platform's nats-server counts in CPU per request (other people's test servers run on the same machine).
  if (platform.natsUrl) setCpuNatsPort(new URL(platform.natsUrl).port || 4222);
  // The auth service's RS256 public key (infra/local/keys.js): the NestJS peer verifies the platform's tokens with it.
  return { ...platform, databaseUrl, publicKeyFile: path.join(localDir, 'keys', 'jwt-public.pem') };
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

module.exports = { measure, startBareHttp, platformUnderTest, startBenchPlatform, requireHealthy, freshDatabase, login, signIn, launchChromium, median, table, DURATION, CONNECTIONS, PORT };
