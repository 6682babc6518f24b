'use strict';
// Child processes of the local runner: name-prefixed logs, readiness by log line, unexpected exits
// reported (and, for services and the gateway, restarted with backoff), orderly stop (SIGTERM to the child's process group, SIGKILL after a grace period).
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const readline = require('node:readline');

const COLORS = [36, 35, 33, 32, 34, 96, 95, 93, 92, 94];
const useColor = () => Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;

/**
 * One file per child name under logDir (`auth.log`, `auth.migrate.log` for `auth:migrate`), appended to across
 * restarts: the children's own lines as they wrote them (JSON, one per line), for `grep`/`jq` by request id.
 */
class LogFiles {
  constructor(dir) {
    this.dir = dir;
    this.streams = new Map();
    if (dir) fs.mkdirSync(dir, { recursive: true });
  }

  writer(name) {
    if (!this.dir) return () => undefined;
    const file = path.join(this.dir, `${name.replace(/[^A-Za-z0-9_-]+/g, '.')}.log`);
    let stream = this.streams.get(file);
    if (!stream) {
      stream = fs.createWriteStream(file, { flags: 'a' });
      stream.on('error', () => undefined); // a full disk must not stop the platform
      this.streams.set(file, stream);
    }
    return (line) => stream.write(`${line}\n`);
  }

  close() {
    return Promise.all([...this.streams.values()].map((stream) => new Promise((resolve) => stream.end(resolve))));
  }
}

function makePrefixer(name, index, width) {
  const label = `[${name}]`.padEnd(width + 2);
  if (!useColor()) return (line) => `${label} ${line}`;
  const color = COLORS[index % COLORS.length];
  return (line) => `\x1b[${color}m${label}\x1b[0m ${line}`;
}

class ProcessGroup {
  /**
   * @param {object} options
   * @param {boolean} options.quiet  keep child output in memory only (printed when a child fails)
   * @param {(text: string) => void} options.print  where prefixed lines go (default stdout)
   * @param {(child: ManagedChild) => void} options.onUnexpectedExit
   */
  constructor({ quiet = false, print = (text) => process.stdout.write(`${text}\n`), onUnexpectedExit, registry, reportExits = true, logDir } = {}) {
    this.quiet = quiet;
    this.logFiles = new LogFiles(logDir); // logDir: every child's lines also go to <logDir>/<name>.log
    // false while starting up: a child dying then fails the start-up, whose error carries its last lines
    this.reportExits = reportExits;
    this.registry = registry; // records long-running children, see leftovers.js
    this.print = print;
    this.onUnexpectedExit = onUnexpectedExit;
    this.children = [];
    this.stopping = false;
    this.labelWidth = 8;
    this.exitHook = () => this.killAllNow();
    process.on('exit', this.exitHook);
  }

