#!/usr/bin/env node
'use strict';
// Issue 9's figure: latency of GET /api/payments/{id}/receipt (gateway → NATS → payment service → the shared warm
// Chromium of services/shared/src/pdf → bytes back over NATS), first call (may launch Chromium) and warm (target
// ≤ 0.5 s), plus the throughput with a few concurrent downloads (renders are bounded at 2 per process).
// The receipt's payment is made the way a patient makes one: a Checkout Session paid on the Stripe sandbox's page
// (the platform starts the sandboxes by default), confirmed by its signed webhook.
// Run inside `npm run bench` (run.js), or alone against a running platform with the demo data:
//   BENCH_URL=http://localhost:3210 node infra/bench/receipt.bench.js
const autocannon = require('autocannon');

const SAMPLES = Number(process.env.PDF_BENCH_SAMPLES || 20);
const log = (line) => process.stderr.write(`[receipt bench] ${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function call(base, method, path, token, body) {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A completed payment of the demo patient: an existing one, else a new booking paid by card in the sandbox. */
async function someReceipt(base) {
  const token = (await call(base, 'POST', 'auth/login', undefined, { email: 'patient@afya.test', password: 'Patient#2026' })).body.token;
  const history = await call(base, 'GET', 'payments/history', token);
  const done = history.body?.payments?.find((p) => p.payment_status === 'completed');
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
        if (list.body.payments.find((p) => p.payment_id === created.body.payment_id)?.payment_status === 'completed') return { token, id: created.body.payment_id };
        await sleep(200);
      }
      throw new Error('the sandbox payment did not complete');
    }
  }
  throw new Error('no free slot to book for the receipt');
}

async function timedDownload(url, token) {
  const started = process.hrtime.bigint();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 200 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`receipt download failed: ${res.status}`);
  return { ms, size: bytes.length };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function runReceiptBench({ gatewayUrl, durationSeconds = 5 }) {
  const base = gatewayUrl.replace(/\/$/, '');
  const { token, id } = await someReceipt(base);
  const url = `${base}/api/payments/${id}/receipt`;
  const first = await timedDownload(url, token);
  log(`first download ${first.ms.toFixed(0)} ms (${first.size} bytes)`);
  for (let i = 0; i < 3; i++) await timedDownload(url, token);
  const warm = [];
  for (let i = 0; i < SAMPLES; i++) warm.push((await timedDownload(url, token)).ms);
  warm.sort((a, b) => a - b);
  const concurrent = await autocannon({ url, headers: { authorization: `Bearer ${token}` }, connections: 4, duration: durationSeconds });
  const row = {
    first: first.ms,
    p50: quantile(warm, 0.5),
    p95: quantile(warm, 0.95),
    max: warm[warm.length - 1],
    rps: concurrent.requests.average,
    p99c: concurrent.latency.p99,
    errors: concurrent.non2xx + concurrent.errors + concurrent.timeouts,
    size: first.size,
  };
  log(`warm p50 ${row.p50.toFixed(0)} ms, p95 ${row.p95.toFixed(0)} ms; 4 concurrent: ${row.rps.toFixed(1)} PDFs/s, p99 ${row.p99c} ms`);
  const markdown = [
    `## Payment receipt PDF (GET /api/payments/{id}/receipt, ${row.size} bytes)`,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| first download (may launch Chromium) | ${row.first.toFixed(0)} ms | |`,
    `| warm, sequential, median of ${SAMPLES} | ${row.p50.toFixed(0)} ms | ≤ 500 ms |`,
    `| warm, sequential, p95 | ${row.p95.toFixed(0)} ms | |`,
    `| 4 concurrent downloads, ${durationSeconds} s | ${row.rps.toFixed(1)} PDFs/s, p99 ${row.p99c} ms, ${row.errors} errors | |`,
  ].join('\n');
  return { row, markdown };
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
