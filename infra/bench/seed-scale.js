#!/usr/bin/env node
'use strict';
// Fills a platform's database to issue 12's scale: 1,000,000 appointments, 100,000 patients, 500 doctors,
// 600,000 payments and 300,000 prescriptions (SEED_SCALE multiplies every count: 0.05 = 50,000 appointments).
//
// How: bulk SQL (generate_series) into the owning services' schemas as their migrations define them:
// auth.users, appointment.user_directory, appointment.doctors (approved) and appointment.appointments get rows.
// Payments and prescriptions exist only where reporting reads them (the payment and prescription tables are
// other services' and reporting reads only their events). Reporting's read models are then filled one of two ways:
//  - SEED_REPORTING=sql (the default): bulk SQL into reporting's read models (rm_users, rm_doctors, rm_appointments,
//    rm_payments, rm_prescriptions, rm_daily, rm_counts) and auth's user_appointment_counts, derived from the seeded rows exactly as
//    services/reporting/src/rules/read-model.rules.ts derives them from the events (same ids, amounts, times and
//    Africa/Nairobi days). No outbox rows: the consumer applies ~100-1,000 events/s, so 2,000,000 events through
//    the relays would take hours on the 2-core machine. The event path is measured separately, as a replay
//    (reporting-replay.js publishes the same rows as events of the real types and times the rebuild).
//  - SEED_REPORTING=events: in the same transactions, the outbox rows the write paths record (user.registered,
//    doctor.approved, appointment.created, payment.completed|refunded|disputed, prescription.created) with the
//    historical times as occurredAt; the running relays publish them and reporting builds its read models exactly
//    as in production (nothing is written into reporting's schema). Practical up to SEED_SCALE≈0.05.
// Appointments are spread over the last 300 days and the next ~57 at any scale (no slot taken twice: row n takes
// position floor(n × stride) among doctor × slot × day), each booked 1-20 days before it and never later than a
// time spread over the last 30 days (upcoming ones were booked recently, not all at the seeding's instant). Bench users' emails end in @bench.afya.test (password
// Bench#2026). Seeded payments and prescriptions take ids from 100,000,001 (SEEDED_ID_BASE), clear of the services'
// own sequences. Finally VACUUM ANALYZE of the seeded tables (what autovacuum would do after such a load).
//
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/afya_bench SEED_SCALE=0.05 node infra/bench/seed-scale.js
// (the platform must have run its migrations on that database: start it first; run once per database).
// At SEED_SCALE=1 with SEED_REPORTING=sql: ~15 min on the shared 2-core machine (see README.md).
const { Client } = require('pg');

const SCALE = Number(process.env.SEED_SCALE || 1);
const COUNTS = {
  patients: Math.round(100_000 * SCALE),
  doctors: Math.max(20, Math.round(500 * Math.min(1, SCALE * 4))),
  appointments: Math.round(1_000_000 * SCALE),
  payments: Math.round(600_000 * SCALE),
  prescriptions: Math.round(300_000 * SCALE),
};
const BATCH = 50_000;
/** sql: reporting's read models by bulk SQL; events: outbox rows the relays publish (see the header). */
const MODE = process.env.SEED_REPORTING || 'sql';
if (!['sql', 'events'].includes(MODE)) throw new Error(`SEED_REPORTING must be sql or events, not ${MODE}`);
const EVENTS = MODE === 'events';
const SEEDED_ID_BASE = 100_000_000;
const schema = (name) => process.env[`${name.toUpperCase()}_DB_SCHEMA`] || name;
const SLOTS = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM', '05:00 PM', '05:30 PM'];
const SLOT_HOURS = [9, 9.5, 10, 10.5, 11, 11.5, 14, 14.5, 15, 15.5, 16, 16.5, 17, 17.5];
const TYPES = [['Regular Checkup', 150], ['Follow-up', 100], ['Consultation', 200], ['Emergency', 300], ['Vaccination', 80], ['Lab Work', 120]];
const SPECIALIZATIONS = ['Cardiology', 'Dermatology', 'Endocrinology', 'Gastroenterology', 'Neurology', 'Oncology', 'Orthopedics', 'Pediatrics', 'Psychiatry', 'Radiology', 'Surgery', 'Urology'];
const FIRST = ['Achieng', 'Wanjiku', 'Kamau', 'Otieno', 'Njeri', 'Mutua', 'Amina', 'Baraka', 'Chebet', 'Kiprono', 'Wairimu', 'Odhiambo', 'Nduta', 'Hassan', 'Mwangi', 'Atieno'];
const LAST = ['Odhiambo', 'Kamau', 'Mwangi', 'Otieno', 'Njoroge', 'Wanjiru', 'Kiptoo', 'Mutiso', 'Hassan', 'Abdi', 'Chege', 'Ouma', 'Kariuki', 'Wambui', 'Koech', 'Omondi'];
// Bench#2026 hashed once with argon2id (the auth service's parameters), so seeded accounts can sign in.
const PASSWORD_HASH = process.env.SEED_PASSWORD_HASH || null;

