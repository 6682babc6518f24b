#!/usr/bin/env node
'use strict';
// Issue 12's replay figure: how fast the reporting service rebuilds its read models from the event stream, in
// events per second, at the seeded scale (1,000,000 appointments ≈ 2,000,000 events).
//
// Seeding by SQL (seed-scale.js, SEED_REPORTING=sql) writes no events, and the stream keeps only 7 days, so the
// events are made here: every row of the seeded read models (reporting's schema in DATABASE_URL) becomes the event
// of the real type that produced it (user.registered, doctor.approved, appointment.created,
// payment.completed|refunded|disputed, prescription.created), with the payload shape the producers publish and the
// historical time as occurredAt, in time order (as the relays would have published them). They go to a private
// namespace of their own, `<AFYA_BUS>replay` (stream <NS>REPLAY_EVENTS), so the platform under test never sees
// them; the stream is kept between runs (REPLAY_REPUBLISH=1 makes it again). NATS_URL is a server without bus users
// (the machine's shared nats://127.0.0.1:4222 by default): the bus users' permissions name one namespace, and the
// platform's own permissioned server has only its own.
//
// Then a fresh reporting process (services/reporting/dist, on that namespace, its read models in the schema
// `reporting_replay`, emptied first) replays the stream from its first message through the real EventConsumer
// and handlers. Measured: events applied per second (processed_events rows over time, after the first one lands),
// for at most REPLAY_SECONDS (default 600), sampled every 5 s; and from the transactions' own start times
// (processed_at: first to last batch, `perSecondByCommits`), which stays exact when a replay takes only seconds.
// If the replay finishes, the rebuilt read models are compared with the seeded ones (row counts, the daily roll-up
// and the status counts must be equal).
//
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/afya_scale AFYA_BUS=scale node infra/bench/reporting-replay.js
// (build first: npx nx run @afya/reporting-service:build). REPLAY_KEEP=0 deletes the streams and schema afterwards.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { runMain, spawnTracked, stopChild } = require('./shutdown');
const { connect, JSONCodec } = require('nats');
const { Client } = require('pg');
const QueryStream = require('pg-query-stream');

