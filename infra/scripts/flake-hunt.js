#!/usr/bin/env node
'use strict';
// `npm run test:flakes -- [--runs N] [--config FILE] [jest args…]`: runs the chosen suites N times in a row (default 3)
// and prints every test that failed in any run, with the runs it failed in: a test that failed in some runs and
// passed in others is flaky. Jest's own arguments (test paths, -t, --maxWorkers) pass through.
//   npm run test:flakes -- --runs 5 gateway/test/appointments
//   npm run test:flakes -- --config infra/e2e/jest.config.js booking
// Exit code 0 only when no test failed in any run.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const args = process.argv.slice(2);
let runs = 3;
const runsAt = args.indexOf('--runs');
if (runsAt >= 0) {
  runs = Number(args[runsAt + 1]);
  args.splice(runsAt, 2);
}
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number from 1');
  process.exit(2);
}
const configAt = args.indexOf('--config');
const config = configAt >= 0 ? args.splice(configAt, 2)[1] : null;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-flakes-'));
const failures = new Map(); // "file › test" → run numbers
const durations = [];
for (let run = 1; run <= runs; run++) {
  const report = path.join(dir, `run-${run}.json`);
  const started = Date.now();
  const jest = spawnSync(
    path.join(root, 'node_modules', '.bin', 'jest'),
    ['--ci', '--forceExit', '--json', `--outputFile=${report}`, ...(config ? ['-c', config] : []), ...args],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NX_DAEMON: 'false' } },
  );
  durations.push(Math.round((Date.now() - started) / 1000));
  if (!fs.existsSync(report)) {
    console.error(`run ${run}: jest wrote no report (exit ${jest.status})\n${jest.stderr.toString().slice(-4000)}`);
    process.exit(2);
  }
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  for (const suite of result.testResults) {
    const file = path.relative(root, suite.name);
    const failed = suite.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName);
    // A suite that could not run at all (set-up failed, a worker crashed) counts as one failure of the whole file.
    if (suite.status === 'failed' && failed.length === 0) failed.push(`(the file did not run: ${suite.message.split('\n').find(Boolean) ?? 'no message'})`);
    for (const name of failed) {
      const key = `${file} › ${name}`;
      failures.set(key, [...(failures.get(key) ?? []), run]);
    }
  }
  console.log(`run ${run} of ${runs}: ${result.numPassedTests} passed, ${result.numFailedTests} failed, ${result.numTotalTestSuites} files, ${durations.at(-1)} s`);
}

if (failures.size === 0) {
  console.log(`\nno test failed in ${runs} runs: 0 flaky`);
  process.exit(0);
}
console.log('\ntests that failed (runs they failed in):');
for (const [key, which] of failures) {
  const kind = which.length === runs ? 'failed every run' : 'FLAKY';
  console.log(`  ${kind.padEnd(16)} runs ${which.join(',')}  ${key}`);
}
console.log(`\nreports: ${dir}`);
process.exit(1);
