'use strict';
// NATS for local runs: NATS_URL, else the local server on 4222 (with JetStream), else our own
// nats-server (PATH, else the binary of the optional dependency nats-memory-server).
// The bus permissions (infra/nats/bus-users.js, issue 14) are on in every run: a server that lets anyone in (no
// bus users) is not used; our own nats-server is started instead, with the permission config written for this
// bus namespace and a password per bus user, and each process gets its own user's credentials (credentials(name)).
// A server with users is used with the passwords in AFYA_NATS_USERS_FILE ({users: {<user>: {user, password}}}).
const fs = require('node:fs');
const path = require('node:path');
const { DEFAULTS, chooseNats, findOnPath, natsMemoryServerBinary, natsInstallHelp } = require('./config');
const { probeNats } = require('./probes');
const { prepareServerConfig, credentialsEnv, serverArgs, readUsersFile } = require('../nats/permissioned-server');

class NatsUnavailableError extends Error {}

function findNatsBinary(root) {
  const onPath = findOnPath('nats-server');
  if (onPath) return { path: onPath, source: `nats-server (${onPath})` };
  const fromPackage = natsMemoryServerBinary(root);
  if (fromPackage) return { path: fromPackage, source: `the nats-memory-server binary (${fromPackage})` };
  return null;
}

/**
 * Returns {mode, url, describe, credentials(name), usersFile, stop()}; usersFile holds the bus users' passwords. `processes` is the ProcessGroup that owns a spawned server.
 */
async function provideNats({ env = process.env, localDir, root, processes, log = () => undefined, verbose = false, spawnPort, localPort, findBinary } = {}) {
  const local = { ...DEFAULTS.localNats, port: localPort ?? DEFAULTS.localNats.port };
  const localUrl = `nats://${local.host}:${local.port}`;
  let choice = await chooseNats({
    env,
    localUrl,
    probeLocal: () => probeNats(local.host, local.port),
    findBinary: findBinary || (() => findNatsBinary(root)),
  });
  if (choice.mode === 'env' || choice.mode === 'local') {
    const url = choice.mode === 'env' ? choice.url : localUrl;
    const first = new URL(url.split(',')[0].trim().replace(/^tls:/, 'nats:'));
    const probe = await probeNats(first.hostname, Number(first.port || 4222));
    if (!probe.ok) throw new Error(`NATS_URL (${url}) does not answer: ${probe.error}`);
    if (probe.authRequired) {
      const users = env.AFYA_NATS_USERS_FILE ? readUsersFile(env.AFYA_NATS_USERS_FILE) : null;
      if (!users || !users.users) {
        throw new Error(`the NATS at ${url} has users: set AFYA_NATS_USERS_FILE to the bus users' passwords ({"users": {"gateway": {"user", "password"}, …}}), or unset NATS_URL to run our own`);
      }
      if (!probe.jetstream) log(`warning: the NATS at ${url} does not announce JetStream; events will not flow`);
      const passwords = Object.fromEntries(Object.entries(users.users).map(([name, entry]) => [name, entry.password]));
      const describe = choice.mode === 'env' ? `NATS_URL ${url} (bus users from ${env.AFYA_NATS_USERS_FILE})` : `local server ${url} (JetStream, bus users)`;
      return { mode: choice.mode, url, describe, note: choice.note, credentials: credentialsFrom(passwords), usersFile: env.AFYA_NATS_USERS_FILE, stop: async () => undefined };
    }
    // It lets anyone in: it has no bus users, so the permissions would not be exercised. Run our own beside it.
    const binary = (findBinary || (() => findNatsBinary(root)))();
    if (!binary) {
      throw new NatsUnavailableError(`the NATS at ${url} has no bus users (anyone may connect), and no nats-server was found to run one with the bus permissions.\n${natsInstallHelp()}`);
    }
    choice = { mode: 'spawn', binary, note: `the NATS at ${url} has no bus users; starting ${binary.source} with the bus permissions` };
  }
  if (choice.mode === 'none') {
    throw new NatsUnavailableError(`${choice.note}.\n${natsInstallHelp()}`);
  }

  const port = spawnPort ?? (Number(env.AFYA_NATS_PORT) || DEFAULTS.spawnedNatsPort);
  const url = `nats://127.0.0.1:${port}`;
  const config = prepareServerConfig({ dir: path.join(localDir, 'nats-auth'), namespace: env.AFYA_BUS || 'afya' });
  const credentials = credentialsFrom(config.passwords);
  const existing = await probeNats('127.0.0.1', port);
  if (existing.ok && existing.jetstream && existing.authRequired && (await acceptsGateway(url, config.passwords))) {
    return { mode: 'spawned', url, describe: `our nats-server already running on ${url} (started by another runner)`, note: choice.note, credentials, usersFile: config.usersFile, stop: async () => undefined };
  }
  if (existing.ok || existing.error !== 'ECONNREFUSED') {
    throw new Error(`port ${port} is taken by something that is not our NATS with the bus users of ${localDir} (${existing.error || 'refused our credentials'}). Free it or set AFYA_NATS_PORT.`);
  }
  const storeDir = path.join(localDir, 'nats');
  fs.mkdirSync(storeDir, { recursive: true });
  log(`${choice.note} on port ${port}`);
  const child = processes.start('nats', choice.binary.path, serverArgs({ configFile: config.configFile, port, storeDir }), {
    env: { ...process.env, ...config.env },
    readyPattern: /Server is ready/,
    echo: verbose,
  });
  await withTimeout(child.ready, 20000, 'nats-server did not report "Server is ready" within 20 s');
  return {
    mode: 'spawned',
    url,
    describe: `${choice.binary.source} on ${url} (JetStream store ${storeDir}, bus permissions ${config.configFile})`,
    note: choice.note,
    credentials,
    usersFile: config.usersFile,
    stop: () => child.stop(10000),
  };
}

/** credentials(name): the environment giving one process the bus user `name` (gateway, a service, ops); {} for others. */
function credentialsFrom(passwords) {
  return (name) => (passwords[name] ? credentialsEnv(passwords, name) : {});
}

/** Whether a running server lets the gateway in with these passwords (a server an earlier runner started from this dir). */
async function acceptsGateway(url, passwords) {
  const { connect } = require('nats');
  try {
    const nc = await connect({ servers: url, user: 'gateway', pass: passwords.gateway, reconnect: false, timeout: 2000 });
    await nc.close();
    return true;
  } catch {
    return false;
  }
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
