#!/usr/bin/env node
'use strict';
// Appointments on the hot path, against a running gateway (GATEWAY_URL, default http://localhost:3000) and its
// database (DATABASE_URL):
//  1. prepares a patient with 50 appointments and the appointment schema with 100k appointments (bulk SQL);
//  2. measures authenticated GET /api/appointments (req/s, p99) at 50 connections;
//  3. measures POST /api/appointments on distinct free slots (each request a new doctor/date/slot);
//  4. in the same run, the ceilings: a plain Fastify + pg.Pool handler (own process) running the same SELECT,
//     and a bare node:http hello; prints a table with the ratios.
// `node infra/bench/appointments.bench.js` or, from the bench runner, runAppointmentBench({...}).
// Its data: appointments-data.js; its tables: appointments-report.js.
const fs = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const { CONNECTIONS, measure, startBareHttp, PORT } = require('./lib');
const { runMain, spawnTracked, stopChild, readyLine } = require('./shutdown');
const { consumerLag } = require('./consumer-lag');
const { api, freeSlots, log, newPatient, prepareDatabase, schemaName } = require('./appointments-data');
const { cpuTable, markdownTable, statementStats } = require('./appointments-report');

/** The read and its ceiling run alternately this many times; the report takes the median round. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));

/**
 * The exact statement the service runs for a patient's list (from its build): the ceiling runs it too, so the
 * comparison is the same SELECT with and without the gateway, JWT, NATS and the audit write.
 */
function patientListSql() {
  const built = path.join(__dirname, '../../services/appointment/dist/src/appointments/appointment.sql.js');
  if (!fs.existsSync(built)) throw new Error(`${built} is missing: build the appointment service first (npm run build)`);
  const { appointmentListJsonSql, APPOINTMENT_ORDER } = require(built);
  return appointmentListJsonSql('WHERE a.user_id = $1', APPOINTMENT_ORDER, '$2');
}

