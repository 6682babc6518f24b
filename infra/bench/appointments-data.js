'use strict';
// The appointments bench's data (appointments.bench.js): patients registered through the API, bench doctors and
// 100k appointments written in bulk to the appointment schema, and the free slots the bookings take.
// Bulk rows belong to made-up users (ids ≥ 800000) and bench doctors (user ids ≥ 900000); the bench database
// is meant to be a scratch one (npm run bench creates afya_bench).
const fs = require('node:fs');
const path = require('node:path');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');

const TARGET_APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS || 100_000);
const PATIENT_APPOINTMENTS = 50;
const BENCH_DOCTORS = 200;
const BENCH_DOCTOR_USER_BASE = 900_000;
const BULK_PATIENT_BASE = 800_000;
const SLOTS = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM', '05:00 PM', '05:30 PM'];

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

module.exports = { log, api, newPatient, schemaName, prepareDatabase, freeSlots };
