'use strict';
// The stock NestJS microservices peer (issue 41): built from this folder's TypeScript with swc into dist/, then two
// processes beside the platform: the HTTP app (http-main.ts) and the microservice (service-main.ts), talking over a
// nats-server of their own (no auth, no JetStream), reading and writing the bench database's appointment schema.
const fs = require('node:fs');
const path = require('node:path');
const { spawnTracked, stopChild, readyLine, withDeadline } = require('../shutdown');

const SOURCES = ['entities.ts', 'appointments.service.ts', 'http-app.ts', 'http-main.ts', 'service-main.ts'];
const DIST = path.join(__dirname, 'dist');

/** The peer's TypeScript to CommonJS with the repository's swc options (decorators and their metadata). */
function buildPeer() {
  const swc = require('@swc/core');
  const options = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../.swcrc'), 'utf8'));
  delete options.$schema;
  fs.mkdirSync(DIST, { recursive: true });
  for (const file of SOURCES) {
    const { code } = swc.transformFileSync(path.join(__dirname, file), { ...options, sourceMaps: false, swcrc: false });
    fs.writeFileSync(path.join(DIST, file.replace(/\.ts$/, '.js')), code);
  }
}

/** nats-server logs to stderr: ready once it says so (20 s at most). */
function serverReady(child) {
  let seen = '';
  const ready = new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      if (seen.length < 10_000) seen += chunk;
      if (seen.includes('Server is ready')) resolve();
    });
    child.exited.then(({ code, signal }) => reject(new Error(`${child.name} exited before it was ready (${signal || `exit code ${code}`}): ${seen.trim()}`)));
  });
  return withDeadline(ready, 20_000, `${child.name} to say it is ready`);
}

/** The nats-server binary: NATS_SERVER_BIN, else /usr/sbin or PATH (as infra/local finds it); null if none. */
function natsBinary() {
  if (process.env.NATS_SERVER_BIN) return process.env.NATS_SERVER_BIN;
  const dirs = ['/usr/sbin', '/usr/local/bin', ...(process.env.PATH || '').split(path.delimiter)];
  for (const dir of dirs) if (dir && fs.existsSync(path.join(dir, 'nats-server'))) return path.join(dir, 'nats-server');
  return null;
}

/**
 * Starts the peer: its nats-server on `natsPort` (or, with PEER_NATS_URL or no nats-server binary, that NATS / the
 * machine's at 127.0.0.1:4222 without auth), the microservice, then the HTTP app on `port`.
 * @param {{databaseUrl: string, publicKeyFile: string, port: number, natsPort: number}} options
 * @returns {Promise<{url: string, natsUrl: string, natsPort: number|null, stop: () => Promise<void>}>}
 */
async function startNestPeer({ databaseUrl, publicKeyFile, port, natsPort }) {
  buildPeer();
  const started = [];
  const stop = async () => {
    for (const child of started.reverse()) await stopChild(child);
  };
  try {
    let natsUrl = process.env.PEER_NATS_URL || null;
    const binary = natsUrl ? null : natsBinary();
    if (binary) {
      const nats = spawnTracked(`peer nats-server on port ${natsPort}`, binary, ['-a', '127.0.0.1', '-p', String(natsPort)], { stdio: ['ignore', 'ignore', 'pipe'] });
      started.push(nats);
      await serverReady(nats);
      natsUrl = `nats://127.0.0.1:${natsPort}`;
    }
    natsUrl = natsUrl || 'nats://127.0.0.1:4222';
    const env = { ...process.env, DATABASE_URL: databaseUrl, NATS_URL: natsUrl, JWT_PUBLIC_KEY_FILE: publicKeyFile, PORT: String(port) };
    for (const [name, file] of [['peer microservice (NestJS, NATS, TypeORM)', 'service-main.js'], [`peer HTTP app (NestJS + Express) on port ${port}`, 'http-main.js']]) {
      const child = spawnTracked(name, process.execPath, ['--no-warnings', path.join(DIST, file)], { env, stdio: ['ignore', 'pipe', 'inherit'], cwd: DIST });
      started.push(child);
      await readyLine(child);
    }
    return { url: `http://127.0.0.1:${port}`, natsUrl, natsPort: binary ? natsPort : null, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

module.exports = { startNestPeer, buildPeer };