/** The ceiling without the bus: Fastify + pg.Pool in its own process, the same prepared SELECT, its JSON text out. */
async function startCeiling(databaseUrl, userId, port = PORT + 98) {
  const code = `
    const fastify = require('fastify')();
    const { Pool } = require('pg');
    const pool = new Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10, options: '-c search_path=${schemaName()}' });
    const text = ${JSON.stringify(patientListSql())};
    fastify.get('/appointments', async (request, reply) => {
      const { rows } = await pool.query({ name: 'ceiling_list', text, values: [${Number(userId)}, 500] });
      reply.header('content-type', 'application/json; charset=utf-8');
      return rows[0].body;
    });
    fastify.listen({ port: ${port}, host: '127.0.0.1' }).then(() => console.log('ready'));`;
  const child = spawnTracked(`ceiling server (Fastify + pg) on port ${port}`, process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'], cwd: __dirname });
  await readyLine(child);
  return { url: `http://127.0.0.1:${port}/appointments`, stop: () => stopChild(child) };
}


/**
 * The read and the ceiling alternately, ROUNDS times (the machine's speed drifts between runs; alternating
 * exposes both to the same drift). Returns the round with the median ratio, and every round's numbers.
 */
async function measureAgainstCeiling(readLabel, readOptions, settleRead, ceilingLabel, ceilingOptions, durationSeconds) {
  await autocannon({ connections: CONNECTIONS, duration: 2, ...readOptions });
  await settleRead?.();
  await autocannon({ connections: CONNECTIONS, duration: 2, ...ceilingOptions });
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    // The read's audit events are applied by a consumer: counted with the read, and done before the ceiling's round.
    const read = await measure(readLabel, readOptions, { durationSeconds, warmUp: false, settle: settleRead });
    const ceiling = await measure(ceilingLabel, ceilingOptions, { durationSeconds, warmUp: false });
    rounds.push({ read, ceiling, ratio: read.rps / ceiling.rps });
    log(`round ${i + 1}: read ${read.rps} req/s p99 ${read.p99} ms, ceiling ${ceiling.rps} req/s p99 ${ceiling.p99} ms, ratio ${(read.rps / ceiling.rps).toFixed(2)}`);
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  return { ...median, rounds };
}

/**
 * POST /api/appointments with a new free (doctor, date, slot) every request: every booking should succeed. With the
 * platform's consumers (`lag`), the count runs until every consumer the bookings' events woke has caught up, and
 * the highest lag of each is reported.
 */
async function measureBookings(gatewayUrl, databaseUrl, token, doctorIds, durationSeconds, lag) {
  const free = await freeSlots(databaseUrl, doctorIds);
  let n = 0;
  const body = () => {
    const [doctor, date, slot] = free[n++ % free.length];
    return JSON.stringify({ doctor_id: doctor, appointment_date: date, time_slot: slot, appointment_type: 'Consultation', notes: 'Benchmark booking, please ignore.' });
  };
  const options = {
    url: `${gatewayUrl}/api/appointments`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
  };
  // No warm-up here: every request takes a slot for good.
  if (lag) await lag.drained();
  const sampler = lag?.sample();
  const settle = lag ? async () => ({ highestLag: await sampler.stop(), catchUpMs: await lag.drained() }) : undefined;
  const result = await measure('POST /api/appointments (a distinct free slot each)', options, { durationSeconds, warmUp: false, settle });
  return { ...result, freeSlots: free.length };
}

/**
 * @param {{gatewayUrl?: string, databaseUrl?: string, durationSeconds?: number, bare?: {rps: number, p99: number}, platform?: {bus: string, natsUrl?: string, natsUsersFile?: string|null}}} options (with `platform`, its consumers are waited for and their lag reported)
 * @returns the measured rows, the ratios and a markdown section
 */
async function runAppointmentBench(options = {}) {
  const lag = options.platform?.bus ? await consumerLag(options.platform) : null;
  try {
    return await appointmentBench(options, lag);
  } finally {
    await lag?.close();
  }
}

async function appointmentBench(options, lag) {
  const gatewayUrl = (options.gatewayUrl || process.env.GATEWAY_URL || 'http://localhost:3000').replace(/\/$/, '');
  const databaseUrl = options.databaseUrl || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/afya';
  const durationSeconds = Number(options.durationSeconds || process.env.BENCH_DURATION || 10);

  log('preparing data...');
  const reader = await newPatient(gatewayUrl, 'Reader');
  const booker = await newPatient(gatewayUrl, 'Booker');
  const prepared = await prepareDatabase(databaseUrl, reader.userId);
  log(`${prepared.total} appointments in ${schemaName()}, ${prepared.mine} for the reading patient`);
  const check = await api(gatewayUrl, 'GET', '/appointments', { token: reader.token });
  // The bare array, or { appointments } from a build that still answers with an envelope.
  const rows = Array.isArray(check.body) ? check.body : check.body?.appointments;
  if (check.status !== 200 || rows?.length !== prepared.mine) {
    throw new Error(`GET /api/appointments answered ${check.status} with ${rows?.length} appointments, expected ${prepared.mine}`);
  }

  const ceilingServer = await startCeiling(databaseUrl, reader.userId);
  let bareServer = null;
  try {
    if (!options.bare) bareServer = await startBareHttp(PORT + 97);
    const { read, ceiling, rounds } = await measureAgainstCeiling(
      'GET /api/appointments (JWT → NATS → appointment → PostgreSQL, 50 rows, audited)',
      { url: `${gatewayUrl}/api/appointments`, headers: { authorization: `Bearer ${reader.token}` } },
      lag ? async () => ({ catchUpMs: await lag.drained() }) : undefined,
      'ceiling: Fastify + pg.Pool, same prepared SELECT (one process, no bus, no audit)',
      { url: ceilingServer.url },
      durationSeconds,
    );
    const bare = options.bare ? { ...options.bare, label: options.bare.label || 'bare node:http hello' } : await measure('bare node:http hello', { url: bareServer.url }, { durationSeconds });
    const statements = await statementStats(databaseUrl);
    const book = await measureBookings(gatewayUrl, databaseUrl, booker.token, prepared.doctorIds, durationSeconds, lag);
    const statementTable = statements ? await statements.top(book.requests) : '';
    await statements?.close();
    const rows = [read, book, ceiling, bare];
    const ratios = {
      readVsCeiling: read.rps / ceiling.rps,
      readVsBare: read.rps / bare.rps,
      bookVsCeiling: book.rps / ceiling.rps,
      bookVsBare: book.rps / bare.rps,
    };
    const markdown = [
      `## Appointments (${CONNECTIONS} connections, ${durationSeconds} s each; ${prepared.total} appointments in the schema, ${prepared.mine} for the reading patient)`,
      '',
      markdownTable(rows, ceiling, bare),
      '',
      `GET /api/appointments: ${(ratios.readVsCeiling * 100).toFixed(0)}% of the ceiling (floor ≥ 55%), p99 ${read.p99} ms (the ceiling's own p99: ${ceiling.p99} ms). ` +
        `Median of ${rounds.length} alternating rounds; each round's ratio: ${rounds.map((round) => round.ratio.toFixed(2)).join(', ')}. ` +
        `Bookings: ${book.requests} in ${durationSeconds} s, ${book.non2xx} not 2xx.`,
      '',
      cpuTable([read, ceiling, book]),
      '',
      lag
        ? `Counted until every consumer of the events stream had caught up: after the bookings ${book.catchUpMs} ms, after the read's median round ${read.catchUpMs} ms. ` +
          `Highest lag (events pending) per consumer while booking: ${Object.entries(book.highestLag).sort().map(([name, n]) => `${name} ${n}`).join(', ')}.`
        : 'Consumers not counted after the load (no NATS access to their state): CPU per request leaves out the work the events cause later.',
      '',
      statementTable,
    ].join('\n');
    return { read, book, ceiling, bare, ratios, rounds, prepared: { total: prepared.total, patientAppointments: prepared.mine }, markdown };
  } finally {
    await ceilingServer.stop();
    if (bareServer) await bareServer.stop();
  }
}

module.exports = { runAppointmentBench, newPatient, prepareDatabase, measureBookings, statementStats, cpuTable };

if (require.main === module) {
  runMain(async () => {
    // Against a running platform: its consumers are waited for when AFYA_BUS names its namespace (NATS_URL, and
    // AFYA_NATS_USERS_FILE when its NATS has bus users, as for reporting.bench.js).
    const platform = process.env.AFYA_BUS ? { bus: process.env.AFYA_BUS, natsUrl: process.env.NATS_URL, natsUsersFile: process.env.AFYA_NATS_USERS_FILE || null } : undefined;
    const result = await runAppointmentBench({ platform });
    process.stdout.write(`\n${result.markdown}\n`);
  }, 'appointments.bench.js');
}
