'use strict';
// Pure helpers of the local runner: no processes, no sockets. Tested in config.spec.ts.
const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');

const DEFAULTS = Object.freeze({
  port: 3000,
  databaseName: 'afya',
  localPostgres: { host: '127.0.0.1', port: 5432, user: 'postgres' },
  localNats: { host: '127.0.0.1', port: 4222 },
  embeddedPostgresPort: 54329,
  embeddedPostgresUser: 'postgres',
  embeddedPostgresPassword: 'postgres',
  spawnedNatsPort: 42229,
});

const MFE_NAMES = Object.freeze(['patient', 'doctor', 'admin']);

/**
 * STATIC_MFE_DIRS is "patient=/abs/mfe-patient/dist,doctor=/abs/...". Names are lower-case words,
 * paths must be absolute. Throws on anything else, so a typo fails loudly instead of serving nothing.
 */
function parseMfeDirs(value) {
  const result = {};
  if (value === undefined || value === null || String(value).trim() === '') return result;
  for (const part of String(value).split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const eq = entry.indexOf('=');
    if (eq <= 0) throw new Error(`STATIC_MFE_DIRS entry "${entry}" is not name=/absolute/path`);
    const name = entry.slice(0, eq).trim();
    const dir = entry.slice(eq + 1).trim();
    if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`STATIC_MFE_DIRS name "${name}" must be lower-case letters, digits or -`);
    if (!path.isAbsolute(dir)) throw new Error(`STATIC_MFE_DIRS path for "${name}" must be absolute, got "${dir}"`);
    if (Object.prototype.hasOwnProperty.call(result, name)) throw new Error(`STATIC_MFE_DIRS names "${name}" twice`);
    result[name] = dir;
  }
  return result;
}

function formatMfeDirs(dirs) {
  return Object.entries(dirs)
    .map(([name, dir]) => {
      if (dir.includes(',') || dir.includes('=')) throw new Error(`MFE path "${dir}" cannot contain "," or "="`);
      return `${name}=${dir}`;
    })
    .join(',');
}

/**
 * The STATIC_* env of the gateway for the frontends that are built (their dist has an index.html or
 * a remote entry). Returns the env and the list of what is missing, to tell the user.
 */
function staticEnv(root = REPO_ROOT, exists = fs.existsSync) {
  const env = {};
  const missing = [];
  const shellDist = path.join(root, 'shell', 'dist');
  if (exists(path.join(shellDist, 'index.html'))) env.STATIC_SHELL_DIR = shellDist;
  else missing.push('shell');
  const mfes = {};
  for (const name of MFE_NAMES) {
    const dist = path.join(root, `mfe-${name}`, 'dist');
    // a remote's production build: its files under dist/<version>/, dist/release.json naming that release
    // (shell/webpack.parts.js VersionedReleasePlugin); the gateway pins it in /config/remotes.json
    if (exists(path.join(dist, 'release.json'))) mfes[name] = dist;
    else missing.push(`mfe-${name}`);
  }
  if (Object.keys(mfes).length) env.STATIC_MFE_DIRS = formatMfeDirs(mfes);
  return { env, missing };
}

/** AFYA_FORCE_EMBEDDED: 1/true/all/yes → both; a list of "pg"/"postgres"/"nats" → those. */
function parseForceEmbedded(value) {
  const v = String(value ?? '').trim().toLowerCase();
  if (!v || v === '0' || v === 'false' || v === 'no') return { postgres: false, nats: false };
  if (v === '1' || v === 'true' || v === 'all' || v === 'yes') return { postgres: true, nats: true };
  const parts = v.split(/[\s,]+/);
  const known = new Set(['pg', 'postgres', 'postgresql', 'nats']);
  for (const p of parts) if (!known.has(p)) throw new Error(`AFYA_FORCE_EMBEDDED: unknown value "${p}" (use 1, pg, nats or pg,nats)`);
  return {
    postgres: parts.some((p) => p !== 'nats'),
    nats: parts.includes('nats'),
  };
}

/**
 * Decides where PostgreSQL comes from. `probeLocal()` answers {ok, error?} for the local server.
 * Returns {mode: 'env'|'local'|'embedded', url?, note}.
 */