const BUS = `${process.env.AFYA_BUS || 'scale'}replay`;
const STREAM = `${BUS.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_EVENTS`;
const SCHEMA = process.env.REPLAY_SCHEMA || 'reporting_replay';
const SOURCE = process.env.REPORTING_DB_SCHEMA || 'reporting';
const MAX_SECONDS = Number(process.env.REPLAY_SECONDS || 600);
const DURABLE = 'reporting-read-models';
const IN_FLIGHT = 2000;
/** REPLAY_EVENTS=N: only the first N events (in time order) are published and replayed (a shorter run). */
const LIMIT = Number(process.env.REPLAY_EVENTS || 0);
const log = (line) => process.stderr.write(`[replay] ${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const iso = (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Every seeded read-model row as the event that produced it: (at, rank) orders them as they happened. */
const EVENTS_SQL = `
  SELECT type, payload FROM (
    SELECT registered_at AS at, 0 AS rank, 'auth.user.registered.v1' AS type,
           json_build_object('user_id', user_id, 'firstname', firstname, 'lastname', lastname, 'email', email, 'role', role,
                             'status', status, 'contact_phone', contact_phone) AS data, 'u' || user_id AS key
      FROM "${SOURCE}".rm_users
    UNION ALL
    SELECT u.registered_at, 1, 'appointment.doctor.approved.v1',
           json_build_object('doctor_id', d.doctor_id, 'user_id', d.user_id, 'first_name', d.first_name, 'last_name', d.last_name,
                             'specialization', d.specialization, 'approval_status', d.approval_status), 'd' || d.doctor_id
      FROM "${SOURCE}".rm_doctors d JOIN "${SOURCE}".rm_users u ON u.user_id = d.user_id
    UNION ALL
    SELECT booked_at, 2, 'appointment.created.v1',
           json_build_object('appointment_id', appointment_id, 'user_id', user_id, 'doctor_id', doctor_id, 'doctor_user_id', doctor_user_id,
                             'appointment_date', appointment_date::text, 'time_slot', time_slot, 'appointment_type', appointment_type,
                             'total_amount', total_amount::float8, 'appointment_status', status, 'paid', paid), 'a' || appointment_id
      FROM "${SOURCE}".rm_appointments
    UNION ALL
    SELECT occurred_at, 3, 'payment.completed.v1',
           json_build_object('payment_id', payment_id, 'appointment_id', appointment_id, 'patient_id', patient_id, 'doctor_id', doctor_id,
                             'amount', amount::float8, 'method', method, 'status', 'completed', 'provider_reference', provider_reference,
                             'occurred_at', ${iso('occurred_at')}), 'pc' || payment_id
      FROM "${SOURCE}".rm_payments WHERE status IN ('completed', 'refunded')
    UNION ALL
    SELECT updated_at, 4, 'payment.refunded.v1',
           json_build_object('payment_id', payment_id, 'appointment_id', appointment_id, 'patient_id', patient_id, 'doctor_id', doctor_id,
                             'amount', amount::float8, 'method', method, 'status', 'refunded', 'provider_reference', provider_reference,
                             'occurred_at', ${iso('updated_at')}, 'refund_amount', refunded_amount::float8, 'reason', 'Cancelled by the clinic'), 'pr' || payment_id
      FROM "${SOURCE}".rm_payments WHERE status = 'refunded'
    UNION ALL
    SELECT updated_at, 5, 'payment.disputed.v1',
           json_build_object('payment_id', payment_id, 'appointment_id', appointment_id, 'patient_id', patient_id, 'doctor_id', doctor_id,
                             'amount', amount::float8, 'method', method, 'status', status, 'provider_reference', provider_reference,
                             'occurred_at', ${iso('updated_at')}, 'reason', dispute_reason), 'pd' || payment_id
      FROM "${SOURCE}".rm_payments WHERE disputed
    UNION ALL
    SELECT created_at, 6, 'prescription.created.v1',
           json_build_object('prescription_id', prescription_id, 'appointment_id', appointment_id, 'patient_id', patient_id,
                             'patient_name', patient_name, 'doctor_id', doctor_id, 'doctor_name', doctor_name, 'medicines', medicines,
                             'created_at', ${iso('created_at')}, 'updated_at', ${iso('updated_at')}), 'rx' || prescription_id
      FROM "${SOURCE}".rm_prescriptions
  ) e
  CROSS JOIN LATERAL (SELECT json_build_object('id', md5('replay' || e.key)::uuid, 'type', e.type, 'occurredAt', ${iso('e.at')}, 'data', e.data) AS payload) p
  ORDER BY e.at, e.rank`;

async function expectedEvents(db) {
  const { rows: [r] } = await db.query(`
    SELECT (SELECT count(*) FROM "${SOURCE}".rm_users) + (SELECT count(*) FROM "${SOURCE}".rm_doctors) + (SELECT count(*) FROM "${SOURCE}".rm_appointments)
         + (SELECT count(*) FILTER (WHERE status IN ('completed', 'refunded')) + count(*) FILTER (WHERE status = 'refunded') + count(*) FILTER (WHERE disputed) FROM "${SOURCE}".rm_payments)
         + (SELECT count(*) FROM "${SOURCE}".rm_prescriptions) AS n`);
  return Number(r.n);
}

/** The replay namespace's streams as the platform makes them (events-cli streams apply), filled with the seeded rows' events. */
async function publish(nc, jsm, db, expected) {
  const existing = await jsm.streams.info(STREAM).catch(() => null);
  if (existing && existing.state.messages >= expected && process.env.REPLAY_REPUBLISH !== '1') {
    log(`stream ${STREAM} already holds ${existing.state.messages.toLocaleString('en')} events (the first ${expected.toLocaleString('en')} are replayed)`);
    return null;
  }
  if (existing) await jsm.streams.delete(STREAM);
  const cli = path.join(__dirname, '../../services/shared/dist/events/events-cli.js');
  const applied = spawnSync(process.execPath, [cli, 'streams', 'apply'], { env: { ...process.env, AFYA_BUS: BUS }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 });
  if (applied.status !== 0) throw new Error(`events-cli streams apply ${applied.error ? `failed: ${applied.error.message}` : `exited ${applied.status}`}`);
  const js = nc.jetstream();
  const codec = JSONCodec();
  const started = Date.now();
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`SET work_mem = '256MB'`);
  const rows = client.query(new QueryStream(EVENTS_SQL, [], { batchSize: 5000 }));
  const inFlight = new Set();
  let sent = 0;
  for await (const row of rows) {
    if (sent >= expected) break;
    const ack = js.publish(`${BUS}.events.${row.type}`, codec.encode(row.payload));
    inFlight.add(ack);
    ack.finally(() => inFlight.delete(ack)).catch(() => undefined);
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
    sent += 1;
    if (sent % 250_000 === 0) log(`published ${sent.toLocaleString('en')} / ${expected.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await Promise.all(inFlight);
  await client.end();
  const seconds = (Date.now() - started) / 1000;
  log(`published ${sent.toLocaleString('en')} events in ${seconds.toFixed(0)} s (${Math.round(sent / seconds)}/s)`);
  return { sent, seconds };
}

async function applied(db) {
  const { rows: [r] } = await db.query(`SELECT count(*)::int AS n FROM "${SCHEMA}".processed_events WHERE consumer = $1`, [DURABLE]).catch(() => ({ rows: [{ n: 0 }] }));
  return r.n;
}

/** Row counts, the daily roll-up and the status counts of the seeded and the rebuilt read models. */
async function compare(db) {
  const differences = [];
  for (const table of ['rm_users', 'rm_doctors', 'rm_appointments', 'rm_payments', 'rm_prescriptions']) {
    const { rows: [r] } = await db.query(`SELECT (SELECT count(*) FROM "${SOURCE}".${table})::int AS a, (SELECT count(*) FROM "${SCHEMA}".${table})::int AS b`);
    if (r.a !== r.b) differences.push(`${table}: ${r.a} seeded, ${r.b} rebuilt`);
  }
  for (const [table, key, columns] of [['rm_daily', 'day', 'bookings, revenue, new_users, new_doctors'], ['rm_counts', 'key', 'n']]) {
    const { rows } = await db.query(`
      (SELECT ${key}, ${columns} FROM "${SOURCE}".${table} EXCEPT SELECT ${key}, ${columns} FROM "${SCHEMA}".${table})
      UNION ALL (SELECT ${key}, ${columns} FROM "${SCHEMA}".${table} EXCEPT SELECT ${key}, ${columns} FROM "${SOURCE}".${table})`);
    if (rows.length) differences.push(`${table}: ${rows.length} rows differ, e.g. ${JSON.stringify(rows[0])}`);
  }
  return differences;
}

async function main() {
  const nc = await connect({ servers: process.env.NATS_URL || 'nats://127.0.0.1:4222' });
  const jsm = await nc.jetstreamManager();
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const all = await expectedEvents(db);
  const expected = LIMIT ? Math.min(LIMIT, all) : all;
  const published = await publish(nc, jsm, db, expected);

  // A clean rebuild: no read models, no processed ids, no durable consumer (the new process makes one, DeliverPolicy.All).
  await db.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await jsm.consumers.delete(STREAM, DURABLE).catch(() => undefined);
  const root = path.join(__dirname, '../..');
  const env = { ...process.env, AFYA_BUS: BUS, REPORTING_DB_SCHEMA: SCHEMA, LOG_LEVEL: 'warn' };
  const started = Date.now();
  const child = spawnTracked('the replaying reporting service', 'nice', ['-n', '5', process.execPath, path.join(root, 'services/reporting/dist/src/main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  let result;
  try {
    let first = null;
    let last = { t: Date.now(), n: 0 };
    for (;;) {
      await sleep(5000);
      const n = await applied(db);
      const now = Date.now();
      if (n > 0 && !first) first = { t: last.t, n: 0 };
      if (first) log(`${n.toLocaleString('en')} / ${expected.toLocaleString('en')} applied, ${Math.round((n - last.n) / ((now - last.t) / 1000))} events/s now`);
      last = { t: now, n };
      if (n >= expected || (now - started) / 1000 > MAX_SECONDS || child.exitCode !== null) break;
    }
    const seconds = first ? (last.t - first.t) / 1000 : 0;
    const perSecond = seconds ? Math.round(last.n / seconds) : 0;
    const complete = last.n >= expected;
    result = {
      events: expected,
      applied: last.n,
      seconds: seconds.toFixed(0),
      startupSeconds: first ? ((first.t - started) / 1000).toFixed(0) : null,
      perSecond,
      complete,
      projectedMinutes: perSecond ? Math.round(expected / perSecond / 60) : null,
      published,
    };
  } finally {
    await stopChild(child);
  }
  const { rows: [commits] } = await db.query(
    `SELECT count(DISTINCT processed_at)::int AS transactions, extract(epoch FROM max(processed_at) - min(processed_at))::float8 AS seconds
       FROM "${SCHEMA}".processed_events WHERE consumer = $1`, [DURABLE]).catch(() => ({ rows: [{ transactions: 0, seconds: 0 }] }));
  result.transactions = commits.transactions;
  result.perSecondByCommits = commits.seconds > 0 ? Math.round(result.applied / commits.seconds) : null;
  log(`${commits.transactions.toLocaleString('en')} transactions over ${Number(commits.seconds).toFixed(1)} s from the first to the last: ${result.perSecondByCommits} events/s`);
  result.wholeStream = expected === all;
  if (result.complete && result.wholeStream) {
    const differences = await compare(db);
    result.sameFigures = differences.length === 0;
    log(differences.length ? `rebuilt read models differ: ${differences.join('; ')}` : 'rebuilt read models equal the seeded ones');
  }
  log(`replay: ${result.applied.toLocaleString('en')} of ${expected.toLocaleString('en')} events in ${result.seconds} s = ${result.perSecond} events/s` +
    (result.complete ? '' : ` (stopped after ${MAX_SECONDS} s; the whole stream would take ~${result.projectedMinutes} min)`));
  if (process.env.REPLAY_KEEP === '0') {
    await db.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
    await jsm.streams.delete(STREAM).catch(() => undefined);
    await jsm.streams.delete(`${STREAM}_DLQ`).catch(() => undefined); // streams apply made it beside the events
  }
  const out = path.join(__dirname, 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'reporting-replay.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result));
  await db.end();
  await nc.close();
}

if (require.main === module) runMain(main, 'reporting-replay.js');
