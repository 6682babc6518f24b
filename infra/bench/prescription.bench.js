#!/usr/bin/env node
'use strict';
// Issue 10's figure: latency of GET /api/prescriptions/{id}/pdf (gateway → NATS → prescription service → the shared
// warm Chromium → bytes back over NATS), first call (may launch Chromium) and warm (target ≤ 0.5 s), plus the
// throughput with a few concurrent downloads (renders are bounded at 2 per process).
// Run inside `npm run bench` (run.js), or alone against a running platform with the demo data:
//   BENCH_URL=http://localhost:3220 node infra/bench/prescription.bench.js
const { call, listIn, measurePdfLatency } = require('./pdf-latency');

const log = (line) => process.stderr.write(`[prescription bench] ${line}\n`);


/** A prescription the demo doctor can download: an existing one, else one written for a writable appointment. */
async function somePrescription(base) {
  const login = await call(base, 'POST', 'auth/login', undefined, { email: 'dr.wanjiku@afya.test', password: 'Doctor#2026' });
  const token = login.body.token;
  const issued = await call(base, 'GET', 'prescriptions/doctor', token);
  const [first] = listIn(issued.body, 'prescriptions');
  if (first) return { token, id: first.prescription_id };
  const writable = await call(base, 'GET', 'prescriptions/writable-appointments', token);
  const [appointment] = listIn(writable.body, 'appointments');
  if (!appointment) throw new Error('the demo doctor has no appointment to write a prescription for');
  const created = await call(base, 'POST', 'prescriptions', token, {
    appointment_id: appointment.appointment_id,
    medicines: [
      { name: 'Amoxicillin', dosage: '500mg', frequency: 'Three times daily', instructions: 'After meals for 7 days' },
      { name: 'Paracetamol', dosage: '1 tablet', frequency: 'As needed', instructions: 'For fever, at most 4 a day' },
    ],
    notes: 'Benchmark prescription',
  });
  if (created.status !== 201) throw new Error(`create prescription: ${created.status} ${JSON.stringify(created.body)}`);
  return { token, id: created.body.prescription.prescription_id };
}



async function runPrescriptionBench({ gatewayUrl, durationSeconds = 5 }) {
  const base = gatewayUrl.replace(/\/$/, '');
  const { token, id } = await somePrescription(base);
  return measurePdfLatency({ title: 'Prescription PDF (GET /api/prescriptions/{id}/pdf)', url: `${base}/api/prescriptions/${id}/pdf`, token, log, durationSeconds });
}

module.exports = { runPrescriptionBench };

if (require.main === module) {
  runPrescriptionBench({ gatewayUrl: process.env.BENCH_URL || 'http://localhost:3220', durationSeconds: Number(process.env.BENCH_DURATION || 5) })
    .then(({ markdown }) => process.stdout.write(`${markdown}\n`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
