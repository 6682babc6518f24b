'use strict';
// jest globalSetup (jest.preset.js): one nats-server per jest run with the bus users' permissions
// (infra/nats/bus-users.js, namespace `*` because every test file picks its own random bus namespace), on a free
// port of this machine, JetStream in a temporary store. Every test connects through it: NATS_URL points at it and
// AFYA_NATS_USERS_FILE holds each deployable's password (services/shared/src/bus-security/credentials.ts), so the
// in-process services and the gateway run as their own bus users, exactly as in the cluster.
// Test code that sets the bus up directly connects as `test-admin`, a user only this config has.
// TEST_NATS_PORT pins the port; the server is stopped by PID in global-teardown.js, or by reaper.js once jest is gone.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { prepareServerConfig, startPermissionedNats, freePort } = require('../permissioned-server');
const { findNatsBinary } = require('../../local/nats');
const { natsInstallHelp } = require('../../local/config');

const REPO_ROOT = path.resolve(__dirname, '../../..');

async function containerRuntimeAvailable() {
  try {
    const { getContainerRuntimeClient } = require('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

module.exports = async function startTestNats() {
  // With several projects in one run (the root jest config), each project's globalSetup calls this: one server.
  if (globalThis.__AFYA_TEST_NATS__) return;
  const binary = findNatsBinary(REPO_ROOT);
  if (!binary) throw new Error(`The tests run their own nats-server (with the bus permissions) and none was found.\n${natsInstallHelp()}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-test-nats-'));
  const config = prepareServerConfig({ dir, namespace: '*', testAdmin: true });
  const port = Number(process.env.TEST_NATS_PORT) || (await freePort());
  const server = await startPermissionedNats({ binary: binary.path, port, configFile: config.configFile, env: config.env, storeDir: path.join(dir, 'jetstream') });
  // A run that ends without globalTeardown (killed, a failing globalSetup of another project) must not leave it running.
  spawn(process.execPath, [path.join(__dirname, 'reaper.js'), String(process.pid), String(server.pid), dir], { detached: true, stdio: 'ignore' }).unref();
  globalThis.__AFYA_TEST_NATS__ = { pid: server.pid, stop: server.stop, dir };
  // Workers are forked after globalSetup: they inherit these.
  process.env.NATS_URL = server.url;
  // Whether test files may start PostgreSQL in containers (testcontainers), asked once for the run: loading
  // testcontainers to ask took 1-6 s in every test file, on machines that have no container engine at all.
  process.env.AFYA_TEST_CONTAINERS ??= (await containerRuntimeAvailable()) ? 'on' : 'off';
  process.env.AFYA_NATS_USERS_FILE = config.usersFile;
};
