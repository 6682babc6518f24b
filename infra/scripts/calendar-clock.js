#!/usr/bin/env node
'use strict';
// `npm run test:calendar [-- jest paths…]`: the integration suites that book, run with the whole platform's clock set
// to the moments where "N days from now" goes wrong (issue 33): a Saturday at 13:50 (ten minutes before the clinic
// closes), a Sunday (closed) and a 31 December evening (the year turns inside the booking window). Each moment is the
// next one after today, so the clock stays close to the real one.
//
// How: libfaketime (Debian's `faketime` package, installed on demand as root) shifts the clock of jest and every
// process it starts by a fixed offset, and a private PostgreSQL started under the same offset gives `now()` in SQL the
// same time. nats-server (Go: it reads the clock without libc) keeps the real time, which only stamps messages.
// Without paths it runs every gateway integration file that books an appointment. Exit code 0 only when all pass.
const { spawn, spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const PG_BIN = fs.existsSync('/usr/lib/postgresql') ? path.join('/usr/lib/postgresql', fs.readdirSync('/usr/lib/postgresql').sort().at(-1), 'bin') : null;
const LIB = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1'].find((f) => fs.existsSync(f));

function fail(message) {
  console.error(message);
  process.exit(2);
}

/** Nairobi is UTC+3 all year: a wall-clock time there as an instant. */
const nairobi = (date, time) => new Date(`${date}T${time}:00+03:00`);
const nairobiToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const addDays = (date, days) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
function next(weekday, time) {
  for (let days = 1; ; days++) {
    const date = addDays(nairobiToday(), days);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === weekday) return { date, at: nairobi(date, time) };
  }
}
const yearEnd = nairobi(`${nairobiToday().slice(0, 4)}-12-31`, '20:30');
const MOMENTS = [
  { name: 'a Saturday at 13:50', at: next(6, '13:50').at },
  { name: 'a Sunday at 10:00', at: next(0, '10:00').at },
  { name: '31 December at 20:30', at: yearEnd.getTime() > Date.now() ? yearEnd : nairobi(`${Number(nairobiToday().slice(0, 4)) + 1}-12-31`, '20:30') },
];

function bookingSuites() {
  const out = execFileSync('git', ['grep', '-l', '-E', "bookAs\\(|'POST', '/appointments'", '--', 'gateway/test/**/*.int.spec.ts'], { cwd: root, encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** A private PostgreSQL cluster whose clock is shifted by `offset` seconds; stopped by the returned function. */
async function startShiftedPostgres(offsetEnv) {
  if (!PG_BIN) fail('PostgreSQL server binaries (/usr/lib/postgresql/*/bin) are needed for the shifted database');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-calendar-pg-'));
  fs.chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args, options = {}) => (asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], options) : spawnSync(cmd, args, options));
  const init = run(path.join(PG_BIN, 'initdb'), ['-D', path.join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '--no-sync'], { encoding: 'utf8' });
  if (init.status !== 0) fail(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const args = ['-D', path.join(dir, 'data'), '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=300'];
  const env = { ...process.env, ...offsetEnv };
  const server = asRoot ? spawn('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, 'postgres'), ...args], { env, stdio: 'ignore' }) : spawn(path.join(PG_BIN, 'postgres'), args, { env, stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (spawnSync(path.join(PG_BIN, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop: () => {
      server.kill('SIGINT');
      spawnSync('sleep', ['1']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Chromium (the PDFs) does not start under libfaketime (its zygote cannot fork): it runs through a wrapper that drops
 * the preload, so it keeps the real clock, which only stamps the PDF's metadata.
 */
function chromiumWithRealClock() {
  const wrapper = path.join(os.tmpdir(), 'afya-chromium-real-clock.sh');
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  fs.writeFileSync(wrapper, `#!/bin/sh\nunset LD_PRELOAD FAKETIME\nexec ${chromium} "$@"\n`, { mode: 0o755 });
  return wrapper;
}

async function main() {
  if (!LIB) {
    if (process.getuid?.() === 0) spawnSync('bash', ['-c', 'apt-get install -y -qq faketime >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq faketime >/dev/null)'], { stdio: 'inherit' });
    if (!['/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1'].some((f) => fs.existsSync(f))) fail('libfaketime is needed: apt-get install -y faketime');
    return spawnSync(process.execPath, process.argv.slice(1), { stdio: 'inherit' }).status;
  }
  const suites = process.argv.slice(2).length ? process.argv.slice(2) : bookingSuites();
  // What a suite spawns must be built first, as npm test does: sender-crash.int.spec.ts kills the built support service.
  const build = spawnSync(path.join(root, 'node_modules', '.bin', 'nx'), ['run', '@afya/support-service:build', '--output-style=stream'], { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
  if (build.status !== 0) fail('the support service did not build (npx nx run @afya/support-service:build)');
  const results = [];
  for (const moment of MOMENTS) {
    const offset = Math.round((moment.at.getTime() - Date.now()) / 1000);
    // A relative offset (seconds) keeps every process on one clock, whenever it starts; the monotonic clock stays
    // real so timers and timeouts behave.
    const offsetEnv = { LD_PRELOAD: LIB, FAKETIME: `${offset >= 0 ? '+' : ''}${offset}`, FAKETIME_DONT_FAKE_MONOTONIC: '1', FAKETIME_DONT_RESET: '1' };
    console.log(`\n=== ${moment.name}: the clock reads ${moment.at.toISOString()} (offset ${offset} s), ${suites.length} files`);
    const pg = await startShiftedPostgres(offsetEnv);
    const started = Date.now();
    const jest = spawnSync(path.join(root, 'node_modules', '.bin', 'jest'), ['--ci', '--forceExit', '--maxWorkers=2', ...suites], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...offsetEnv, DATABASE_URL: pg.url, NX_DAEMON: 'false', CHROMIUM_PATH: chromiumWithRealClock() },
    });
    pg.stop();
    results.push({ moment: moment.name, status: jest.status, seconds: Math.round((Date.now() - started) / 1000) });
  }
  console.log('\n=== calendar clock');
  for (const r of results) console.log(`${r.status === 0 ? 'passed' : 'FAILED'}  ${r.moment}  (${r.seconds} s)`);
  return results.every((r) => r.status === 0) ? 0 : 1;
}

main().then((code) => process.exit(code ?? 1), (error) => fail(error.stack));
