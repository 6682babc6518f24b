#!/usr/bin/env node
'use strict';
// `npm start` (after the build): starts the whole platform on this machine and stops it on Ctrl-C.
// Env: PORT (3000), DATABASE_URL, NATS_URL, AFYA_BUS, AFYA_FORCE_EMBEDDED (1 | pg | nats),
// AFYA_LOCAL_DIR (<repo>/.local), AFYA_SEED=false, AFYA_DEMO_DATA, AFYA_VERBOSE=1 (embedded PostgreSQL logs).
const { startPlatform } = require('./platform');
const { NatsUnavailableError } = require('./nats');

async function main() {
  const starting = new AbortController();
  let platform = null;
  let stopping = false;

  const onSignal = async (signal) => {
    if (stopping) {
      process.stderr.write(`\n[afya] ${signal} again: killing everything now\n`);
      if (platform) platform.processes.killAllNow();
      process.exit(130);
    }
    stopping = true;
    process.stderr.write(`\n[afya] ${signal}: stopping everything (press Ctrl-C again to force)\n`);
    if (!platform) {
      starting.abort(); // startPlatform stops what it started, then rejects with AbortError
      return;
    }
    await platform.stop();
    process.stderr.write('[afya] stopped\n');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void onSignal(signal));

  try {
    platform = await startPlatform({ signal: starting.signal });
  } catch (error) {
    if (error.name === 'AbortError') {
      process.stderr.write('[afya] stopped\n');
      process.exit(0);
    }
    const message = error instanceof NatsUnavailableError ? error.message : `could not start: ${error.message}`;
    process.stderr.write(`\n[afya] ${message}\n`);
    process.exit(1);
  }
  process.stdout.write(`\n${platform.banner}\n\n`);
  if (!platform.keepsRunning) {
    await platform.stop();
    process.exit(0);
  }
}

main();
