#!/usr/bin/env node
'use strict';
// Issue 9's figure: latency of GET /api/payments/{id}/receipt (gateway → NATS → payment service → the shared warm
// Chromium of services/shared/src/pdf → bytes back over NATS), first call (may launch Chromium) and warm (target
// ≤ 0.5 s), plus the throughput with a few concurrent downloads (renders are bounded at 2 per process).
// The receipt's payment is made the way a patient makes one: a Checkout Session paid on the Stripe sandbox's page
// (the platform starts the sandboxes by default), confirmed by its signed webhook.
// Run inside `npm run bench` (run.js), or alone against a running platform with the demo data:
//   BENCH_URL=http://localhost:3210 node infra/bench/receipt.bench.js
const { call, listIn, measurePdfLatency } = require('./pdf-latency');

const log = (line) => process.stderr.write(`[receipt bench] ${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));


/** A completed payment of the demo patient: an existing one, else a new booking paid by card in the sandbox. */
async function someReceipt(base) {
  const token = (await call(base, 'POST', 'auth/login', undefined, { email: 'patient@afya.test', password: 'Patient#2026' })).body.token;
  const history = await call(base, 'GET', 'payments/history', token);
  const done = listIn(history.body, 'payments').find((p) => p.payment_status === 'completed');
  if (done) return { token, id: done.payment_id };
  const { doctors } = (await call(base, 'GET', 'appointments/doctors', token)).body;
  for (let day = 20; day <= 30; day++) {
    const date = new Date(Date.now() + 3 * 3_600_000 + day * 86_400_000).toISOString().slice(0, 10);
    for (const d of doctors) {
      const slots = await call(base, 'GET', `appointments/availability?doctor_id=${d.doctor_id}&date=${date}`, token);
      const free = slots.body?.slots?.find((s) => s.available);
      if (!free) continue;
      const booked = await call(base, 'POST', 'appointments', token, { doctor_id: d.doctor_id, appointment_date: date, time_slot: free.time_slot, appointment_type: 'Consultation', notes: 'Benchmark receipt booking' });
      if (booked.status !== 201) continue;
      const { appointment_id, total_amount } = booked.body.appointment;
      const created = await call(base, 'POST', 'payments/create', token, { appointment_id, amount: total_amount });
      if (created.status !== 200) throw new Error(`payments/create: ${created.status} ${JSON.stringify(created.body)}`);
      // The sandbox checkout page's Pay button (a form POST): the signed webhook goes out before the redirect.
      await fetch(`${created.body.url}/pay`, { method: 'POST', redirect: 'manual' });
      for (let i = 0; i < 50; i++) {
        const list = await call(base, 'GET', 'payments/history', token);
        if (listIn(list.body, 'payments').find((p) => p.payment_id === created.body.payment_id)?.payment_status === 'completed') return { token, id: created.body.payment_id };
        await sleep(200);
      }
      throw new Error('the sandbox payment did not complete');
    }
  }
  throw new Error('no free slot to book for the receipt');
}



async function runReceiptBench({ gatewayUrl, durationSeconds = 5 }) {
  const base = gatewayUrl.replace(/\/$/, '');
  const { token, id } = await someReceipt(base);
  return measurePdfLatency({ title: 'Payment receipt PDF (GET /api/payments/{id}/receipt)', url: `${base}/api/payments/${id}/receipt`, token, log, durationSeconds });
}

module.exports = { runReceiptBench };

if (require.main === module) {
  runReceiptBench({ gatewayUrl: process.env.BENCH_URL || 'http://localhost:3210', durationSeconds: Number(process.env.BENCH_DURATION || 5) })
    .then(({ markdown }) => process.stdout.write(`${markdown}\n`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
