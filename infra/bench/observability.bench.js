#!/usr/bin/env node
'use strict';
// What logging, metrics and tracing cost on the hot read (issue 14 section 5): GET /api/appointments (a patient
// with 50 appointments, 100k in the table) on four platforms of this checkout started side by side, each with one
// setting changed, measured alternately in the same run (the machine's drift and other load hit all alike):
//   quiet       LOG_LEVEL=warn, METRICS=off, tracing off: the reference
//   metrics     METRICS on (the default), LOG_LEVEL=warn, tracing off: must stay within 5% of quiet
//   logs        LOG_LEVEL=info (the default: a JSON access line per request at the gateway and a 'handled' line
//               at the service), METRICS=off, tracing off
//   all on      LOG_LEVEL=info, METRICS on, tracing on (every span exported over OTLP/HTTP to a local sink)
// plus a bare node:http hello as the usual baseline. Prints each round's ratios to quiet, the medians, and a table.
// `node infra/bench/observability.bench.js` (npm run build first), or from run.js (BENCH_OBSERVABILITY=1).
// OBS_BENCH_PORT (default 3350): the platforms listen on it, +2, +4, +6 (their nats-servers on +1, +3, +5, +7, when the
// local runner starts its own); the trace sink on +8, bare node:http on +9.
// Each platform has its own database (afya_obs, afya_obs_<n>) and bus namespace (obs, obs<n>).
const fs = require('node:fs');
const path = require('node:path');
const { measure, startBareHttp, startBenchPlatform, freshDatabase, median } = require('./lib');
const { runMain, spawnTracked, stopChild, readyLine } = require('./shutdown');

const BASE_PORT = Number(process.env.OBS_BENCH_PORT || 3350);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const SINK_PORT = BASE_PORT + 8;
const SINK_URL = `http://127.0.0.1:${SINK_PORT}`;
const IDLE_SECONDS = 20;

const VARIANTS = [
  { key: 'quiet', label: 'logs warn, metrics off, tracing off', env: { LOG_LEVEL: 'warn', METRICS: 'off' } },
  { key: 'metrics', label: 'metrics on (logs warn, tracing off)', env: { LOG_LEVEL: 'warn', METRICS: 'on' } },
  { key: 'logs', label: 'logs info (metrics off, tracing off)', env: { LOG_LEVEL: 'info', METRICS: 'off' } },
  { key: 'all', label: 'logs info, metrics on, tracing on (OTLP/HTTP)', env: { LOG_LEVEL: 'info', METRICS: 'on', OTEL_EXPORTER_OTLP_ENDPOINT: SINK_URL } },
  // Not run by default (OBS_BENCH_VARIANTS=quiet,metrics,metrics-app): the request metrics without Node's defaults.
  { key: 'metrics-app', label: "metrics on without Node's default metrics (logs warn, tracing off)", env: { LOG_LEVEL: 'warn', METRICS: 'on', METRICS_DEFAULTS: 'off' }, optional: true },
].filter((variant) => (process.env.OBS_BENCH_VARIANTS ? process.env.OBS_BENCH_VARIANTS.split(',').includes(variant.key) : !variant.optional));

const log = (line) => process.stderr.write(`[observability bench] ${line}\n`);

const ROOT = path.resolve(__dirname, '../..');
const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * CPU milliseconds spent so far by this checkout's gateway and services of one platform (recognised by the bus
 * namespace in their environment), from /proc. Throughput on a shared 2-core machine moves with everyone else's
 * load; the CPU each request costs our own processes hardly does, so the cost of an option is read from both.
 */
