'use strict';
// Leftovers of a runner that was killed with SIGKILL (no chance to stop its children): each runner
// records its children in <localDir>/run/<runnerPid>.json; the next runner stops those of dead runners.
// Orphaned services would otherwise keep answering in their NATS queue group with stale code.
const fs = require('node:fs');
const path = require('node:path');

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return null;
  }
}

class RunRegistry {
  constructor(localDir, runnerPid = process.pid) {
    this.dir = path.join(localDir, 'run');
    this.file = path.join(this.dir, `${runnerPid}.json`);
    this.entries = [];
  }

  add(name, pid, args) {
    if (!pid) return;
    this.entries.push({ name, pid, match: args.join(' ') });
    this.write();
  }

  write() {
    fs.mkdirSync(this.dir, { recursive: true });
    fs.writeFileSync(this.file, JSON.stringify({ runner: process.pid, children: this.entries }));
  }

  clear() {
    fs.rmSync(this.file, { force: true });
  }

  /** Stops the children of runners that are gone. Returns the names of what it stopped. */
  static cleanUp(localDir) {
    const dir = path.join(localDir, 'run');
    const stopped = [];
    let files;
    try {
      files = fs.readdirSync(dir).filter((f) => /^\d+\.json$/.test(f));
    } catch {
      return stopped;
    }
    for (const file of files) {
      const runner = Number.parseInt(file, 10);
      if (runner === process.pid || isAlive(runner)) continue;
      let record = { children: [] };
      try {
        record = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      } catch { /* half-written: just remove it */ }
      for (const child of record.children || []) {
        const cmd = commandLine(child.pid);
        // Only a process that still runs the very command we started (pids get reused).
        if (cmd && cmd.trim() === child.match.trim()) {
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            try {
              process.kill(child.pid, 'SIGTERM');
            } catch { /* gone */ }
          }
          stopped.push({ name: child.name, pid: child.pid });
        }
      }
      fs.rmSync(path.join(dir, file), { force: true });
    }
    return stopped;
  }
}

/** Waits until none of the pids runs any more (or the timeout passes). */
async function waitForExit(pids, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const pid of pids.filter(isAlive)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch { /* gone */ }
  }
}

module.exports = { RunRegistry, isAlive, waitForExit };
