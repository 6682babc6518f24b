#!/usr/bin/env node
'use strict';
// Issue 10's figure: latency of GET /api/prescriptions/{id}/pdf (gateway → NATS → prescription service → the shared
// warm Chromium → bytes back over NATS), first call (may launch Chromium) and warm (target ≤ 0.5 s), plus the
// throughput with a few concurrent downloads (renders are bounded at 2 per process).
// Run inside `npm run bench` (run.js), or alone against a running platform with the demo data:
//   BENCH_URL=http://localhost:3220 node infra/bench/prescription.bench.js
const autocannon = require('autocannon');

const SAMPLES = Number(process.env.PDF_BENCH_SAMPLES || 20);
const log = (line) => process.stderr.write(`[prescription bench] ${line}\n`);

async function call(base, method, path, token, body) {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A prescription the demo doctor can download: an existing one, else one written for a writable appointment. */
async function somePrescription(base) {
  const login = await call(base, 'POST', 'auth/login', undefined, { email: 'dr.wanjiku@afya.test', password: 'Doctor#2026' });
  const token = login.body.token;
  const issued = await call(base, 'GET', 'prescriptions/doctor', token);
  if (issued.body?.prescriptions?.length) return { token, id: issued.body.prescriptions[0].prescription_id };
  const writable = await call(base, 'GET', 'prescriptions/writable-appointments', token);
  const appointment = writable.body?.appointments?.[0];
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

async function timedDownload(url, token) {
  const started = process.hrtime.bigint();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 200 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`pdf download failed: ${res.status}`);
  return { ms, size: bytes.length };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function runPrescriptionBench({ gatewayUrl, durationSeconds = 5 }) {
  const base = gatewayUrl.replace(/\/$/, '');
  const { token, id } = await somePrescription(base);
  const url = `${base}/api/prescriptions/${id}/pdf`;
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
    `## Prescription PDF (GET /api/prescriptions/{id}/pdf, ${row.size} bytes)`,
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

module.exports = { runPrescriptionBench };

if (require.main === module) {
  runPrescriptionBench({ gatewayUrl: process.env.BENCH_URL || 'http://localhost:3220', durationSeconds: Number(process.env.BENCH_DURATION || 5) })
    .then(({ markdown }) => process.stdout.write(`${markdown}\n`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
