#!/usr/bin/env node
// Gzip JS bytes a browser loads for / (anonymous) and for a signed-in patient's /dashboard.
// Reads the built dist folders (run `npx nx run-many -t build` first) and follows index.html,
// the shell's mf-manifest.json and mfe_patient's mf-manifest.json.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '../..');
const SHELL = path.join(ROOT, 'shell/dist');
const PATIENT = path.join(ROOT, 'mfe-patient/dist');

const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const manifest = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
const assetsOf = (entry) => [...(entry.assets?.js?.sync ?? []), ...(entry.assets?.js?.async ?? [])];

function htmlScripts() {
  const html = fs.readFileSync(path.join(SHELL, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]+src=["']?\/?([^"' >]+)/g)].map((m) => m[1]);
}

const rows = [];
const seen = new Set();
function add(scenario, what, dir, file) {
  const key = `${scenario}:${dir}/${file}`;
  if (seen.has(key)) return;
  seen.add(key);
  const full = path.join(dir, file);
  if (!fs.existsSync(full)) return;
  rows.push({ scenario, what, file: path.relative(ROOT, full), bytes: gz(full) });
}

const shellM = manifest(SHELL);
const patientM = manifest(PATIENT);
const sharedNeeded = ['react', 'react-dom', 'react-router-dom', 'antd', '@ant-design/icons', 'zustand', 'dayjs'];

function homeScenario(s) {
  for (const f of htmlScripts()) add(s, 'shell entry (index.html)', SHELL, f);
  add(s, 'shell remoteEntry (self-consumed)', SHELL, shellM.metaData.remoteEntry.name);
  for (const e of shellM.exposes) for (const f of e.assets.js.sync) add(s, `shell expose ${e.path}`, SHELL, f);
  for (const sh of shellM.shared.filter((x) => sharedNeeded.includes(x.name))) for (const f of sh.assets.js.sync) add(s, `shared ${sh.name}`, SHELL, f);
  // The app itself (bootstrap chunk and its eager imports): every other JS file of shell/dist.
  const known = new Set([...htmlScripts(), shellM.metaData.remoteEntry.name, ...shellM.exposes.flatMap(assetsOf), ...shellM.shared.flatMap(assetsOf)]);
  for (const f of fs.readdirSync(SHELL).filter((f) => f.endsWith('.js') && !known.has(f))) add(s, 'shell app (bootstrap chunk)', SHELL, f);
}

homeScenario('/');
homeScenario('/dashboard (patient)');
add('/dashboard (patient)', 'mfe_patient remoteEntry', PATIENT, patientM.metaData.remoteEntry.name);
for (const e of patientM.exposes) for (const f of e.assets.js.sync) add('/dashboard (patient)', `mfe_patient expose ${e.path}`, PATIENT, f);

const pad = (s, n) => String(s).padEnd(n);
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
console.log(`${pad('scenario', 22)}${pad('what', 38)}${pad('file', 58)}gzip`);
console.log('-'.repeat(128));
for (const r of rows) console.log(`${pad(r.scenario, 22)}${pad(r.what, 38)}${pad(r.file, 58)}${kb(r.bytes)}`);
console.log('-'.repeat(128));
for (const s of ['/', '/dashboard (patient)']) {
  const total = rows.filter((r) => r.scenario === s).reduce((a, r) => a + r.bytes, 0);
  console.log(`${pad(`TOTAL ${s}`, 118)}${kb(total)}  (${total} bytes)`);
}
console.log('Note: shared deps are served from the shell (loaded-first); chunks shared by several entries are counted once per scenario.');