  /**
   * Starts a long-running child. Its own process group (detached) so that Ctrl-C reaches only the
   * runner, which then stops children in order; the 'exit' hook kills leftovers if the runner dies.
   *
   * restart: a child that dies after start-up (once reportExits is on) is started again with the same
   * command, after a backoff that doubles from restartBaseMs (default 1 s, AFYA_RESTART_BASE_MS) up to 30 s
   * and starts over once a run lasted a minute; each restart is said in the log. Like k8s for a crashed pod.
   */
  start(name, command, args, { cwd, env, readyPattern, echo = true, holdStdin = false, restart = false, restartBaseMs } = {}) {
    this.labelWidth = Math.max(this.labelWidth, name.length);
    const prefix = makePrefixer(name, this.children.length, this.labelWidth);
    const child = new ManagedChild(name, null);
    child.restarts = 0;
    this.children.push(child);
    let markReady;
    let failReady;
    child.ready = new Promise((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    child.ready.catch(() => undefined);
    if (!readyPattern) markReady();
    const baseMs = restartBaseMs ?? (Number(process.env.AFYA_RESTART_BASE_MS) || 1000);
    let attempt = 0;

    const launch = () => {
      // holdStdin: a pipe we never write to; the child sees it close when the runner dies, however it dies.
      const proc = spawn(command, args, { cwd, env, stdio: [holdStdin ? 'pipe' : 'ignore', 'pipe', 'pipe'], detached: true });
      const startedAt = Date.now();
      const restarted = child.proc !== null;
      child.proc = proc;
      child.exited = null;
      if (this.registry) this.registry.add(name, proc.pid, [command, ...args]);
      let readyThisRun = false;
      const toFile = this.logFiles.writer(name);
      const onLine = (line) => {
        child.remember(line);
        toFile(line);
        if (!this.quiet && echo) this.print(prefix(line));
        if (readyPattern && !readyThisRun && readyPattern.test(line)) {
          readyThisRun = true;
          if (restarted) this.print(`!! ${name} is back after restart ${child.restarts} (pid ${proc.pid})`);
          if (!child.isReady) {
            child.isReady = true;
            markReady();
          }
        }
      };
      readline.createInterface({ input: proc.stdout }).on('line', onLine);
      readline.createInterface({ input: proc.stderr }).on('line', onLine);
      proc.once('error', (error) => {
        child.remember(`failed to start: ${error.message}`);
        failReady(new Error(`${name} could not be started: ${error.message}`));
      });
      proc.once('exit', (code, signal) => {
        child.exited = { code, signal };
        failReady(new Error(`${name} exited before it was ready (${describeExit(child.exited)})\n${child.tail()}`));
        if (this.stopping || child.stopRequested || !this.reportExits) return;
        if (!restart) {
          this.print(
            `\n!! ${name} exited unexpectedly (${describeExit(child.exited)}). Its last lines:\n${child.tail(20)}\n` +
              `!! The rest keeps running; fix the cause and restart npm start.\n`,
          );
          if (this.onUnexpectedExit) this.onUnexpectedExit(child);
          return;
        }
        attempt = Date.now() - startedAt >= 60_000 ? 1 : attempt + 1;
        const delayMs = Math.min(30_000, baseMs * 2 ** (attempt - 1));
        this.print(
          `\n!! ${name} exited unexpectedly (${describeExit(child.exited)}). Its last lines:\n${child.tail(20)}\n` +
            `!! restarting ${name} in ${(delayMs / 1000).toFixed(1)} s (restart ${child.restarts + 1}; the backoff doubles up to 30 s)\n`,
        );
        if (this.onUnexpectedExit) this.onUnexpectedExit(child);
        child.restartTimer = setTimeout(() => {
          child.restartTimer = null;
          if (this.stopping || child.stopRequested) return;
          child.restarts += 1;
          launch();
        }, delayMs);
      });
    };
    launch();
    return child;
  }

  /**
   * Runs a command to completion (migrations, seeds). Resolves {code, stdout}; stdout is also logged, unless
   * stdoutIsData: then it is the command's output for the caller (the auth seed's users, with their phones), and
   * only stderr is shown and written to the log file.
   */
  run(name, command, args, { cwd, env, input, stdoutIsData = false } = {}) {
    this.labelWidth = Math.max(this.labelWidth, name.length);
    const prefix = makePrefixer(name, this.children.length + 3, this.labelWidth);
    return new Promise((resolve, reject) => {
      const proc = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
      const child = new ManagedChild(name, proc);
      this.children.push(child);
      let stdout = '';
      proc.stdout.on('data', (c) => {
        stdout += c.toString('utf8');
      });
      const toFile = this.logFiles.writer(name);
      const onLine = (line) => {
        child.remember(line);
        toFile(line);
        if (!this.quiet) this.print(prefix(line));
      };
      if (!stdoutIsData) readline.createInterface({ input: proc.stdout }).on('line', onLine);
      readline.createInterface({ input: proc.stderr }).on('line', onLine);
      proc.stdin.on('error', () => undefined);
      proc.stdin.end(input ?? '');
      proc.once('error', reject);
      proc.once('close', (code, signal) => {
        child.exited = { code, signal };
        this.children = this.children.filter((c) => c !== child);
        resolve({ code, signal, stdout, tail: child.tail() });
      });
    });
  }

  /** Stops the given children (all, newest first, when omitted); waits for each to exit. */
  async stop(children = [...this.children].reverse(), graceMs = 10000) {
    for (const child of children) await child.stop(graceMs);
  }

  async stopAll(graceMs = 10000) {
    this.stopping = true;
    await this.stop([...this.children].reverse(), graceMs);
    await this.logFiles.close();
    process.removeListener('exit', this.exitHook);
    if (this.registry) this.registry.clear();
  }

  killAllNow() {
    for (const child of this.children) child.kill('SIGKILL');
  }
}

class ManagedChild {
  constructor(name, proc) {
    this.name = name;
    this.proc = proc;
    this.lines = [];
    this.isReady = false;
    this.exited = null;
    this.stopRequested = false;
  }

  get pid() {
    return this.proc?.pid;
  }

  remember(line) {
    this.lines.push(line);
    if (this.lines.length > 200) this.lines.shift();
  }

  tail(n = 30) {
    return this.lines.slice(-n).map((l) => `   | ${l}`).join('\n') || '   | (no output)';
  }

  /** Signals the child's process group (it may have children of its own, e.g. a browser). */
  kill(signal) {
    if (this.exited || !this.proc?.pid) return;
    try {
      process.kill(-this.proc.pid, signal);
    } catch {
      try {
        this.proc.kill(signal);
      } catch { /* already gone */ }
    }
  }

  stop(graceMs = 10000) {
    this.stopRequested = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    if (this.exited || !this.proc.pid) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.kill('SIGKILL'), graceMs);
      this.proc.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.kill('SIGTERM');
    });
  }
}

function describeExit({ code, signal }) {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

module.exports = { ProcessGroup, describeExit };
