'use strict';
// CPU time per request by process, read from /proc (Linux) around a load run: where each request's CPU goes.
// Processes are recognised by their command line. A process that started during the run counts whole; one
// that ended during it is missed (pooled PostgreSQL backends live on). Elsewhere (no /proc) it reports nothing.
//
// Other people's work on the same machine would count too (their gateways, services and databases), so the
// gateway and services are counted only when they run from this checkout, and PostgreSQL only for backends
// of the bench's database (its background writers are left out). nats-server is shared and counted whole.
const fs = require('node:fs');
const path = require('node:path');

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux
const ROOT = path.resolve(__dirname, '../..');
let database = 'afya_bench';

/** The database whose PostgreSQL backends count (the bench's scratch database). */
function setCpuDatabase(name) {
  database = name;
}

let natsPort = null;
/**
 * The port of the platform's nats-server: only that one counts (other people's test servers run beside it). Without
 * it (a platform on a NATS started elsewhere), every nats-server on the machine counts.
 */
function setCpuNatsPort(port) {
  natsPort = port ? Number(port) : null;
}
const isPlatformNats = (cmd) =>
  (cmd.startsWith('nats-server') || cmd.includes('/nats-server')) && (natsPort === null || new RegExp(`(^|\\s)(-p|--port)[ =]${natsPort}(\\s|$)`).test(cmd));

let peerNatsPort = null;
/** The port of the NestJS peer's own nats-server (nest-peer/peer.js), counted as the peer's. */
function setPeerNatsPort(port) {
  peerNatsPort = port ? Number(port) : null;
}

const ROLES = [
  ['gateway', (cmd) => cmd.includes(`${ROOT}/gateway/dist/src/main.js`)],
  // Every service of this checkout, the consumers its events wake included (reporting, prescription, support, payment).
  ...['appointment', 'auth', 'payment', 'prescription', 'support', 'reporting'].map((name) => [
    `${name} service`,
    (cmd) => cmd.includes(`${ROOT}/services/${name}/dist/src/main.js`),
  ]),
  ['nats-server', isPlatformNats],
  // A backend's title is "postgres: [<cluster>:] <user> <database> <client> <state>".
  ['postgres', (cmd) => cmd.startsWith('postgres:') && cmd.split(/\s+/).includes(database)],
  ['ceiling (Fastify + pg)', (cmd) => cmd.includes('ceiling_list')],
  // The stock NestJS peer (nest-peer/): its two processes and its own nats-server (setPeerNatsPort).
  ['peer HTTP app', (cmd) => cmd.includes(`${ROOT}/infra/bench/nest-peer/dist/http-main.js`)],
  ['peer microservice', (cmd) => cmd.includes(`${ROOT}/infra/bench/nest-peer/dist/service-main.js`)],
  ['peer nats-server', (cmd) => peerNatsPort !== null && (cmd.startsWith('nats-server') || cmd.includes('/nats-server')) && new RegExp(`(^|\\s)(-p|--port)[ =]${peerNatsPort}(\\s|$)`).test(cmd)],
];

function processTimes() {
  const times = new Map();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      // The peer's nats-server first: with the platform on a NATS started elsewhere, every nats-server matches that role.
      const role = ROLES.find(([name, matches]) => name === 'peer nats-server' && matches(cmd)) ?? ROLES.find(([, matches]) => matches(cmd));
      if (!role) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      times.set(pid, { role: role[0], ms: (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS });
    } catch {
      // the process ended meanwhile
    }
  }
  return times;
}

function machineBusyMs() {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3] + (cpu[4] || 0);
  return (cpu.reduce((a, b) => a + b, 0) - idle) * CLOCK_TICK_MS;
}

/** Starts counting; `stop(requests)` returns {role: µs per request} including 'machine' and 'load generator'. */
function startCpuCount() {
  if (!fs.existsSync('/proc/stat')) return { stop: () => null };
  const before = processTimes();
  const machine = machineBusyMs();
  const self = process.cpuUsage();
  return {
    stop(requests) {
      if (!requests) return null;
      const after = processTimes();
      const perRole = {};
      for (const [pid, { role, ms }] of after) {
        const start = before.get(pid);
        perRole[role] = (perRole[role] || 0) + (ms - (start ? start.ms : 0));
      }
      const used = process.cpuUsage(self);
      const result = { machine: ((machineBusyMs() - machine) * 1000) / requests, 'load generator': (used.user + used.system) / requests };
      for (const [role, ms] of Object.entries(perRole)) if (ms > 0) result[role] = (ms * 1000) / requests;
      for (const key of Object.keys(result)) result[key] = Math.round(result[key]);
      return result;
    },
  };
}

module.exports = { startCpuCount, setCpuDatabase, setCpuNatsPort, setPeerNatsPort };