async function choosePostgres({ env = process.env, probeLocal, localUrl }) {
  const force = parseForceEmbedded(env.AFYA_FORCE_EMBEDDED);
  if (force.postgres) return { mode: 'embedded', note: 'AFYA_FORCE_EMBEDDED asks for the embedded PostgreSQL' };
  if (env.DATABASE_URL) return { mode: 'env', url: env.DATABASE_URL, note: 'DATABASE_URL is set' };
  const probe = await probeLocal();
  if (probe.ok) return { mode: 'local', url: localUrl, note: `a PostgreSQL answers at ${redactUrl(localUrl)}` };
  return {
    mode: 'embedded',
    note: probe.listening
      ? `a PostgreSQL listens on the local port but refused us (${probe.error}); using an embedded one instead`
      : 'no PostgreSQL answers locally',
  };
}

/**
 * Decides where NATS comes from. `probeLocal()` answers {ok, jetstream, error?}; `findBinary()` answers
 * {path, source} or null. Returns {mode: 'env'|'local'|'spawn'|'none', url?, binary?, note}.
 */
async function chooseNats({ env = process.env, probeLocal, localUrl, findBinary }) {
  const force = parseForceEmbedded(env.AFYA_FORCE_EMBEDDED);
  let skipped = 'AFYA_FORCE_EMBEDDED asks for our own NATS';
  if (!force.nats) {
    if (env.NATS_URL) return { mode: 'env', url: env.NATS_URL, note: 'NATS_URL is set' };
    const probe = await probeLocal();
    if (probe.ok && probe.jetstream) return { mode: 'local', url: localUrl, note: `a NATS with JetStream answers at ${localUrl}` };
    skipped = probe.ok ? `the NATS at ${localUrl} has no JetStream` : 'no NATS answers locally';
  }
  const binary = findBinary();
  if (binary) return { mode: 'spawn', binary, note: `${skipped}; starting ${binary.source}` };
  return { mode: 'none', note: skipped };
}

/** What to tell the user when no NATS can be had. */
function natsInstallHelp() {
  return [
    'No NATS server is available, and Afya needs one (with JetStream).',
    'Do one of these, then run `npm start` again:',
    '  - Debian/Ubuntu:  sudo apt-get install -y nats-server      (then it is found in /usr/sbin or on PATH)',
    '  - macOS:          brew install nats-server',
    '  - Docker:         docker compose -f infra/docker-compose.yml up -d   (PostgreSQL 15 + NATS 2.10 with JetStream)',
    '  - any machine:    download nats-server from https://github.com/nats-io/nats-server/releases and put it on PATH',
    '  - an existing server: NATS_URL=nats://host:4222 npm start   (JetStream must be enabled)',
  ].join('\n');
}