/** Event ids are md5(run · kind · key) as uuids: unique per row, and a second seeding run never reuses one. */
const RUN = `'${require('node:crypto').randomBytes(6).toString('hex')}'`;

const log = (line) => process.stderr.write(`[seed] ${line}\n`);
const arr = (values) => `ARRAY[${values.map((v) => (typeof v === 'number' ? v : `'${String(v).replace(/'/g, "''")}'`)).join(',')}]`;

async function passwordHash() {
  if (PASSWORD_HASH) return PASSWORD_HASH;
  const { hash } = require('@node-rs/argon2');
  return hash('Bench#2026', { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

async function inBatches(client, label, total, run) {
  const started = Date.now();
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await client.query('BEGIN');
    await run(from, to);
    await client.query('COMMIT');
    log(`${label}: ${to.toLocaleString('en')} / ${total.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}

async function main() {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const [auth, appt, pay, presc, rep] = ['auth', 'appointment', 'payment', 'prescription', 'reporting'].map(schema);
  const t0 = Date.now();
  log(`scale ${SCALE}, reporting by ${MODE}: ${JSON.stringify(COUNTS)}`);
  // A bulk load: no need to wait for each batch's WAL flush (a crash would only lose the seed, run again).
  await client.query(`SET synchronous_commit = off`);
  const { rows: [{ existing }] } = await client.query(`SELECT count(*)::int AS existing FROM "${auth}".users WHERE email LIKE '%@bench.afya.test'`);
  if (existing > 0) throw new Error(`this database is already seeded (${existing} bench users): use a fresh one`);
  const hash = await passwordHash();
  const { rows: [{ base }] } = await client.query(`SELECT COALESCE(max(user_id), 0) + 1 AS base FROM "${auth}".users`);
  const userBase = Number(base);
  const first = arr(FIRST);
  const last = arr(LAST);

  // ---- users: doctors first (user ids userBase .. userBase+doctors-1), then patients ----
  const totalUsers = COUNTS.doctors + COUNTS.patients;
  await inBatches(client, 'users', totalUsers, async (from, to) => {
    await client.query(
      `INSERT INTO "${auth}".users (user_id, firstname, lastname, email, password_hash, role, status, contact_phone, address, created_at, updated_at)
       SELECT $1::int + i - 1, (${first})[1 + i % 16], (${last})[1 + (i / 16) % 16],
              CASE WHEN i <= $4::int THEN 'seed.dr' ELSE 'seed.p' END || i || '@bench.afya.test', $5::text,
              CASE WHEN i <= $4::int THEN 'doctor' ELSE 'user' END, 'active', '07' || lpad((i % 100000000)::text, 8, '0'), 'Moi Avenue, Nairobi',
              now() - make_interval(days => 400 - (i::bigint * 397 / $6::int)::int, secs => ((i::bigint * 7919) % 86400)::float8),
              now() - make_interval(days => 400 - (i::bigint * 397 / $6::int)::int, secs => ((i::bigint * 7919) % 86400)::float8)
         FROM generate_series($2::int, $3::int) AS i`,
      [userBase, from, to, COUNTS.doctors, hash, totalUsers],
    );
    if (EVENTS) await client.query(
      `INSERT INTO "${auth}".outbox (id, type, payload, created_at)
       SELECT e.id, 'auth.user.registered.v1', json_build_object('id', e.id, 'type', 'auth.user.registered.v1',
                'occurredAt', to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'data', json_build_object('user_id', u.user_id, 'firstname', u.firstname, 'lastname', u.lastname, 'email', u.email,
                                          'role', u.role, 'status', u.status, 'contact_phone', u.contact_phone)), u.created_at
         FROM "${auth}".users u CROSS JOIN LATERAL (SELECT md5(${RUN} || 'user' || u.user_id)::uuid AS id) e
        WHERE u.user_id BETWEEN $1::int + $2::int - 1 AND $1::int + $3::int - 1`,
      [userBase, from, to],
    );
    // The appointment service's name directory (its consumer would fill it from the same events; written here
    // so the appointments below can reference it at once).
    await client.query(
      `INSERT INTO "${appt}".user_directory (user_id, firstname, lastname, email, role, status, contact_phone)
       SELECT user_id, firstname, lastname, email, role, status, contact_phone FROM "${auth}".users
        WHERE user_id BETWEEN $1::int + $2::int - 1 AND $1::int + $3::int - 1 ON CONFLICT (user_id) DO NOTHING`,
      [userBase, from, to],
    );
  });

  // ---- doctors (approved profiles) ----
  await client.query('BEGIN');
  const { rows: doctorRows } = await client.query(
    `INSERT INTO "${appt}".doctors (user_id, first_name, last_name, specialization, fee, contact_phone, available_days, approval_status, approved_at, active)
     SELECT u.user_id, u.firstname, u.lastname, (${arr(SPECIALIZATIONS)})[1 + (u.user_id % 12)], 1000 + (u.user_id % 20) * 250, u.contact_phone,
            ARRAY['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday'], 'approved', u.created_at, true
       FROM "${auth}".users u WHERE u.user_id BETWEEN $1::int AND $1::int + $2::int - 1
     ON CONFLICT (user_id) DO UPDATE SET approval_status = 'approved', approved_at = EXCLUDED.approved_at
     RETURNING doctor_id, user_id, first_name, last_name, specialization, fee::float8 AS fee`,
    [userBase, COUNTS.doctors],
  );
  if (EVENTS) await client.query(
    `INSERT INTO "${appt}".outbox (id, type, payload, created_at)
     SELECT e.id, 'appointment.doctor.approved.v1', json_build_object('id', e.id, 'type', 'appointment.doctor.approved.v1', 'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'data', json_build_object('doctor_id', d.doctor_id, 'user_id', d.user_id, 'first_name', d.first_name, 'last_name', d.last_name,
                                        'specialization', d.specialization, 'fee', d.fee, 'approval_status', 'approved', 'available_days', d.available_days)), now()
       FROM "${appt}".doctors d CROSS JOIN LATERAL (SELECT md5(${RUN} || 'doctor' || d.doctor_id)::uuid AS id) e WHERE d.user_id BETWEEN $1::int AND $1::int + $2::int - 1`,
    [userBase, COUNTS.doctors],
  );
  await client.query('COMMIT');
  const doctorIds = doctorRows.map((d) => d.doctor_id).sort((a, b) => a - b);
  log(`doctors: ${doctorIds.length} approved`);

  // ---- appointments: row n → position floor(n * 2.5) → (doctor, slot, day): never the same slot twice ----
  const { rows: [{ abase }] } = await client.query(`SELECT COALESCE(max(appointment_id), 0) + 1 AS abase FROM "${appt}".appointments`);
  const D = doctorIds.length;
  // Row n takes position floor(n × stride) among doctor × slot × day: stride ≥ 1 keeps positions distinct, and
  // it spreads any number of rows over ~357 days (300 back, ~57 ahead).
  const stride = Math.max(1, Math.floor(((D * 14 * 357) / COUNTS.appointments) * 1000) / 1000);
  await inBatches(client, 'appointments', COUNTS.appointments, async (from, to) => {
    await client.query(
      `WITH p AS (
         SELECT n, floor(n * ${stride})::bigint AS pos FROM generate_series($2::int, $3::int) AS n WHERE $1::int > 0
       ), s AS (
         SELECT n, ($4::int[])[1 + pos % $5::int] AS doctor_id, (pos / $5::int) % 14 AS slot,
                (now() AT TIME ZONE 'Africa/Nairobi')::date - 300 + (pos / ($5::int * 14))::int AS day,
                $6::int + ((n::bigint * 7919) % $7::int)::int AS user_id, n % 6 AS t
           FROM p
       ), r AS (
         SELECT s.*, ((s.day::timestamp + make_interval(mins => (($8::float8[])[1 + s.slot] * 60)::int)) AT TIME ZONE 'Africa/Nairobi') AS starts_at,
                CASE WHEN s.day < (now() AT TIME ZONE 'Africa/Nairobi')::date
                     THEN (ARRAY['Completed','Completed','Completed','Completed','Completed','Cancelled','Confirmed','Pending'])[1 + s.n % 8]
                     ELSE (ARRAY['Pending','Confirmed','Confirmed','Cancelled'])[1 + s.n % 4] END AS status
           FROM s
       )
       INSERT INTO "${appt}".appointments (appointment_id, user_id, doctor_id, appointment_date, time_slot, starts_at, appointment_type, total_amount,
                                           appointment_status, paid, notes, patient_full_name, created_at, updated_at)
       SELECT $9::int + r.n - 1, r.user_id, r.doctor_id, r.day, ($10::text[])[1 + r.slot], r.starts_at, ($11::text[])[1 + r.t], ($12::int[])[1 + r.t],
              r.status, r.status = 'Completed' OR (r.n % 3 = 0 AND r.status = 'Confirmed'), 'Seeded for the reporting bench',
              u.firstname || ' ' || u.lastname,
              LEAST(now() - make_interval(secs => ((r.n::bigint * 7919) % 2592000)::float8), r.starts_at - make_interval(days => 1 + (r.n % 20))),
              LEAST(now() - make_interval(secs => ((r.n::bigint * 7919) % 2592000)::float8), r.starts_at - make_interval(days => 1 + (r.n % 20)))
         FROM r JOIN "${appt}".user_directory u ON u.user_id = r.user_id`,
      [userBase, from, to, doctorIds, D, userBase + D, COUNTS.patients, SLOT_HOURS, Number(abase), SLOTS, TYPES.map((t) => t[0]), TYPES.map((t) => t[1])],
    );
    if (EVENTS) await client.query(
      `INSERT INTO "${appt}".outbox (id, type, payload, created_at)
       SELECT e.id, 'appointment.created.v1', json_build_object('id', e.id, 'type', 'appointment.created.v1',
                'occurredAt', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'data', json_build_object('appointment_id', a.appointment_id, 'user_id', a.user_id, 'doctor_id', a.doctor_id, 'doctor_user_id', d.user_id,
                          'appointment_date', a.appointment_date::text, 'time_slot', a.time_slot, 'appointment_type', a.appointment_type,
                          'total_amount', a.total_amount::float8, 'appointment_status', a.appointment_status, 'paid', a.paid)), a.created_at
         FROM "${appt}".appointments a JOIN "${appt}".doctors d ON d.doctor_id = a.doctor_id
              CROSS JOIN LATERAL (SELECT md5(${RUN} || 'appointment' || a.appointment_id)::uuid AS id) e
        WHERE a.appointment_id BETWEEN $1::int + $2::int - 1 AND $1::int + $3::int - 1`,
      [Number(abase), from, to],
    );
  });

  if (!EVENTS) await seedReadModels(client, { auth, appt, rep, userBase, abase: Number(abase) });
  // ---- payments (events): the first `payments` paid-or-confirmed appointments; 2% refunded, 0.5% disputed ----
  if (EVENTS) await inBatches(client, 'payment events', COUNTS.payments, async (from, to) => {
    await client.query(
      `WITH a AS (
         SELECT row_number() OVER (ORDER BY appointment_id) AS k, * FROM "${appt}".appointments
          WHERE appointment_id >= $1::int AND appointment_status IN ('Completed', 'Confirmed') ORDER BY appointment_id LIMIT $3::int
       ), p AS (
         SELECT a.*, LEAST(now(), a.created_at + interval '2 hours') AS paid_at, CASE WHEN a.k % 2 = 0 THEN 'mpesa' ELSE 'card' END AS method
           FROM a WHERE a.k BETWEEN $2::int AND $3::int
       ), ev AS (
         SELECT 'payment.completed.v1' AS type, p.paid_at AS at, NULL::text AS reason, p.* FROM p
         UNION ALL SELECT 'payment.refunded.v1', p.paid_at + interval '1 day', 'Cancelled by the clinic', p.* FROM p WHERE p.k % 50 = 0
         UNION ALL SELECT 'payment.disputed.v1', p.paid_at + interval '2 days', 'Chargeback', p.* FROM p WHERE p.k % 200 = 7
       )
       INSERT INTO "${pay}".outbox (id, type, payload, created_at)
       SELECT e.id, ev.type, json_build_object('id', e.id, 'type', ev.type, 'occurredAt', to_char(LEAST(now(), ev.at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'data', json_build_object('payment_id', ${SEEDED_ID_BASE} + ev.k, 'appointment_id', ev.appointment_id, 'patient_id', ev.user_id, 'doctor_id', ev.doctor_id,
                          'amount', ev.total_amount::float8, 'method', ev.method,
                          'status', CASE ev.type WHEN 'payment.refunded.v1' THEN 'refunded' ELSE 'completed' END,
                          'provider_reference', CASE WHEN ev.method = 'mpesa' THEN 'SQ' || ev.k ELSE 'cs_test_' || ev.k END,
                          'occurred_at', to_char(LEAST(now(), ev.at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                          'refund_amount', CASE WHEN ev.type = 'payment.refunded.v1' THEN ev.total_amount::float8 END, 'reason', ev.reason)),
              LEAST(now(), ev.at) + (CASE ev.type WHEN 'payment.completed.v1' THEN 0 WHEN 'payment.refunded.v1' THEN 1 ELSE 2 END) * interval '1 ms'
         FROM ev CROSS JOIN LATERAL (SELECT md5(${RUN} || ev.type || ev.k)::uuid AS id) e`,
      [Number(abase), from, to],
    );
  });

  // ---- prescriptions (events): completed appointments, one each ----
  if (EVENTS) await inBatches(client, 'prescription events', COUNTS.prescriptions, async (from, to) => {
    await client.query(
      `WITH a AS (
         SELECT row_number() OVER (ORDER BY appointment_id) AS k, * FROM "${appt}".appointments
          WHERE appointment_id >= $1::int AND appointment_status = 'Completed' ORDER BY appointment_id LIMIT $3::int
       )
       INSERT INTO "${presc}".outbox (id, type, payload, created_at)
       SELECT e.id, 'prescription.created.v1', json_build_object('id', e.id, 'type', 'prescription.created.v1',
                'occurredAt', to_char(LEAST(now(), a.starts_at + interval '30 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'data', json_build_object('prescription_id', ${SEEDED_ID_BASE} + a.k, 'appointment_id', a.appointment_id, 'patient_id', a.user_id,
                          'patient_name', a.patient_full_name, 'doctor_id', a.doctor_id, 'doctor_name', 'Dr. ' || d.first_name || ' ' || d.last_name,
                          'medicines', json_build_array(json_build_object('name', 'Amoxicillin', 'dosage', '500mg', 'frequency', 'three times daily', 'instructions', 'After meals')),
                          'created_at', to_char(LEAST(now(), a.starts_at + interval '30 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                          'updated_at', to_char(LEAST(now(), a.starts_at + interval '30 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
              LEAST(now(), a.starts_at + interval '30 minutes')
         FROM a JOIN "${appt}".doctors d ON d.doctor_id = a.doctor_id CROSS JOIN LATERAL (SELECT md5(${RUN} || 'prescription' || a.k)::uuid AS id) e
        WHERE a.k BETWEEN $2::int AND $3::int`,
      [Number(abase), from, to],
    );
  });
  await client.query(`SELECT setval(pg_get_serial_sequence('"${auth}".users', 'user_id'), (SELECT max(user_id) FROM "${auth}".users))`);
  await client.query(`SELECT setval(pg_get_serial_sequence('"${appt}".appointments', 'appointment_id'), (SELECT max(appointment_id) FROM "${appt}".appointments))`);
  // Wake the relays (they also poll).
  if (EVENTS) for (const schema of [auth, appt, pay, presc]) await client.query(`SELECT pg_notify($1, '')`, [`afya_outbox_${schema}`.slice(0, 63)]);
  // What autovacuum would do after such a load: statistics for the planner, and the visibility map that lets
  // count(*) and the admin lists use index-only scans.
  const tables = [`"${auth}".users`, `"${appt}".user_directory`, `"${appt}".doctors`, `"${appt}".appointments`];
  if (!EVENTS) tables.push(`"${auth}".user_appointment_counts`, ...['rm_users', 'rm_doctors', 'rm_appointments', 'rm_payments', 'rm_prescriptions', 'rm_daily', 'rm_counts'].map((t) => `"${rep}".${t}`));
  const vacuumed = Date.now();
  for (const table of tables) await client.query(`VACUUM (ANALYZE) ${table}`);
  log(`vacuum analyze: ${((Date.now() - vacuumed) / 1000).toFixed(1)} s`);
  log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s${EVENTS ? '; the relays now publish the events (reporting builds its read models from them)' : ''}`);
  await client.end();
}

/**
 * Reporting's read models from the seeded rows, as services/reporting/src/rules/read-model.rules.ts would build them from
 * the events SEED_REPORTING=events records (the same derivation: ids, amounts, times, Africa/Nairobi days).
 * Rows already there (the demo data, applied from real events) are kept; the roll-ups are added to.
 */
async function seedReadModels(client, { auth, appt, rep, userBase, abase }) {
  const tz = 'Africa/Nairobi';
  const step = async (label, sql, params) => {
    const started = Date.now();
    await client.query('BEGIN');
    const result = await client.query(sql, params);
    await client.query('COMMIT');
    log(`read model ${label}: ${result.rowCount.toLocaleString('en')} rows (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  await step('rm_users', `
    INSERT INTO "${rep}".rm_users (user_id, firstname, lastname, email, role, status, contact_phone, deleted, registered_at, updated_at)
    SELECT user_id, firstname, lastname, email, role, status, contact_phone, false, created_at, created_at FROM "${auth}".users WHERE user_id >= $1`, [userBase]);
  await step('rm_doctors', `
    INSERT INTO "${rep}".rm_doctors (doctor_id, user_id, first_name, last_name, specialization, approval_status)
    SELECT doctor_id, user_id, first_name, last_name, specialization, approval_status FROM "${appt}".doctors WHERE user_id >= $1`, [userBase]);
  await step('rm_appointments', `
    INSERT INTO "${rep}".rm_appointments (appointment_id, user_id, doctor_id, doctor_user_id, appointment_date, time_slot, appointment_type,
                                          total_amount, status, paid, booked_at, updated_at)
    SELECT a.appointment_id, a.user_id, a.doctor_id, d.user_id, a.appointment_date, a.time_slot, a.appointment_type, a.total_amount,
           a.appointment_status, a.paid, a.created_at, a.created_at
      FROM "${appt}".appointments a JOIN "${appt}".doctors d ON d.doctor_id = a.doctor_id WHERE a.appointment_id >= $1`, [abase]);
  // Payments: the first `payments` completed-or-confirmed appointments; every 50th refunded a day later (whole
  // amount), every 200th (k ≡ 7) disputed two days later. occurred_at stays the completion time, as applyPayment keeps it.
  await step('rm_payments', `
    WITH a AS (
      SELECT row_number() OVER (ORDER BY appointment_id) AS k, * FROM "${appt}".appointments
       WHERE appointment_id >= $1::int AND appointment_status IN ('Completed', 'Confirmed') ORDER BY appointment_id LIMIT $2::int
    ), p AS (
      SELECT a.*, LEAST(now(), a.created_at + interval '2 hours') AS paid_at, CASE WHEN a.k % 2 = 0 THEN 'mpesa' ELSE 'card' END AS method FROM a
    )
    INSERT INTO "${rep}".rm_payments (payment_id, appointment_id, patient_id, doctor_id, amount, refunded_amount, method, status, provider_reference,
                                      disputed, dispute_reason, occurred_at, updated_at)
    SELECT ${SEEDED_ID_BASE} + p.k, p.appointment_id, p.user_id, p.doctor_id, p.total_amount, CASE WHEN p.k % 50 = 0 THEN p.total_amount ELSE 0 END,
           p.method, CASE WHEN p.k % 50 = 0 THEN 'refunded' ELSE 'completed' END,
           CASE WHEN p.method = 'mpesa' THEN 'SQ' || p.k ELSE 'cs_test_' || p.k END, p.k % 200 = 7, CASE WHEN p.k % 200 = 7 THEN 'Chargeback' END,
           p.paid_at, LEAST(now(), p.paid_at + CASE WHEN p.k % 50 = 0 THEN interval '1 day' WHEN p.k % 200 = 7 THEN interval '2 days' ELSE interval '0' END)
      FROM p`, [abase, COUNTS.payments]);
  await step('rm_prescriptions', `
    WITH a AS (
      SELECT row_number() OVER (ORDER BY appointment_id) AS k, * FROM "${appt}".appointments
       WHERE appointment_id >= $1::int AND appointment_status = 'Completed' ORDER BY appointment_id LIMIT $2::int
    )
    INSERT INTO "${rep}".rm_prescriptions (prescription_id, appointment_id, patient_id, patient_name, doctor_id, doctor_name, medicines, created_at, updated_at)
    SELECT ${SEEDED_ID_BASE} + a.k, a.appointment_id, a.user_id, a.patient_full_name, a.doctor_id, 'Dr. ' || d.first_name || ' ' || d.last_name,
           '[{"name":"Amoxicillin","dosage":"500mg","frequency":"three times daily","instructions":"After meals"}]'::jsonb,
           LEAST(now(), a.starts_at + interval '30 minutes'), LEAST(now(), a.starts_at + interval '30 minutes')
      FROM a JOIN "${appt}".doctors d ON d.doctor_id = a.doctor_id`, [abase, COUNTS.prescriptions]);
  // Daily roll-up: bookings on the booking's day, new users and doctors on the registration's, revenue on the
  // completion's day and refunds (negative) on the refund's day: the days applyAppointment/applyUser/applyPayment bump.
  const day = (column) => `(${column} AT TIME ZONE '${tz}')::date`;
  await step('rm_daily', `
    INSERT INTO "${rep}".rm_daily (day, bookings, revenue, new_users, new_doctors)
    SELECT day, sum(bookings), sum(revenue), sum(new_users), sum(new_doctors) FROM (
      SELECT ${day('booked_at')} AS day, 1 AS bookings, 0::numeric AS revenue, 0 AS new_users, 0 AS new_doctors FROM "${rep}".rm_appointments WHERE appointment_id >= $1
      UNION ALL SELECT ${day('registered_at')}, 0, 0, 1, (role = 'doctor')::int FROM "${rep}".rm_users WHERE user_id >= $2
      UNION ALL SELECT ${day('occurred_at')}, 0, amount, 0, 0 FROM "${rep}".rm_payments WHERE payment_id > ${SEEDED_ID_BASE}
      UNION ALL SELECT ${day('updated_at')}, 0, -refunded_amount, 0, 0 FROM "${rep}".rm_payments WHERE payment_id > ${SEEDED_ID_BASE} AND status = 'refunded'
    ) t GROUP BY day
    ON CONFLICT (day) DO UPDATE SET bookings = rm_daily.bookings + EXCLUDED.bookings, revenue = rm_daily.revenue + EXCLUDED.revenue,
      new_users = rm_daily.new_users + EXCLUDED.new_users, new_doctors = rm_daily.new_doctors + EXCLUDED.new_doctors`, [abase, userBase]);
  // The auth service's own read model of the same appointment.created events (the users page's appointment count).
  await step('auth user_appointment_counts', `
    INSERT INTO "${auth}".user_appointment_counts (user_id, appointments_count)
    SELECT user_id, count(*) FROM "${appt}".appointments WHERE appointment_id >= $1 GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET appointments_count = user_appointment_counts.appointments_count + EXCLUDED.appointments_count`, [abase]);
  await step('rm_counts', `
    INSERT INTO "${rep}".rm_counts (key, n)
    SELECT 'appointments:' || status, count(*) FROM "${rep}".rm_appointments WHERE appointment_id >= $1 GROUP BY status
    UNION ALL SELECT 'users:' || role || ':' || status, count(*) FROM "${rep}".rm_users WHERE user_id >= $2 AND NOT deleted GROUP BY role, status
    ON CONFLICT (key) DO UPDATE SET n = rm_counts.n + EXCLUDED.n`, [abase, userBase]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