function platformCpuMs(bus) {
  const total = { gateway: 0, services: 0 };
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes(`${ROOT}/`) || !cmd.includes('dist/src/main.js')) continue;
      if (!fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`AFYA_BUS=${bus}`)) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      const ms = (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
      total[cmd.includes(`${ROOT}/gateway/`) ? 'gateway' : 'services'] += ms;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** An OTLP/HTTP receiver that accepts and drops spans (own process), counting the requests it got. */
async function startTraceSink(port = SINK_PORT) {
  const script = `let n=0;require('node:http').createServer((q,s)=>{q.resume();q.on('end',()=>{n++;s.writeHead(200,{'content-type':'application/json'});s.end('{}')})}).listen(${port},()=>console.log('ready'));process.on('SIGTERM',()=>{console.error('trace exports received: '+n);process.exit(0)})`;
  const child = spawnTracked(`trace sink on port ${port}`, process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await readyLine(child);
  return { stop: () => stopChild(child) };
}

/** One platform of this checkout with the variant's environment, its own database, bus namespace and port. */
async function startVariant(variant, index) {
  const database = index === 0 ? 'afya_obs' : `afya_obs_${index}`;
  const databaseUrl = await freshDatabase(database);
  const port = BASE_PORT + index * 2;
  const platform = await startBenchPlatform({
    port,
    quiet: true,
    localDir: path.join(__dirname, `../../.local/obs-${variant.key}`),
    // Each platform's own nats-server (with the bus users) on the odd port after its HTTP port.
    env: { ...process.env, ...variant.env, DATABASE_URL: databaseUrl, AFYA_BUS: index === 0 ? 'obs' : `obs${index}`, AFYA_NATS_PORT: String(port + 1) },
  });
  const bench = require('./appointments.bench');
  const reader = await bench.newPatient(platform.url, 'Reader');
  await bench.prepareDatabase(databaseUrl, reader.userId);
  log(`${variant.key} up on ${platform.url} (${database})`);
  const target = { url: `${platform.url}/api/appointments`, headers: { authorization: `Bearer ${reader.token}` } };
  const bus = index === 0 ? 'obs' : `obs${index}`;
  return {
    variant,
    platform,
    idleCpu: { gateway: 0, services: 0 },
    cpuNow: () => platformCpuMs(bus),
    async measure() {
      await measure(variant.label, target, { durationSeconds: 2, warmUp: false }); // warm-up, not counted
      const before = platformCpuMs(bus);
      const started = Date.now();
      const result = await measure(variant.label, target, { warmUp: false });
      const after = platformCpuMs(bus);
      const seconds = (Date.now() - started) / 1000;
      // What the requests cost: the CPU of the run less what the platform spends idle in as long (timers, polls).
      const per = (key) => Math.round(((after[key] - before[key] - this.idleCpu[key] * seconds) * 1000) / Math.max(1, result.requests));
      return { ...result, gatewayCpuUs: per('gateway'), servicesCpuUs: per('services') };
    },
  };
}

async function runObservabilityBench() {
  const sink = await startTraceSink();
  const started = [];
  const rounds = [];
  let baseline;
  let bare = null;
  try {
    bare = await startBareHttp(BASE_PORT + 9);
    // One at a time: start-ups (migrations, seeding 100k rows) would otherwise fight for the 2 cores.
    for (const [index, variant] of VARIANTS.entries()) started.push(await startVariant(variant, index));
    // Background CPU of each platform with no requests (ms per second): all idle together for IDLE_SECONDS.
    const idleBefore = started.map((p) => p.cpuNow());
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    started.forEach((p, i) => {
      const now = p.cpuNow();
      p.idleCpu = { gateway: (now.gateway - idleBefore[i].gateway) / IDLE_SECONDS, services: (now.services - idleBefore[i].services) / IDLE_SECONDS };
      log(`${p.variant.key} idle: gateway ${p.idleCpu.gateway.toFixed(1)} ms/s, services ${p.idleCpu.services.toFixed(1)} ms/s`);
    });
    baseline = await measure('bare node:http hello', { url: bare.url });
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate who goes first, so no variant always follows the same neighbour's load.
      const order = started.map((_, i) => started[(i + round) % started.length]);
      const results = {};
      for (const platform of order) results[platform.variant.key] = await platform.measure();
      rounds.push(results);
      log(`round ${round + 1}: ${VARIANTS.map((v) => `${v.key} ${results[v.key].rps} req/s`).join(', ')}`);
    }
  } finally {
    for (const { platform } of started) await platform.stop().catch(() => undefined);
    if (bare) await bare.stop();
    await sink.stop();
  }
  const lines = [
    `## Observability on the hot read (GET /api/appointments, 50 rows, audited; medians of ${ROUNDS} alternating rounds)`,
    '',
    '| platform setting | req/s | p99 ms | errors | req/s ÷ quiet (rounds) | ÷ bare node:http | CPU µs/request gateway + services | CPU ÷ quiet | idle CPU ms/s gateway + services |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const summary = {};
  const idle = Object.fromEntries(started.map((p) => [p.variant.key, p.idleCpu]));
  const cpuOf = (r) => r.gatewayCpuUs + r.servicesCpuUs;
  const quietCpu = median(rounds.map((r) => cpuOf(r.quiet)));
  for (const variant of VARIANTS) {
    const ratios = rounds.map((r) => r[variant.key].rps / r.quiet.rps);
    const rps = median(rounds.map((r) => r[variant.key].rps));
    const gatewayCpu = median(rounds.map((r) => r[variant.key].gatewayCpuUs));
    const servicesCpu = median(rounds.map((r) => r[variant.key].servicesCpuUs));
    const cpu = median(rounds.map((r) => cpuOf(r[variant.key])));
    summary[variant.key] = { rps, ratio: median(ratios), cpu, cpuRatio: cpu / quietCpu };
    lines.push(
      `| ${variant.label} | ${rps} | ${median(rounds.map((r) => r[variant.key].p99))} | ${rounds.reduce((n, r) => n + r[variant.key].errors, 0)} | ` +
        `${median(ratios).toFixed(3)} (${ratios.map((x) => x.toFixed(2)).join(', ')}) | ${(rps / baseline.rps).toFixed(4)} | ` +
        `${gatewayCpu} + ${servicesCpu} = ${cpu} | ${(cpu / quietCpu).toFixed(3)} | ` +
        `${idle[variant.key].gateway.toFixed(1)} + ${idle[variant.key].services.toFixed(1)} |`,
    );
  }
  lines.push(`| bare node:http hello | ${baseline.rps} | ${baseline.p99} | ${baseline.errors} | | 1.0000 | | | |`);
  if (!summary.metrics) return { markdown: lines.join('\n'), summary };
  const throughputCost = 1 - summary.metrics.ratio;
  const cpuCost = summary.metrics.cpuRatio - 1;
  const signed = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
  lines.push(
    '',
    `Metrics on, tracing off, against quiet: throughput ${signed(summary.metrics.ratio - 1)}, CPU per request ` +
      `${signed(cpuCost)} (target: within 5%): ${throughputCost <= 0.05 && cpuCost <= 0.05 ? 'met' : 'NOT met'} in this run.`,
  );
  return { markdown: lines.join('\n'), summary };
}

module.exports = { runObservabilityBench };

if (require.main === module) {
  runMain(async () => {
    const { markdown } = await runObservabilityBench();
    process.stdout.write(`${markdown}\n`);
  }, 'observability.bench.js');
}
