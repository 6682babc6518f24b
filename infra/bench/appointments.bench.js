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
// Bulk rows belong to made-up users (ids ≥ 800000) and bench doctors (user ids ≥ 900000); the bench database
// is meant to be a scratch one (npm run bench creates afya_bench).
const fs = require('node:fs');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const autocannon = require('autocannon');
const { Client } = require('pg');
const { CONNECTIONS, measure, startBareHttp, PORT } = require('./lib');
const { runMain, spawnTracked, stopChild, readyLine } = require('./shutdown');
const { consumerLag } = require('./consumer-lag');

/** The read and its ceiling run alternately this many times; the report takes the median round. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const TARGET_APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS || 100_000);
const PATIENT_APPOINTMENTS = 50;
const BENCH_DOCTORS = 200;
const BENCH_DOCTOR_USER_BASE = 900_000;
const BULK_PATIENT_BASE = 800_000;
const SLOTS = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM', '05:00 PM', '05:30 PM'];

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

/** The clinic's hours as the service enforces them (its build's booking rules): bookings go only where it is open. */
function clinicHoursProblem(date, slot) {
  const built = path.join(__dirname, '../../services/appointment/dist/contracts/booking-rules.js');
  if (!fs.existsSync(built)) throw new Error(`${built} is missing: build the appointment service first (npm run build)`);
  return require(built).clinicHoursProblem(date, slot);
}

const log = (line) => process.stderr.write(`[appointments bench] ${line}\n`);