/** Looks for an executable named `name` in PATH, then in the sbin folders a non-root PATH often lacks. */
function findOnPath(name, envPath = process.env.PATH || '', exists = isExecutable) {
  const dirs = envPath.split(path.delimiter).filter(Boolean);
  for (const extra of ['/usr/local/sbin', '/usr/sbin', '/sbin', '/usr/local/bin', '/opt/homebrew/bin']) {
    if (!dirs.includes(extra)) dirs.push(extra);
  }
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (exists(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The nats-server binary of the optional dependency nats-memory-server, if it is installed: its
 * config (root package.json "natsMemoryServer".binPath or nats-memory-server-config.json), else its
 * default node_modules/.cache/nats-memory-server/nats-server.
 */
function natsMemoryServerBinary(root = REPO_ROOT, exists = isExecutable) {
  if (!fs.existsSync(path.join(root, 'node_modules', 'nats-memory-server', 'package.json'))) return null;
  const candidates = [];
  const fromConfig = (config) => {
    if (config && typeof config.binPath === 'string') candidates.push(path.resolve(root, config.binPath));
    if (config && typeof config.downloadDir === 'string') candidates.push(path.resolve(root, config.downloadDir, 'nats-server'));
  };
  try {
    fromConfig(JSON.parse(fs.readFileSync(path.join(root, 'nats-memory-server-config.json'), 'utf8')));
  } catch { /* no config file */ }
  try {
    fromConfig(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).natsMemoryServer);
  } catch { /* unreadable package.json */ }
  candidates.push(path.join(root, 'node_modules', '.cache', 'nats-memory-server', 'nats-server'));
  return candidates.find((file) => exists(file)) || null;
}

/** Backend packages that are built: [{name, dir, main, migrate?, seed?}], auth first, then by name. */
function discoverServices(root = REPO_ROOT) {
  const servicesDir = path.join(root, 'services');
  let names;
  try {
    names = fs.readdirSync(servicesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
  return names
    .map((name) => describePackage(name, path.join(servicesDir, name)))
    .filter(Boolean)
    .sort((a, b) => (a.name === 'auth' ? -1 : b.name === 'auth' ? 1 : a.name.localeCompare(b.name)));
}

function discoverGateway(root = REPO_ROOT) {
  return describePackage('gateway', path.join(root, 'gateway'));
}

function describePackage(name, dir) {
  const main = path.join(dir, 'dist', 'src', 'main.js');
  if (!fs.existsSync(main)) return null;
  const migrate = path.join(dir, 'dist', 'src', 'migrate.js');
  const seed = path.join(dir, 'dist', 'src', 'seed.js');
  return {
    name,
    dir,
    main,
    migrate: fs.existsSync(migrate) ? migrate : null,
    seed: fs.existsSync(seed) ? seed : null,
  };
}

/** The auth seed prints one JSON line {"users":[...]} among possible log lines: find the last such line. */
function parseSeedOutput(stdout) {
  const lines = String(stdout).split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!lines[i].startsWith('{')) continue;
    try {
      const parsed = JSON.parse(lines[i]);
      if (parsed && Array.isArray(parsed.users)) return parsed;
    } catch { /* a log line that looks like JSON */ }
  }
  throw new Error('the auth seed printed no {"users":[...]} line on stdout');
}

/** Reads and checks the demo data: the banner shows its logins, the seeds create it. */
function readDemoData(file = path.join(__dirname, 'demo-data.json')) {
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(data.users)) throw new Error(`${file}: "users" must be an array`);
  return data;
}

/** The logins shown in the banner: the admin, the demo patient and Dr. Wanjiku. */
function demoLogins(data) {
  const wanted = ['admin@afya.test', 'patient@afya.test', 'dr.wanjiku@afya.test'];
  return wanted
    .map((email) => data.users.find((u) => u.email === email))
    .filter(Boolean)
    .map((u) => ({ role: u.role, email: u.email, name: `${u.firstname} ${u.lastname}` }));
}

function redactUrl(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/** Replaces the database of a postgres:// URL. */
function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function parsePort(value, fallback) {
  if (value === undefined || value === null || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`invalid port "${value}"`);
  return port;
}

function formatBanner({ url, postgres, nats, services, gateway, logins, missingFrontends, seeded, keepsRunning = true, messages = {} }) {
  const lines = [];
  lines.push(gateway ? `Afya is running at ${url}` : 'Afya: PostgreSQL and NATS are ready, but no gateway is built yet, so nothing serves HTTP');
  lines.push('');
  lines.push(`  PostgreSQL: ${postgres.describe}`);
  lines.push(`  NATS:       ${nats.describe}`);
  lines.push(`  Services:   ${services.length ? services.join(', ') : 'none built yet (services/*/dist/src/main.js)'}`);
  lines.push(`  Gateway:    ${gateway ? `${url}/api (health: ${url}/api/health)` : 'not built yet (gateway/dist/src/main.js): run npm run build'}`);
  if (missingFrontends && missingFrontends.length) lines.push(`  Not built:  ${missingFrontends.join(', ')} (run npm run build)`);
  if (seeded) lines.push(`  Demo data:  ${seeded}`);
  if (messages.inbox) lines.push(`  Email sent: ${messages.inbox} (the local SMTP server's inbox)`);
  if (messages.sms) lines.push(`  SMS sent:   ${messages.sms} (the Africa's Talking sandbox)`);
  if (messages.ussd) lines.push(`  USSD:       ${messages.ussd} (the USSD simulator: dial ${messages.ussdCode} from a patient's phone)`);
  if (logins && logins.length) {
    lines.push('');
    // Never the passwords: this banner lands in terminals' scrollback and CI logs. README.md lists them.
    lines.push('  Demo logins (passwords in README.md, "Running it"):');
    const emailWidth = Math.max(...logins.map((l) => l.email.length));
    for (const l of logins) {
      lines.push(`    ${l.role.padEnd(7)} ${l.email.padEnd(emailWidth)}  ${l.name}`);
    }
  }
  lines.push('');
  lines.push(keepsRunning ? '  Press Ctrl-C to stop everything.' : '  Nothing of ours is running, so this exits now.');
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = '='.repeat(width);
  return [bar, ...lines.map((l) => (l ? ` ${l}` : '')), bar].join('\n');
}

module.exports = {
  REPO_ROOT,
  DEFAULTS,
  MFE_NAMES,
  parseMfeDirs,
  formatMfeDirs,
  staticEnv,
  parseForceEmbedded,
  choosePostgres,
  chooseNats,
  natsInstallHelp,
  findOnPath,
  natsMemoryServerBinary,
  discoverServices,
  discoverGateway,
  parseSeedOutput,
  readDemoData,
  demoLogins,
  redactUrl,
  withDatabase,
  parsePort,
  formatBanner,
};
