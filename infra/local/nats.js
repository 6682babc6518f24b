'use strict';
// NATS for local runs: NATS_URL, else the local server on 4222 (with JetStream), else our own
// nats-server (PATH, else the binary of the optional dependency nats-memory-server).
const fs = require('node:fs');
const path = require('node:path');
const { DEFAULTS, chooseNats, findOnPath, natsMemoryServerBinary, natsInstallHelp } = require('./config');
const { probeNats } = require('./probes');

class NatsUnavailableError extends Error {}

function findNatsBinary(root) {
  const onPath = findOnPath('nats-server');
  if (onPath) return { path: onPath, source: `nats-server (${onPath})` };
  const fromPackage = natsMemoryServerBinary(root);
  if (fromPackage) return { path: fromPackage, source: `the nats-memory-server binary (${fromPackage})` };
  return null;
}

/**
 * Returns {mode, url, describe, stop()}. `processes` is the ProcessGroup that owns a spawned server.
 */
async function provideNats({ env = process.env, localDir, root, processes, log = () => undefined, verbose = false, spawnPort, localPort, findBinary } = {}) {
  const local = { ...DEFAULTS.localNats, port: localPort ?? DEFAULTS.localNats.port };
  const localUrl = `nats://${local.host}:${local.port}`;
  const choice = await chooseNats({
    env,
    localUrl,
    probeLocal: () => probeNats(local.host, local.port),
    findBinary: findBinary || (() => findNatsBinary(root)),
  });
  if (choice.mode === 'env') {
    const first = new URL(choice.url.split(',')[0].trim().replace(/^tls:/, 'nats:'));
    const probe = await probeNats(first.hostname, Number(first.port || 4222));
    if (!probe.ok) throw new Error(`NATS_URL (${choice.url}) does not answer: ${probe.error}`);
    if (!probe.jetstream) log(`warning: the NATS at ${choice.url} does not announce JetStream; events will not flow`);
    return { mode: 'env', url: choice.url, describe: `NATS_URL ${choice.url}`, note: choice.note, stop: async () => undefined };
  }
  if (choice.mode === 'local') {
    return { mode: 'local', url: localUrl, describe: `local server ${localUrl} (JetStream)`, note: choice.note, stop: async () => undefined };
  }
  if (choice.mode === 'none') {
    throw new NatsUnavailableError(`${choice.note}.\n${natsInstallHelp()}`);
  }

  const port = spawnPort ?? DEFAULTS.spawnedNatsPort;
  const url = `nats://127.0.0.1:${port}`;
  const existing = await probeNats('127.0.0.1', port);
  if (existing.ok && existing.jetstream) {
    return { mode: 'spawned', url, describe: `our nats-server already running on ${url} (started by another runner)`, note: choice.note, stop: async () => undefined };
  }
  if (existing.ok || existing.error !== 'ECONNREFUSED') {
    throw new Error(`port ${port} is taken by something that is not a NATS with JetStream (${existing.error || 'no JetStream'}). Free it or set NATS_URL.`);
  }
  const storeDir = path.join(localDir, 'nats');
  fs.mkdirSync(storeDir, { recursive: true });
  log(`${choice.note} on port ${port}`);
  const child = processes.start('nats', choice.binary.path, ['-js', '-sd', storeDir, '-a', '127.0.0.1', '-p', String(port)], {
    env: process.env,
    readyPattern: /Server is ready/,
    echo: verbose,
  });
  await withTimeout(child.ready, 20000, 'nats-server did not report "Server is ready" within 20 s');
  return {
    mode: 'spawned',
    url,
    describe: `${choice.binary.source} on ${url} (JetStream store ${storeDir})`,
    note: choice.note,
    stop: () => child.stop(10000),
  };
}

function withTimeout(promise, ms, message) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]);
}

module.exports = { provideNats, findNatsBinary, NatsUnavailableError, withTimeout };