/** Clinic date (Africa/Nairobi, UTC+3 all year) `days` from today. */
function clinicDate(days) {
  return new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function api(gatewayUrl, method, path, { body, token } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${gatewayUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}

/** A fresh patient through the real API (register, sign in); returns the token and user id. */
async function newPatient(gatewayUrl, firstname) {
  const email = `bench.${firstname.toLowerCase()}.${randomBytes(4).toString('hex')}@example.co.ke`;
  const password = 'Bench#2026';
  const registered = await api(gatewayUrl, 'POST', '/auth/register', {
    body: { firstname, lastname: 'Bench', email, password, contact_phone: '+254700000000', address: 'Bench Street, Nairobi CBD' },
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await api(gatewayUrl, 'POST', '/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return { token: login.body.token, userId: login.body.user.user_id };
}

function schemaName() {
  return process.env.APPOINTMENT_DB_SCHEMA || 'appointment';
}

async function withClient(databaseUrl, fn) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schemaName()}"`);
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Bench doctors (approved, every day) and 100k appointments in the schema; idempotent. */
async function prepareDatabase(databaseUrl, patientUserId) {
  return withClient(databaseUrl, async (client) => {
    await client.query(
      `INSERT INTO doctors (user_id, first_name, last_name, specialization, fee, approval_status, approved_at)
       SELECT $1 + i, 'Bench', 'Doctor ' || i, 'Cardiology', 1000 + (i % 20) * 100, 'approved', now()
         FROM generate_series(1, $2) AS i
       ON CONFLICT (user_id) DO NOTHING`,
      [BENCH_DOCTOR_USER_BASE, BENCH_DOCTORS],
    );
    const { rows: doctors } = await client.query(`SELECT doctor_id FROM doctors WHERE user_id > $1 ORDER BY user_id LIMIT $2`, [
      BENCH_DOCTOR_USER_BASE,
      BENCH_DOCTORS,
    ]);
    const doctorIds = doctors.map((d) => d.doctor_id);
    // The patient's 50: one past visit with each of 50 bench doctors on a day no bench appointment uses yet
    // (2025, before any bulk row), some completed with a diagnosis, some cancelled.
    const { rows: [{ day }] } = await client.query(
      `SELECT (COALESCE(max(appointment_date), date '2024-12-31') + 1)::text AS day FROM appointments
        WHERE appointment_date BETWEEN date '2025-01-01' AND date '2025-12-31'`,
    );
    await client.query(
      `INSERT INTO appointments (user_id, doctor_id, appointment_date, time_slot, starts_at, appointment_type, total_amount,
                                 appointment_status, notes, diagnosis)
       SELECT $1, ($2::int[])[i], $3::date, ($4::text[])[1 + (i % 14)], ($3::date + time '09:00') AT TIME ZONE 'Africa/Nairobi',
              'Consultation', 1500, CASE WHEN i % 3 = 0 THEN 'Cancelled' ELSE 'Completed' END, 'Bench visit number ' || i,
              CASE WHEN i % 3 = 1 THEN 'Seasonal allergic rhinitis' END
         FROM generate_series(1, $5) AS i
       ON CONFLICT DO NOTHING`,
      [patientUserId, doctorIds, day, SLOTS, PATIENT_APPOINTMENTS],
    );
    const { rows: [{ count }] } = await client.query(`SELECT count(*)::int AS count FROM appointments`);
    const missing = TARGET_APPOINTMENTS - count;
    if (missing > 0) {
      log(`inserting ${missing} appointments...`);
      // Distinct (doctor, date, slot) per row: 200 doctors × 14 slots per day, days going back from 2024-12-31.
      // Each booked a week before its day, as a clinic's history is: stamped now(), these 100,000 rows of patients
      // the directory does not know sat at the head of the admin list's order, and a later reporting section's
      // common-name search walked all of them before its first match (24 ms of a ~45 ms search).
      const { rows: [{ next }] } = await client.query(`SELECT COALESCE(max(appointment_id), 0) + 1 AS next FROM appointments`);
      await client.query(
        `INSERT INTO appointments (user_id, doctor_id, appointment_date, time_slot, starts_at, appointment_type, total_amount,
                                   appointment_status, paid, notes, diagnosis, created_at, updated_at)
         SELECT $1 + (n % 20000), ($2::int[])[1 + (n % $3)], day, ($4::text[])[1 + ((n / $3) % 14)],
                (day + time '09:00') AT TIME ZONE 'Africa/Nairobi', 'Regular Checkup', 150,
                'Completed', true, 'Routine check ' || n, 'Healthy', (day - 7) + time '10:00', (day + time '10:00')
           FROM generate_series($5::int, $5::int + $6 - 1) AS n,
                LATERAL (SELECT date '2024-12-31' - (n / ($3 * 14)) AS day) AS d
         ON CONFLICT DO NOTHING`,
        [BULK_PATIENT_BASE, doctorIds, doctorIds.length, SLOTS, next, missing],
      );
    }
    await client.query('ANALYZE appointments');
    const { rows: [{ total, mine }] } = await client.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE user_id = $1)::int AS mine FROM appointments`,
      [patientUserId],
    );
    return { doctorIds, total, mine };
  });
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

/** Roles that are not the platform: the whole machine, and the bench's own process. */
const NOT_PLATFORM = new Set(['machine', 'load generator']);

/**
 * CPU µs per request by process (a row each), one column per measured path, and the platform's sum (every process
 * of the platform: gateway, services, nats-server, the bench database's PostgreSQL backends; the ceiling is one).
 */
function cpuTable(rows) {
  const roles = [...new Set(rows.flatMap((row) => Object.keys(row.cpuPerRequest || {})))];
  if (!roles.length) return '';
  const ordered = [...roles.filter((role) => !NOT_PLATFORM.has(role)).sort(), ...roles.filter((role) => NOT_PLATFORM.has(role))];
  const lines = [`| CPU µs per request | ${rows.map((row) => row.label.split(' (')[0]).join(' | ')} |`, `|---|${rows.map(() => '---:').join('|')}|`];
  for (const role of ordered) lines.push(`| ${role} | ${rows.map((row) => row.cpuPerRequest?.[role] ?? '').join(' | ')} |`);
  const platform = (row) => Object.entries(row.cpuPerRequest || {}).reduce((sum, [role, us]) => (NOT_PLATFORM.has(role) ? sum : sum + us), 0);
  lines.push(`| **platform, summed** | ${rows.map((row) => `**${platform(row)}**`).join(' | ')} |`);
  return lines.join('\n');
}

/**
 * pg_stat_statements of the bench database, when the server has it loaded (shared_preload_libraries; BENCH_POSTGRES
 * can point at a cluster started so): `reset()` before a load, `top(requests)` after it: statements per request and
 * their time. Null when it cannot be read (the extension is not loaded, or not available).
 */
async function statementStats(databaseUrl) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
  } catch (error) {
    log(`pg_stat_statements unavailable (${error.message.split('\n')[0]}): no statement table`);
    await client.end();
    return null;
  }
  return {
    reset: () => client.query('SELECT pg_stat_statements_reset()'),
    async top(requests, limit = 25) {
      const { rows } = await client.query(
        `SELECT calls::int, total_exec_time + total_plan_time AS ms, rows::bigint AS rows, regexp_replace(query, '\\s+', ' ', 'g') AS query
           FROM pg_stat_statements
          WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          ORDER BY calls DESC, ms DESC`,
      );
      const calls = rows.reduce((sum, row) => sum + row.calls, 0);
      const ms = rows.reduce((sum, row) => sum + row.ms, 0);
      const lines = [
        `pg_stat_statements over the bookings and their consumers: ${(calls / requests).toFixed(1)} statements per booking, ${((ms * 1000) / requests).toFixed(0)} µs of statement time per booking (planning + execution).`,
        '',
        '| calls per booking | µs per call | statement |',
        '|---:|---:|---|',
      ];
      for (const row of rows.slice(0, limit)) {
        const query = row.query.length > 140 ? `${row.query.slice(0, 137)}...` : row.query;
        lines.push(`| ${(row.calls / requests).toFixed(2)} | ${((row.ms * 1000) / Math.max(1, row.calls)).toFixed(0)} | \`${query.replace(/\|/g, '\\|')}\` |`);
      }
      return lines.join('\n');
    },
    close: () => client.end(),
  };
}

/** Every bench doctor's slot in the booking window that holds no active appointment yet. */
async function freeSlots(databaseUrl, doctorIds) {
  const days = Array.from({ length: 29 }, (_, i) => clinicDate(i + 2)); // tomorrow+1 .. +30: clear of midnight
  const taken = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT doctor_id, appointment_date::text AS day, time_slot FROM appointments
        WHERE doctor_id = ANY($1::int[]) AND appointment_date BETWEEN $2 AND $3 AND appointment_status <> 'Cancelled'`,
      [doctorIds, days[0], days[days.length - 1]],
    );
    return new Set(rows.map((r) => `${r.doctor_id}|${r.day}|${r.time_slot}`));
  });
  const free = [];
  // Not a Sunday or a Saturday afternoon: the booking rules refuse those (400) and every request must succeed.
  for (const day of days) {
    for (const doctor of doctorIds) for (const slot of SLOTS) if (!taken.has(`${doctor}|${day}|${slot}`) && clinicHoursProblem(day, slot) === null) free.push([doctor, day, slot]);
  }
  return free;
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

function markdownTable(rows, ceiling, bare) {
  const lines = ['| path | req/s | p99 ms | errors | ÷ ceiling (Fastify + pg) | ÷ bare node:http |', '|---|---|---|---|---|---|'];
  for (const row of rows) {
    lines.push(`| ${row.label} | ${row.rps} | ${row.p99} | ${row.errors} | ${(row.rps / ceiling.rps).toFixed(2)} | ${(row.rps / bare.rps).toFixed(3)} |`);
  }
  return lines.join('\n');
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
