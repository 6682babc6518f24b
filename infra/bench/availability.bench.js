#!/usr/bin/env node
'use strict';
// Issue 37's speed item: GET /api/appointments/availability for 30 days of one doctor answers in ≤ 20 ms p99. The
// demo doctor (dr.wanjiku) is given a calendar that exercises every rule of a day's plan first: weekly hours with two
// sessions a weekday, a leave of three days, custom hours for one date (an override), as their own calls set them
// (nothing is seeded behind the platform's back). Then one patient asks for each of the next 30 dates in turn, round
// after round, one request at a time (a booking screen's pace, not a load test): the figure is each request's
// latency, p50 and p99 over all rounds. Run inside `npm run bench` (run.js, section `availability`), or alone against
// a running platform with the demo data:
//   BENCH_URL=http://localhost:3210 node infra/bench/availability.bench.js
const TARGET_P99_MS = 20;
const DAYS = 30;

const log = (line) => process.stderr.write(`[availability bench] ${line}\n`);

async function call(base, method, path, token, body) {
  const response = await fetch(`${base}/api/${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Clinic (Nairobi) date `days` ahead. */
const clinicDate = (days) => new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The doctor's calendar as they would set it; a 409 (visits in the way) is confirmed, as the doctor would. */
async function setUpCalendar(base) {
  const doctor = await call(base, 'POST', 'auth/login', undefined, { email: 'dr.wanjiku@afya.test', password: 'Doctor#2026' });
  if (doctor.status !== 200) throw new Error(`doctor login: ${doctor.status}`);
  const token = doctor.body.token;
  const profile = await call(base, 'GET', `doctor/profile-by-user/${doctor.body.user.user_id}`, token);
  const doctorId = profile.body?.doctor_id;
  if (!doctorId) throw new Error(`doctor profile: ${profile.status}`);
  const week = [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, start: '08:00', end: '12:00' },
    { weekday, start: '14:00', end: '17:00' },
  ]);
  const hours = await call(base, 'PUT', `doctors/${doctorId}/hours`, token, { sessions: week, slot_minutes: 20, confirm: true });
  if (hours.status !== 200) throw new Error(`hours: ${hours.status} ${JSON.stringify(hours.body)}`);
  const leave = await call(base, 'POST', `doctors/${doctorId}/leave`, token, { from: clinicDate(10), to: clinicDate(12), reason: 'Benchmark', confirm: true });
  if (leave.status !== 201) throw new Error(`leave: ${leave.status} ${JSON.stringify(leave.body)}`);
  let overrideDate = clinicDate(5);
  if (new Date(`${overrideDate}T12:00:00Z`).getUTCDay() === 0) overrideDate = clinicDate(6);
  const override = await call(base, 'PUT', `doctors/${doctorId}/overrides/${overrideDate}`, token, { sessions: [{ start: '09:00', end: '11:00' }], confirm: true });
  if (override.status !== 200) throw new Error(`override: ${override.status} ${JSON.stringify(override.body)}`);
  return { doctorId, cleanUp: () => call(base, 'DELETE', `doctors/${doctorId}/leave/${leave.body.leave.leave_id}`, token) };
}

async function runAvailabilityBench({ gatewayUrl, rounds = Number(process.env.BENCH_AVAILABILITY_ROUNDS || 20) }) {
  const base = gatewayUrl.replace(/\/$/, '');
  const patient = await call(base, 'POST', 'auth/login', undefined, { email: 'patient@afya.test', password: 'Patient#2026' });
  if (patient.status !== 200) throw new Error(`patient login: ${patient.status}`);
  const { doctorId, cleanUp } = await setUpCalendar(base);
  const dates = Array.from({ length: DAYS }, (_, i) => clinicDate(i + 1));
  const ask = (date) => call(base, 'GET', `appointments/availability?doctor_id=${doctorId}&date=${date}`, patient.body.token);
  try {
    for (const date of dates) await ask(date); // warm-up: one round unmeasured
    const times = [];
    let errors = 0;
    for (let round = 0; round < rounds; round++) {
      for (const date of dates) {
        const started = process.hrtime.bigint();
        const answer = await ask(date);
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (answer.status !== 200) errors++;
      }
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    log(`${times.length} requests: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${errors} errors`);
    const verdict = p99 <= TARGET_P99_MS && errors === 0 ? 'meets' : 'MISSES';
    const markdown = [
      `## Availability of one doctor for ${DAYS} days (issue 37: ≤ ${TARGET_P99_MS} ms p99)`,
      '',
      `Weekly hours (two sessions a weekday, 20-minute slots), a 3-day leave and one date's own hours; one request at a time, ${rounds} rounds of the ${DAYS} dates.`,
      '',
      '| requests | p50 (ms) | p99 (ms) | errors | target |',
      '|---:|---:|---:|---:|---|',
      `| ${times.length} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${errors} | ${verdict} ≤ ${TARGET_P99_MS} ms |`,
    ].join('\n');
    return { markdown, p50, p99, errors };
  } finally {
    await cleanUp();
  }
}

module.exports = { runAvailabilityBench };

if (require.main === module) {
  runAvailabilityBench({ gatewayUrl: process.env.BENCH_URL || 'http://localhost:3210' })
    .then(({ markdown }) => process.stdout.write(`${markdown}\n`))
    .catch((error) => {
      process.stderr.write(`${error.stack || error}\n`);
      process.exit(1);
    });
}
