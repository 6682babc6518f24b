'use strict';
// The CPU seconds of one CI stage, every process it ever started included. GNU time counts only the processes a stage
// waited for: the Chromium renderers a browser forks (reparented when it closes) and the platform the journeys start
// detached were outside its count. Measured with a cpuacct cgroup (Linux, root) that every descendant inherits; on a
// machine without one, GNU time's user plus system seconds, as before. PostgreSQL's own CPU (its backends serve every
// lane) is read beside, from its processes.
const fs = require('node:fs');
const path = require('node:path');

const CGROUP_ROOT = '/sys/fs/cgroup/cpuacct';
const GNU_TIME = '/usr/bin/time';

function cgroupsAvailable() {
  try {
    fs.accessSync(path.join(CGROUP_ROOT, 'tasks'), fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
const useCgroups = cgroupsAvailable();
const useGnuTime = !useCgroups && fs.existsSync(GNU_TIME);

/**
 * How to start `command args` as a measured stage: returns { file, argv, read() } where read() gives the CPU seconds
 * so far (null when nothing measures), and close() removes the cgroup once its processes are gone.
 */
function measuredCommand(label, command, args, cpuFile) {
  if (useCgroups) {
    const dir = path.join(CGROUP_ROOT, `afya-ci-${process.pid}-${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`);
    try {
      fs.mkdirSync(dir, { recursive: true });
      return {
        file: 'sh',
        // the shell joins the cgroup, then becomes the command: everything it starts is counted there
        argv: ['-c', 'echo $$ > "$0/tasks" && exec "$@"', dir, command, ...args],
        read: () => {
          try {
            return Math.round(Number(fs.readFileSync(path.join(dir, 'cpuacct.usage'), 'utf8')) / 1e9);
          } catch {
            return null;
          }
        },
        close: () => {
          try {
            fs.rmdirSync(dir); // only once its last process has gone
          } catch {
            // still in use: the next run's cleanup is the machine's reboot
          }
        },
      };
    } catch {
      // fall through to GNU time
    }
  }
  if (useGnuTime) {
    fs.rmSync(cpuFile, { force: true });
    return { file: GNU_TIME, argv: ['-q', '-o', cpuFile, '-f', '%U %S', command, ...args], read: () => gnuTimeSeconds(cpuFile), close: () => undefined };
  }
  return { file: command, argv: args, read: () => null, close: () => undefined };
}

/** User plus system seconds from GNU time's output file (its last line), or null without one. */
function gnuTimeSeconds(file) {
  if (!fs.existsSync(file)) return null;
  const last = fs.readFileSync(file, 'utf8').trim().split('\n').pop() ?? '';
  const [user, system] = last.split(' ').map(Number);
  return Number.isFinite(user) && Number.isFinite(system) ? Math.round(user + system) : null;
}

/** PostgreSQL's CPU seconds so far: its live processes' own, plus the backends that ended (the postmaster's children). */
function postgresSeconds() {
  let ticks = 0;
  let found = false;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, and for the postmaster (parent not postgres) its waited-for children's cutime, cstime
      const parent = fields[1];
      const parentIsPostgres = fs.existsSync(`/proc/${parent}/comm`) && fs.readFileSync(`/proc/${parent}/comm`, 'utf8').trim() === 'postgres';
      ticks += Number(fields[11]) + Number(fields[12]) + (parentIsPostgres ? 0 : Number(fields[13]) + Number(fields[14]));
      found = true;
    } catch {
      // gone meanwhile
    }
  }
  return found ? ticks / 100 : null; // USER_HZ: 100 on Linux
}

module.exports = { measuredCommand, postgresSeconds, cpuMeasure: useCgroups ? 'cgroup' : useGnuTime ? 'gnu-time' : 'none' };
