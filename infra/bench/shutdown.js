'use strict';
// What a bench script started, and stopping all of it: on SIGINT, SIGTERM or SIGHUP, on a failure, and at the end.
// Every child process of a bench (a bare node:http server, the ceiling, a child bench script, a trace sink) is
// spawned through spawnTracked(): in a process group of its own, so that stopping it reaches whatever it started in
// turn. Every platform (infra/local/platform.js, which puts each of its own children in a group too) registers its
// stop with onShutdown(). runMain() wraps a script's main: a signal or an error stops everything, then the process
// exits (130 for SIGINT, 143 for SIGTERM, 1 for an error). A second signal kills what is left at once.
const { spawn } = require('node:child_process');

const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
/** How long a child gets after SIGTERM before SIGKILL; a platform's own stop uses its runner's 10 s. */
const GRACE_MS = 10_000;

const children = new Set();
const cleanups = new Set();
const interruption = new AbortController();
let stopping = null;
let signalled = null;

const log = (line) => process.stderr.write(`[bench] ${line}\n`);

function signalGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** Every tracked child's group gets SIGKILL, synchronously (process 'exit', a second signal). */
function killAllNow() {
  for (const child of children) signalGroup(child, 'SIGKILL');
}
process.on('exit', killAllNow);

/**
 * spawn() in a process group of its own, tracked until it exits. `name` says what it is in messages.
 * @returns {import('node:child_process').ChildProcess & {name: string, exited: Promise<{code: number|null, signal: string|null}>}}
 */
function spawnTracked(name, command, args, options = {}) {
  if (interruption.signal.aborted) throw new Error(`not starting ${name}: the bench is stopping`);
  const child = spawn(command, args, { ...options, detached: true });
  child.name = name;
  children.add(child);
  child.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
    child.once('error', (error) => {
      children.delete(child);
      resolve({ code: null, signal: null, error });
    });
  });
  return child;
}

/** SIGTERM to the child's group, SIGKILL after graceMs; resolves once it exited. */
async function stopChild(child, graceMs = GRACE_MS) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  signalGroup(child, 'SIGTERM');
  await child.exited;
  clearTimeout(timer);
}

/** Registers what stopping needs besides the tracked children (a platform's stop); returns its unregistration. */
function onShutdown(cleanup) {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Stops everything (cleanups and children together, at most graceMs + 5 s, then SIGKILL); once. */
function shutdown(graceMs = GRACE_MS) {
  if (!stopping) {
    interruption.abort();
    stopping = (async () => {
      const all = [...[...cleanups].map((cleanup) => Promise.resolve().then(cleanup)), ...[...children].map((child) => stopChild(child, graceMs))];
      let timer;
      const late = new Promise((resolve) => {
        timer = setTimeout(() => resolve('late'), graceMs + 5000);
      });
      const outcome = await Promise.race([Promise.allSettled(all), late]);
      clearTimeout(timer);
      if (outcome === 'late') log(`still stopping after ${(graceMs + 5000) / 1000} s: killing what is left`);
      for (const result of outcome === 'late' ? [] : outcome) if (result.status === 'rejected') log(`while stopping: ${result.reason?.message ?? result.reason}`);
      killAllNow();
    })();
  }
  return stopping;
}

/**
 * Runs `main` as the script's body: SIGINT/SIGTERM/SIGHUP or a thrown error stop everything it started before the
 * process exits; after a normal end, whatever is still tracked is stopped too.
 */
function runMain(main, label = 'bench') {
  for (const signal of Object.keys(SIGNAL_EXIT)) {
    process.on(signal, () => {
      if (stopping) {
        log(`${signal} again: killing everything now`);
        killAllNow();
        process.exit(SIGNAL_EXIT[signal]);
      }
      signalled = signal;
      log(`${label}: ${signal}, stopping everything it started`);
      shutdown().then(() => process.exit(SIGNAL_EXIT[signal]));
    });
  }
  Promise.resolve()
    .then(main)
    .then(
      async () => {
        if (signalled) return; // the signal's shutdown is under way and exits
        await shutdown();
        process.exit(0);
      },
      async (error) => {
        if (signalled) return; // e.g. a wait the shutdown interrupted: the signal's shutdown exits
        console.error(error);
        await shutdown();
        process.exit(1);
      },
    );
}

/** Waits for `promise`, failing after ms with a message that names what was awaited. */
function withDeadline(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`} waiting for ${what}`)), ms);
    }),
  ]);
}

/**
 * A child that says "ready" on stdout when it listens (a bare server, the ceiling, the trace sink): resolves then;
 * fails if it exits first (a port in use) or stays silent for timeoutMs.
 */
async function readyLine(child, timeoutMs = 20_000) {
  const ready = new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.exited.then(({ code, signal, error }) => reject(new Error(`${child.name} exited before it was ready (${error ? error.message : signal || `exit code ${code}`})`)));
  });
  try {
    await withDeadline(ready, timeoutMs, `${child.name} to say it is ready`);
  } catch (error) {
    await stopChild(child, 1000);
    throw error;
  }
}

module.exports = { spawnTracked, stopChild, onShutdown, shutdown, runMain, withDeadline, readyLine, interrupted: interruption.signal, GRACE_MS };
