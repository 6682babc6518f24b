'use strict';
// Network probes of the local runner: is a port open, does PostgreSQL let us in, does NATS have JetStream.
const net = require('node:net');
const http = require('node:http');
const { Client } = require('pg');

/** True when something accepts a TCP connection on host:port within timeoutMs. */
function tcpOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Connects and runs SELECT 1. {ok, listening, error?}: listening tells "refused us" from "nobody there". */
async function probePostgres(url, timeoutMs = 2000) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true, listening: true };
  } catch (error) {
    const code = error && error.code;
    const listening = !['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', 'ETIMEDOUT'].includes(code) && !/timeout/i.test(String(error && error.message));
    return { ok: false, listening, error: error && error.message ? error.message : String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the database if it is missing. `url` points at any database of the server (e.g. postgres). */
async function ensureDatabase(url, database) {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`invalid database name "${database}"`);
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount) return false;
    try {
      await client.query(`CREATE DATABASE "${database}"`);
    } catch (error) {
      // Two runners starting at once: the loser's "already exists" is fine.
      if (error.code !== '42P04' && error.code !== '23505') throw error;
      return false;
    }
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A NATS server greets every client with `INFO {...}`: read it without speaking the protocol.
 * {ok, jetstream, version, authRequired, error?}: authRequired tells a server with users (bus permissions) from an open one.
 */
function probeNats(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let buffer = '';
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done({ ok: false, jetstream: false, error: buffer ? 'no INFO line' : 'timeout' }));
    socket.once('error', (error) => done({ ok: false, jetstream: false, error: error.code || error.message }));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\r\n');
      if (end < 0) {
        if (buffer.length > 64 * 1024) done({ ok: false, jetstream: false, error: 'not a NATS server' });
        return;
      }
      const line = buffer.slice(0, end);
      if (!line.startsWith('INFO ')) return done({ ok: false, jetstream: false, error: 'not a NATS server' });
      try {
        const info = JSON.parse(line.slice(5));
        done({ ok: true, jetstream: info.jetstream === true, version: info.version, authRequired: info.auth_required === true });
      } catch {
        done({ ok: false, jetstream: false, error: 'unreadable INFO line' });
      }
    });
  });
}

/** One GET; resolves {status, body} or rejects. */
function httpGet(url, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        if (body.length < 64 * 1024) body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/**
 * Polls url until it answers 200 (and, when the body is JSON with a status field, status ok/up).
 * `shouldStop()` lets the caller give up early (e.g. the gateway died).
 */
async function waitForHttpOk(url, { timeoutMs = 60000, intervalMs = 400, shouldStop = () => null } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    const reason = shouldStop();
    if (reason) throw new Error(reason);
    try {
      const { status, body } = await httpGet(url);
      if (status === 200 && healthBodyOk(body)) return body;
      last = `HTTP ${status} ${body.slice(0, 200)}`;
    } catch (error) {
      last = error.code || error.message;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${url} did not answer ok within ${Math.round(timeoutMs / 1000)} s (last: ${last})`);
}

function healthBodyOk(body) {
  try {
    const parsed = JSON.parse(body);
    if (parsed && typeof parsed.status === 'string') return ['ok', 'up', 'healthy'].includes(parsed.status.toLowerCase());
    return true;
  } catch {
    return true;
  }
}

/** A port nothing listens on right now (for tests and for picking spare ports). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

module.exports = { tcpOpen, probePostgres, ensureDatabase, probeNats, httpGet, waitForHttpOk, healthBodyOk, freePort };
