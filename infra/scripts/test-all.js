#!/usr/bin/env node
'use strict';
// `npm test`: the linter (module boundaries, cycles, code rules), every suite of the workspace, the browser journeys
// against the running platform, then the reliability suites. Ends with a table of the stages and their seconds, the
// ten slowest test files, and one line "N passed, N failed" (real totals of all suites; the lint run counts as one),
// also written to .local/test-results/summary.txt for CI. The type check counts as one too.
//
// The shape (issue 33; docs/decisions/0097-ci-two-lanes.md): lanes side by side, so both cores work all the time
// without two suites fighting over one port or one starving the other.
//   platform lane:  build -> browser journeys -> reliability suites. One browser against one platform uses about
//                   one core.
//   suites lane:    unit and integration (one jest worker beside the platform lane, two when it is not there). The
//                   other core. Lint and types then run in whichever lane is done first.
//   image builds:   in CI (or AFYA_CLOSURE=1), infra/deploy/closure.spec.ts's build-and-boot tests as their own jest
//                   run at nice 10, on what the two lanes leave; a deployable whose inputs a passing build already had
//                   is reused, not rebuilt (infra/deploy/image-stamps.js, decision 0098).
//   --no-e2e           no build, journeys or reliability suites (npm run test:suites)
//   --no-reliability   no reliability suites
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const resultsDir = path.join(root, '.local', 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const env = { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1', NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
const skipE2e = process.argv.includes('--no-e2e');
const skipReliability = skipE2e || process.argv.includes('--no-reliability');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const closuresWanted = process.env.AFYA_CLOSURE ? process.env.AFYA_CLOSURE === '1' : process.env.CI === 'true';

const stages = []; // { label, seconds, cpuSeconds, busy, status }

// Each stage's CPU seconds, every process it started included (infra/scripts/stage-cpu.js: a cgroup, else GNU time).
const { measuredCommand, postgresSeconds, cpuMeasure } = require('./stage-cpu');
const postgresAtStart = postgresSeconds();

/**
 * How busy the machine's cores were, sampled from /proc/stat every 5 s: GNU time counts a stage's own processes, not
 * PostgreSQL's or NATS's, nor a platform the journeys started detached, so the table also gives the share of both
 * cores in use while each stage ran (all lanes together): near 100% the run is bound by CPU, far below it by waits.
 */
const busySamples = []; // { at, busy } busy: the fraction of all cores' time in the 5 s before `at`
function readCpuTimes() {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const values = fields.map(Number);
    const idle = values[3] + (values[4] || 0); // idle + iowait
    return { total: values.reduce((sum, v) => sum + v, 0), idle };
  } catch {
    return null; // not Linux
  }
}
let lastCpuTimes = readCpuTimes();
if (lastCpuTimes) {
  setInterval(() => {
    const now = readCpuTimes();
    if (now && now.total > lastCpuTimes.total) busySamples.push({ at: Date.now(), busy: 1 - (now.idle - lastCpuTimes.idle) / (now.total - lastCpuTimes.total) });
    lastCpuTimes = now;
  }, 5000).unref();
}
/** The mean share of the cores in use between two moments, as "NN%", or '' without samples. */
function busyBetween(from, to) {
  const inside = busySamples.filter((sample) => sample.at > from && sample.at <= to + 5000);
  return inside.length ? `${Math.round((100 * inside.reduce((sum, sample) => sum + sample.busy, 0)) / inside.length)}%` : '';
}

/**
 * Runs one command as a stage. Its output goes to the terminal as it comes when it runs alone; when stages run side
 * by side, each one's output is kept in .local/test-results/<name>.log and printed whole when it ends, so that two
 * stages' lines never interleave.
 */
function run(label, command, args, { buffered = false, extraEnv = {} } = {}) {
  const started = Date.now();
  const logFile = path.join(resultsDir, `${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
  process.stdout.write(`\n=== ${label}: ${path.relative(root, command) || command} ${args.join(' ')}${buffered ? ` (output: ${path.relative(root, logFile)})` : ''}\n`);
  const measured = measuredCommand(label, command, args, `${logFile}.cpu`);
  const [file, argv] = [measured.file, measured.argv];
  return new Promise((resolve) => {
    const child = spawn(file, argv, { cwd: root, env: { ...env, ...extraEnv }, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (buffered) {
        const output = Buffer.concat(chunks);
        fs.writeFileSync(logFile, output);
        process.stdout.write(`\n=== ${label}: output\n${output.toString()}`);
      }
      process.stdout.write(`=== ${label}: exit ${code} in ${seconds} s\n`);
      // CPU is read again when the table is printed: a stage's detached processes (a platform, a browser's
      // renderers) may still be ending when it closes
      stages.push({ label, seconds, measured, busy: busyBetween(started, Date.now()), status: code });
      resolve(code ?? 1);
    });
  });
}

/** Totals from a jest --json report; a suite that could not run counts as one failed test. */
function totals(file) {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, missing: true };
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const brokenSuites = report.testResults.filter((suite) => suite.status === 'failed' && suite.assertionResults.length === 0).length;
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenSuites };
}

/** Each test file's seconds, from the jest reports. */
function fileTimes(files) {
  const times = [];
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    for (const suite of JSON.parse(fs.readFileSync(file, 'utf8')).testResults) {
      const seconds = (suite.endTime - suite.startTime) / 1000;
      if (Number.isFinite(seconds)) times.push({ file: path.relative(root, suite.name), seconds });
    }
  }
  return times.sort((a, b) => b.seconds - a.seconds);
}

/**
 * The journeys the suites lane runs once the suites are done, on a platform of its own, instead of the platform lane
 * after the others: about as long as the suites lane would otherwise wait for the platform lane at its end.
 */
const JOURNEYS_BESIDE = ['data-rights.e2e.ts'];
const JOURNEYS_BESIDE_PATTERN = `/journeys/(${JOURNEYS_BESIDE.map((file) => file.replace(/\./g, '\\.')).join('|')})$`;

const summary = { passed: 0, failed: 0 };
const add = (t) => {
  summary.passed += t.passed;
  summary.failed += t.failed;
};
const report = (name) => {
  const file = path.join(resultsDir, `${name}.json`);
  fs.rmSync(file, { force: true });
  return file;
};

async function main() {
  const started = Date.now();
  // A fresh machine: install dependencies first (as npm start does), and Debian's Chromium for the journeys.
  if ((await run('install check', process.execPath, [path.join(root, 'infra/scripts/ensure-installed.js')])) !== 0) {
    process.stdout.write('\n0 passed, 1 failed\n');
    process.exit(1);
  }
  if (!skipE2e && !fs.existsSync(env.CHROMIUM_PATH || '/usr/bin/chromium') && process.getuid?.() === 0) {
    await run('chromium', 'bash', ['-c', 'apt-get update -qq && apt-get install -y -qq chromium fonts-liberation']);
  }

  // What a suite spawns must exist before the suites start: sender-crash.int.spec.ts kills the built support service
  // mid-batch. Built here (~10 s), not left to the build beside the suites, which it raced on a fresh clone; the full
  // build below restores it from Nx's cache.
  if ((await run('build of the support service (a suite runs it)', bin('nx'), ['run', '@afya/support-service:build', '--output-style=stream'], { buffered: true })) !== 0) {
    process.stdout.write('\n0 passed, 1 failed\n');
    process.exit(1);
  }

  const suitesReport = report('suites');
  const journeysReport = report('journeys');
  const journeysBesideReport = report('journeys-beside');
  const auditTimings = path.join(resultsDir, 'axe-timings.jsonl'); // infra/e2e/support/accessibility.ts appends
  fs.rmSync(auditTimings, { force: true });
  const reliabilityReport = report('reliability-suites');
  const imageBuildsReport = report('image-builds-jest');
  const imageBuildsFile = path.join(resultsDir, 'image-builds.json'); // infra/deploy/closure.spec.ts writes it
  fs.rmSync(imageBuildsFile, { force: true });

  // Lint and types run in whichever lane finishes first (the platform lane usually: CI3 of decision 0097's amendment
  // left a core idle for ~90 s while one suites worker finished, then ran lint and types after it).
  const tail = [
    // ESLint over the whole repository (eslint.config.js), one check passed or failed, its errors printed. No --cache:
    // the boundary and cycle rules read other files than the one linted, which a cache keyed on that file's content
    // would not see change.
    () => run('lint', bin('eslint'), ['.'], { buffered: !skipE2e }),
    // TypeScript strict over the whole repository: two programs (node: gateway and services; web: shell and remotes).
    () => run('types', 'npm', ['run', '--silent', 'typecheck'], { buffered: !skipE2e }),
  ];
  const takeTail = async () => {
    for (let next = tail.shift(); next; next = tail.shift()) add((await next()) === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
  };

  // The platform lane's build, which the journeys beside the suites wait for as well.
  let buildPassed = () => undefined;
  const built = new Promise((resolve) => (buildPassed = resolve));

  // The suites lane. --forceExit: a NATS or pg handle a test forgot to close must not hang CI after every result is
  // in. One worker beside the platform lane: with two (niced, in CI1 of decision 0097) the journeys and the fuzzer
  // starved them into bus deadlines (504) and 4 s waits. The image builds are their own run (below).
  const suitesLane = (async () => {
    await run('unit and integration', bin('jest'), ['--ci', `--maxWorkers=${skipE2e ? 2 : 1}`, '--forceExit', '--json', `--outputFile=${suitesReport}`], {
      buffered: !skipE2e,
      extraEnv: { AFYA_CLOSURE: '0' },
    });
    add(totals(suitesReport));
    // Some journeys then, on a platform of their own (its own port, database and bus, as two people's runs on one
    // machine): the suites are done minutes before the platform lane, which is the longer one (decision 0097).
    if (!skipE2e && JOURNEYS_BESIDE.length && (await built)) {
      const port = Number(process.env.E2E_PORT || 3150) + 60;
      await run('browser journeys beside the suites', bin('jest'), ['--ci', '--forceExit', '-c', path.join(root, 'infra/e2e/jest.config.js'), '--json', `--outputFile=${journeysBesideReport}`, JOURNEYS_BESIDE_PATTERN], {
        buffered: true,
        extraEnv: {
          E2E_PORT: String(port),
          E2E_NATS_PORT: String(port + 1000),
          E2E_DATABASE_URL: '',
          E2E_DB_NAME: `${process.env.E2E_DB_NAME || 'afya_e2e'}_beside`,
          E2E_BUS: `${process.env.E2E_BUS || 'e2e'}beside`,
        },
      });
      add(totals(journeysBesideReport));
    }
    await takeTail();
  })();

  // The image builds: npm installs and webpack in a clean copy, then a boot; no fixed port, no timed step shorter than
  // 60 s. Niced: they take what the lanes leave.
  const imageBuildsLane = (async () => {
    if (!closuresWanted) return;
    await run('image builds', 'nice', ['-n', '10', bin('jest'), '--ci', '--forceExit', '--selectProjects', 'infra', '-t', 'built from its closure', '--json', `--outputFile=${imageBuildsReport}`, 'infra/deploy/closure.spec.ts'], {
      buffered: true,
      extraEnv: { AFYA_CLOSURE: '1' },
    });
    add(totals(imageBuildsReport));
  })();

  // The platform lane: the build the journeys and the reliability suites start their platforms from, then each.
  const platformLane = (async () => {
    if (skipE2e) return buildPassed(false);
    const build = await run('build', bin('nx'), ['run-many', '-t', 'build', '--output-style=stream', '--parallel=2'], { buffered: true });
    buildPassed(build === 0);
    if (build !== 0) {
      process.stdout.write('build failed: browser journeys and reliability suites not run (counted as one failure each)\n');
      summary.failed += skipReliability ? 1 : 2;
      return;
    }
    await run('browser journeys', bin('jest'), ['--ci', '--forceExit', '-c', path.join(root, 'infra/e2e/jest.config.js'), '--json', `--outputFile=${journeysReport}`, ...(JOURNEYS_BESIDE.length ? [`--testPathIgnorePatterns=${JOURNEYS_BESIDE_PATTERN}`] : [])]);
    add(totals(journeysReport));
    // Reliability (issue 15): the OpenAPI fuzzer and the fault suite, each against a whole platform from the build (a
    // private nats-server and PostgreSQL for the faults), and `npm run bench` stopped by SIGTERM mid-run leaving
    // nothing behind. Figures go to .local/test-results/reliability.json.
    if (!skipReliability) {
      await run('reliability', bin('jest'), ['--ci', '--forceExit', '-c', path.join(root, 'infra/reliability/jest.config.js'), '--json', `--outputFile=${reliabilityReport}`]);
      add(totals(reliabilityReport));
    }
    await takeTail();
  })();

  await Promise.all([suitesLane, platformLane, imageBuildsLane]);

  const lanes = `lanes side by side: build, journeys, reliability | unit and integration, some journeys; lint and types in the lane done first${closuresWanted ? ' | image builds (niced)' : ''}`;
  await new Promise((resolve) => setTimeout(resolve, 2000)); // the last detached processes end
  for (const stage of stages) {
    stage.cpuSeconds = stage.measured.read();
    stage.measured.close();
  }
  const cpuNote = cpuMeasure === 'cgroup' ? 'CPU seconds of every process the stage started' : "CPU seconds of the stage's waited-for processes";
  const lines = ['', `=== stages (seconds; ${cpuNote}; both cores' use meanwhile, all lanes; ${skipE2e ? 'one after the other' : lanes})`];
  const cpu = (seconds) => (seconds === null || seconds === undefined ? '' : String(seconds)).padStart(6);
  if (process.env.AFYA_CI_INSTALL_SECONDS) lines.push(`${process.env.AFYA_CI_INSTALL_SECONDS.padStart(6)}  ${cpu(null)}  ${''.padStart(4)}  npm install (.ci/run)`);
  for (const stage of stages) lines.push(`${String(stage.seconds).padStart(6)}  ${cpu(stage.cpuSeconds)}  ${stage.busy.padStart(4)}  ${stage.label}${stage.status === 0 ? '' : `  (exit ${stage.status})`}`);
  const cpuTotal = stages.every((stage) => stage.cpuSeconds === null) ? null : stages.reduce((sum, stage) => sum + (stage.cpuSeconds ?? 0), 0);
  const postgresNow = postgresSeconds();
  if (postgresAtStart !== null && postgresNow !== null) lines.push(`${''.padStart(6)}  ${cpu(Math.round(postgresNow - postgresAtStart))}  ${''.padStart(4)}  PostgreSQL (its processes, every lane's queries)`);
  lines.push(`${String(Math.round((Date.now() - started) / 1000)).padStart(6)}  ${cpu(cpuTotal)}  ${busyBetween(started, Date.now()).padStart(4)}  npm test in all`);
  // The suites stage is one jest run of every project on two workers: its file-seconds by project (the gateway's
  // and the services' files are integration tests over real PostgreSQL and NATS; the web projects' run in jsdom).
  const byProject = new Map();
  for (const { file, seconds } of fileTimes([suitesReport])) {
    const project = file === 'infra/deploy/closure.spec.ts' ? 'image builds (infra/deploy/closure.spec.ts)' : file.split('/').slice(0, file.startsWith('services/') ? 2 : 1).join('/');
    byProject.set(project, (byProject.get(project) ?? 0) + seconds);
  }
  lines.push('', '=== unit and integration: file-seconds by project (two workers)');
  for (const [project, seconds] of [...byProject].sort((x, y) => y[1] - x[1])) lines.push(`${String(Math.round(seconds)).padStart(6)}  ${project}`);
  if (fs.existsSync(imageBuildsFile)) {
    // infra/deploy/image-stamps.js: a build whose inputs a passing build already had is reused, not run again
    const builds = JSON.parse(fs.readFileSync(imageBuildsFile, 'utf8'));
    lines.push('', `=== image builds: ${builds.filter((b) => b.outcome === 'built').length} built, ${builds.filter((b) => b.outcome === 'reused').length} reused (same inputs as a passing build; AFYA_IMAGE_BUILDS=always builds them all)`);
    for (const b of builds) lines.push(`${String(b.seconds).padStart(6)}  ${b.name} ${b.outcome}${b.outcome === 'reused' ? `: ${b.stamp}` : ''}`);
  }
  lines.push('', '=== the 10 slowest test files (seconds)');
  for (const { file, seconds } of fileTimes([suitesReport, imageBuildsReport, journeysReport, journeysBesideReport, reliabilityReport]).slice(0, 10)) lines.push(`${seconds.toFixed(1).padStart(6)}  ${file}`);
  if (fs.existsSync(auditTimings)) {
    const audits = fs.readFileSync(auditTimings, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const byFile = new Map();
    for (const { file, ms } of audits) byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const seconds = (ms) => (ms / 1000).toFixed(1);
    lines.push('', `=== accessibility audits in the journeys: ${audits.length} screens, ${seconds(audits.reduce((sum, a) => sum + a.ms, 0))} s (both themes each)`);
    for (const [file, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 5)) lines.push(`${seconds(ms).padStart(6)}  ${file}`);
  }
  const line = `${summary.passed} passed, ${summary.failed} failed`;
  lines.push('', line);
  fs.writeFileSync(path.join(resultsDir, 'stages.txt'), `${lines.join('\n')}\n`);
  fs.writeFileSync(path.join(resultsDir, 'summary.txt'), `${line}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(summary.failed === 0 ? 0 : 1);
}

void main();
