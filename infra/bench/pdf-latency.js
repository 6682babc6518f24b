'use strict';
// The PDF figures (receipts, prescriptions): one download that may launch Chromium, warm sequential downloads
// (median against the ≤ 0.5 s target, p95), then a few concurrent downloads (renders are bounded per process).
const autocannon = require('autocannon');

/** One JSON call to the gateway: {status, body}. */
async function call(base, method, path, token, body) {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A list reply's rows: the bare array, or the array under `key` of an enveloped reply (older builds answer so). */
function listIn(body, key) {
  if (Array.isArray(body)) return body;
  return Array.isArray(body?.[key]) ? body[key] : [];
}

async function timedDownload(url, token) {
  const started = process.hrtime.bigint();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 200 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`PDF download failed: ${res.status} ${url}`);
  return { ms, size: bytes.length };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Measures GET `url` (a PDF) as `token`; `title` heads the markdown table. */
async function measurePdfLatency({ title, url, token, log, samples = Number(process.env.PDF_BENCH_SAMPLES || 20), durationSeconds = 5 }) {
  const first = await timedDownload(url, token);
  log(`first download ${first.ms.toFixed(0)} ms (${first.size} bytes)`);
  for (let i = 0; i < 3; i++) await timedDownload(url, token);
  const warm = [];
  for (let i = 0; i < samples; i++) warm.push((await timedDownload(url, token)).ms);
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
    `## ${title} (${row.size} bytes)`,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| first download (may launch Chromium) | ${row.first.toFixed(0)} ms | |`,
    `| warm, sequential, median of ${samples} | ${row.p50.toFixed(0)} ms | ≤ 500 ms |`,
    `| warm, sequential, p95 | ${row.p95.toFixed(0)} ms | |`,
    `| 4 concurrent downloads, ${durationSeconds} s | ${row.rps.toFixed(1)} PDFs/s, p99 ${row.p99c} ms, ${row.errors} errors | |`,
  ].join('\n');
  return { row, markdown };
}

module.exports = { call, listIn, measurePdfLatency };
