'use strict';
// A nats-server run with the bus users' permissions (bus-users.js), for `npm start`, the jest runs, the journeys
// and the reliability suites: the config file, the passwords (random, kept in a 0600 users file that the processes
// read their credentials from) and the server process itself.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { busUsers } = require('./bus-users');
const { renderAuthorization, passwordEnvironment } = require('./authorization');
const { freePort } = require('../local/probes');

/**
 * Writes `<dir>/nats-server.conf` (the authorization block) and `<dir>/bus-users.json` (each user's password, 0600),
 * reusing the passwords already in the users file when it was written for the same users, so a server started
 * earlier from this dir keeps accepting them.
 * @returns {{configFile: string, usersFile: string, passwords: Record<string, string>, env: Record<string, string>}}
 */
function prepareServerConfig({ dir, namespace, testAdmin = false }) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const options = { namespace, testAdmin };
  const usersFile = path.join(dir, 'bus-users.json');
  const previous = readUsersFile(usersFile);
  const passwords = {};
  for (const { user } of busUsers(options)) passwords[user] = previous?.users?.[user]?.password ?? newPassword();
  const users = Object.fromEntries(Object.entries(passwords).map(([user, password]) => [user, { user, password }]));
  fs.writeFileSync(usersFile, `${JSON.stringify({ namespace, users }, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(usersFile, 0o600);
  const configFile = path.join(dir, 'nats-server.conf');
  fs.writeFileSync(configFile, renderAuthorization(options));
  return { configFile, usersFile, passwords, env: passwordEnvironment(options, passwords) };
}

/**
 * nats-server parses a `$VARIABLE`'s value as a config value, so a password must read as one string: a letter,
 * then hex (a leading digit or a `-` would not parse; k8s/nats/README.md says the same for the cluster's Secrets).
 */
function newPassword() {
  return `p${randomBytes(24).toString('hex')}`;
}

function readUsersFile(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The environment that gives one deployable's process its own bus credentials (read by services/shared). */
function credentialsEnv(passwords, user) {
  if (!passwords[user]) throw new Error(`no bus user "${user}"`);
  return { NATS_USER: user, NATS_PASSWORD: passwords[user] };
}

/** nats-server's arguments: the config, and listen address, port and JetStream store on the command line. */
function serverArgs({ configFile, port, storeDir }) {
  return ['-c', configFile, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir];
}

/**
 * Starts nats-server with the permission config and resolves once it logs "Server is ready".
 * @returns {Promise<{pid: number, url: string, stop: () => Promise<void>}>}
 */
function startPermissionedNats({ binary, port, configFile, env, storeDir, readyTimeoutMs = 20000 }) {
  fs.mkdirSync(storeDir, { recursive: true });
  const child = spawn(binary, serverArgs({ configFile, port, storeDir }), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`nats-server on port ${port} did not report "Server is ready" within ${readyTimeoutMs} ms:\n${log}`));
    }, readyTimeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start ${binary}: ${error.message}`));
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`nats-server on port ${port} exited (${signal ?? code}) before it was ready:\n${log}`));
    });
    child.stderr.on('data', (chunk) => {
      if (log.length < 20000) log += chunk.toString();
      if (/Server is ready/.test(log)) {
        clearTimeout(timer);
        resolve({ pid: child.pid, url: `nats://127.0.0.1:${port}`, stop });
      }
    });
  });
}

module.exports = { prepareServerConfig, credentialsEnv, serverArgs, startPermissionedNats, freePort, readUsersFile };
