#!/usr/bin/env node
'use strict';
// Appointments on the hot path, against a running gateway (GATEWAY_URL, default http://localhost:3000) and its
// database (DATABASE_URL):
//  1. prepares a patient with 50 appointments and the appointment schema with 100k appointments (bulk SQL);
//  2. measures authenticated GET /api/appointments (req/s, p99) at 50 connections;
//  3. measures POST /api/appointments on distinct free slots (each request a new doctor/date/slot);
//  4. in the same run, the ceilings: a plain Fastify + pg.Pool handler (own process) running the same SELECT,
//     and a bare node:http hello; prints a table with the ratios;
//  5. in the same run, the stock NestJS microservices peer (nest-peer/): its read and booking beside ours, alternately.
// `node infra/bench/appointments.bench.js` or, from the bench runner, runAppointmentBench({...}).
// Its data: appointments-data.js; its tables: appointments-report.js.
const fs = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const { CONNECTIONS, measure, startBareHttp, PORT } = require('./lib');
const { runMain, spawnTracked, stopChild, readyLine } = require('./shutdown');
const { consumerLag } = require('./consumer-lag');
const { api, freeSlots, log, newPatient, prepareDatabase, schemaName } = require('./appointments-data');
const { cpuTable, markdownTable, statementStats } = require('./appointments-report');
const { startNestPeer } = require('./nest-peer/peer');
const { setPeerNatsPort } = require('./cpu-usage');

/** The NestJS peer's HTTP port and its nats-server's, below the ceiling's (+98) and the bare server's (+99). */
const PEER_PORT = Number(process.env.BENCH_PEER_PORT || PORT + 96);
const PEER_NATS_PORT = Number(process.env.BENCH_PEER_NATS_PORT || PORT + 95);
const isPeerRole = (role) => role.startsWith('peer ');

/** The read and its ceiling run alternately this many times; the report takes the median round. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));

/**
 * The exact statement the service runs for a patient's list (from its build): the ceiling runs it too, so the
 * comparison is the same SELECT with and without the gateway, JWT, NATS and the audit write.
 */
function patientListSql() {
  const built = path.join(__dirname, '../../services/appointment/dist/src/appointments/appointment.sql.js');
  if (!fs.existsSync(built)) throw new Error(`${built} is missing: build the appointment service first (npm run build)`);
  const { appointmentListJsonSql, APPOINTMENT_ORDER } = require(built);
  return appointmentListJsonSql('WHERE a.user_id = $1', APPOINTMENT_ORDER, '$2');
}

/** The ceiling without the bus: Fastify + pg.Pool in its own process, the same prepared SELECT, its JSON text out. */
async function startCeiling(databaseUrl, userId, port = PORT + 98) {
  const code = `
    const fastify = require('fastify')();
    const { Pool } = require('pg');
    const pool = new Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10, options: '-c search_path=${schemaName()}' });
    const text = ${JSON.stringify(patientListSql())};
    fastify.get('/appointments', async (request, reply) => {
      const { rows } = await pool.query({ name: 'ceiling_list', text, values: [${Number(userId)}, 500] });
      reply.header('content-type', 'application/json; charset=utf-8');
      return rows[0].body;
    });
    fastify.listen({ port: ${port}, host: '127.0.0.1' }).then(() => console.log('ready'));`;
  const child = spawnTracked(`ceiling server (Fastify + pg) on port ${port}`, process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'], cwd: __dirname });
  await readyLine(child);
  return { url: `http://127.0.0.1:${port}/appointments`, stop: () => stopChild(child) };
}


/**
 * The read, the ceiling and (with `peer`) the NestJS peer's read alternately, ROUNDS times (the machine's speed drifts
 * between runs; alternating exposes all of them to the same drift). Returns the round with the median ratio to the
 * ceiling, every round's numbers, and the round with the median ratio to the peer.
 */
async function measureAgainstCeiling(readLabel, readOptions, settleRead, ceilingLabel, ceilingOptions, durationSeconds, peer) {
  await autocannon({ connections: CONNECTIONS, duration: 2, ...readOptions });
  await settleRead?.();
  await autocannon({ connections: CONNECTIONS, duration: 2, ...ceilingOptions });
  if (peer) await autocannon({ connections: CONNECTIONS, duration: 2, ...peer.options });
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    // The read's audit events are applied by a consumer: counted with the read, and done before the ceiling's round.
    const read = await measure(readLabel, readOptions, { durationSeconds, warmUp: false, settle: settleRead });
    const ceiling = await measure(ceilingLabel, ceilingOptions, { durationSeconds, warmUp: false });
    const peerRead = peer ? await measure(peer.label, peer.options, { durationSeconds, warmUp: false }) : null;
    rounds.push({ read, ceiling, peerRead, ratio: read.rps / ceiling.rps, peerRatio: peerRead ? read.rps / peerRead.rps : null });
    log(
      `round ${i + 1}: read ${read.rps} req/s p99 ${read.p99} ms, ceiling ${ceiling.rps} req/s p99 ${ceiling.p99} ms, ratio ${(read.rps / ceiling.rps).toFixed(2)}` +
        (peerRead ? `; NestJS peer ${peerRead.rps} req/s p99 ${peerRead.p99} ms, ours ÷ peer ${(read.rps / peerRead.rps).toFixed(2)}` : ''),
    );
  }
  const medianBy = (key) => [...rounds].sort((a, b) => a[key] - b[key])[Math.floor(rounds.length / 2)];
  return { ...medianBy('ratio'), rounds, peerMedian: peer ? medianBy('peerRatio') : null };
}

/**
 * Free slots, each handed out once across every booking round that shares the cursor. A round's last requests are
 * still in flight when autocannon stops counting (up to one per connection), and the server commits them after the
 * round has ended: a next round that read the free slots again right away (that was issue 41's "second booking round
 * with refused bookings": 20-27 409s, at most the connection count) offered exactly those slots, first in its list.
 */
async function slotCursor(databaseUrl, doctorIds) {
  const free = await freeSlots(databaseUrl, doctorIds);
  let n = 0;
  return {
    size: free.length,
    next() {
      if (n === free.length) log(`all ${free.length} free slots handed out: slots are offered again, expect 409s`);
      return free[n++ % free.length];
    },
  };
}

/**
 * POST /api/appointments with a new free (doctor, date, slot) every request: every booking should succeed. With the
 * platform's consumers (`lag`), the count runs until every consumer the bookings' events woke has caught up, and
 * the highest lag of each is reported. `slots`: a slotCursor shared with other rounds (else one of its own).
 */
async function measureBookings(gatewayUrl, databaseUrl, token, doctorIds, durationSeconds, lag, { url = `${gatewayUrl}/api/appointments`, label = 'POST /api/appointments (a distinct free slot each)', slots } = {}) {
  const free = slots ?? (await slotCursor(databaseUrl, doctorIds));
  const body = () => {
    const [doctor, date, slot] = free.next();
    return JSON.stringify({ doctor_id: doctor, appointment_date: date, time_slot: slot, appointment_type: 'Consultation', notes: 'Benchmark booking, please ignore.' });
  };
  const options = {
    url,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
  };
  // No warm-up here: every request takes a slot for good.
  if (lag) await lag.drained();
  const sampler = lag?.sample();
  const settle = lag ? async () => ({ highestLag: await sampler.stop(), catchUpMs: await lag.drained() }) : undefined;
  const result = await measure(label, options, { durationSeconds, warmUp: false, settle });
  if (result.non2xx) log(`${label}: ${result.non2xx} not 2xx, status codes ${JSON.stringify(result.statusCodes)}`);
  return { ...result, freeSlots: free.size };
}

/**
 * @param {{gatewayUrl?: string, databaseUrl?: string, durationSeconds?: number, bare?: {rps: number, p99: number}, platform?: {bus: string, natsUrl?: string, natsUsersFile?: string|null}, publicKeyFile?: string|null}} options (with `platform`, its consumers are waited for and their lag reported; with `publicKeyFile`, the platform's JWT public key, the NestJS peer runs beside it)
 * @returns the measured rows, the ratios and a markdown section
 */
async function runAppointmentBench(options = {}) {
  const lag = options.platform?.bus ? await consumerLag(options.platform) : null;
  try {
    return await appointmentBench(options, lag);
  } finally {
    await lag?.close();
  }
}

async function appointmentBench(options, lag) {
  const gatewayUrl = (options.gatewayUrl || process.env.GATEWAY_URL || 'http://localhost:3000').replace(/\/$/, '');
  const databaseUrl = options.databaseUrl || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/afya';
  const durationSeconds = Number(options.durationSeconds || process.env.BENCH_DURATION || 10);

  log('preparing data...');
  const reader = await newPatient(gatewayUrl, 'Reader');
  const booker = await newPatient(gatewayUrl, 'Booker');
  const prepared = await prepareDatabase(databaseUrl, reader.userId);
  log(`${prepared.total} appointments in ${schemaName()}, ${prepared.mine} for the reading patient`);
  const check = await api(gatewayUrl, 'GET', '/appointments', { token: reader.token });
  // The bare array, or { appointments } from a build that still answers with an envelope.
  const rows = Array.isArray(check.body) ? check.body : check.body?.appointments;
  if (check.status !== 200 || rows?.length !== prepared.mine) {
    throw new Error(`GET /api/appointments answered ${check.status} with ${rows?.length} appointments, expected ${prepared.mine}`);
  }

  const ceilingServer = await startCeiling(databaseUrl, reader.userId);
  let bareServer = null;
  let peer = null;
  try {
    if (!options.bare) bareServer = await startBareHttp(PORT + 97);
    peer = await startPeer(options.publicKeyFile, databaseUrl, reader, booker, prepared);
    const { read, ceiling, rounds, peerMedian } = await measureAgainstCeiling(
      'GET /api/appointments (JWT → NATS → appointment → PostgreSQL, 50 rows, audited)',
      { url: `${gatewayUrl}/api/appointments`, headers: { authorization: `Bearer ${reader.token}` } },
      lag ? async () => ({ catchUpMs: await lag.drained() }) : undefined,
      'ceiling: Fastify + pg.Pool, same prepared SELECT (one process, no bus, no audit)',
      { url: ceilingServer.url },
      durationSeconds,
      peer && {
        label: 'NestJS peer GET /appointments (Express, JWT, ClientProxy → NATS → @MessagePattern, TypeORM, 50 rows)',
        options: { url: `${peer.url}/appointments`, headers: { authorization: `Bearer ${reader.token}` } },
      },
    );
    const bare = options.bare ? { ...options.bare, label: options.bare.label || 'bare node:http hello' } : await measure('bare node:http hello', { url: bareServer.url }, { durationSeconds });
    const { book, peerBook, bookRounds, statementTable } = await measureBookingRounds(gatewayUrl, databaseUrl, booker.token, prepared.doctorIds, durationSeconds, lag, peer);
    const peerRead = peerMedian?.peerRead ?? null;
    const rows = [read, book, ...(peer ? [peerRead, peerBook] : []), ceiling, bare];
    const ratios = {
      readVsCeiling: read.rps / ceiling.rps,
      readVsBare: read.rps / bare.rps,
      bookVsCeiling: book.rps / ceiling.rps,
      bookVsBare: book.rps / bare.rps,
      ...(peer ? { readVsPeer: peerMedian.peerRatio, bookVsPeer: book.rps / peerBook.rps } : {}),
    };
    const ours = (row) => withRoles(row, (role) => !isPeerRole(role));
    const peers = (row) => withRoles(row, (role) => isPeerRole(role) || role === 'postgres' || role === 'machine' || role === 'load generator');
    const markdown = [
      `## Appointments (${CONNECTIONS} connections, ${durationSeconds} s each; ${prepared.total} appointments in the schema, ${prepared.mine} for the reading patient)`,
      '',
      markdownTable(rows, ceiling, bare),
      '',
      `GET /api/appointments: ${(ratios.readVsCeiling * 100).toFixed(0)}% of the ceiling (floor ≥ 55%), p99 ${read.p99} ms (the ceiling's own p99: ${ceiling.p99} ms). ` +
        `Median of ${rounds.length} alternating rounds; each round's ratio: ${rounds.map((round) => round.ratio.toFixed(2)).join(', ')}. ` +
        `Bookings: ${book.requests} in ${durationSeconds} s, ${book.non2xx} not 2xx.`,
      '',
      peer ? peerSummary(ratios, rounds, bookRounds, peer) : 'NestJS peer: not run (no JWT public key of the platform: JWT_PUBLIC_KEY_FILE with BENCH_URL).',
      '',
      cpuTable([ours(read), ours(ceiling), ours(book), ...(peer ? [peers(peerRead), peers(peerBook)] : [])]),
      '',
      lag
        ? `Counted until every consumer of the events stream had caught up: after the bookings ${book.catchUpMs} ms, after the read's median round ${read.catchUpMs} ms. ` +
          `Highest lag (events pending) per consumer while booking: ${Object.entries(book.highestLag).sort().map(([name, n]) => `${name} ${n}`).join(', ')}.`
        : 'Consumers not counted after the load (no NATS access to their state): CPU per request leaves out the work the events cause later.',
      '',
      statementTable,
    ].join('\n');
    return { read, book, ceiling, bare, peerRead, peerBook, ratios, rounds, bookRounds, prepared: { total: prepared.total, patientAppointments: prepared.mine }, markdown };
  } finally {
    await peer?.stop();
    await ceilingServer.stop();
    if (bareServer) await bareServer.stop();
  }
}

/** A row whose CPU table keeps only the processes `keep` names (the peer's, or ours, beside each other's idle ones). */
function withRoles(row, keep) {
  if (!row.cpuPerRequest) return row;
  return { ...row, cpuPerRequest: Object.fromEntries(Object.entries(row.cpuPerRequest).filter(([role]) => keep(role))) };
}

/**
 * The NestJS peer (nest-peer/), started on PEER_PORT against the bench database and checked: the reader's 50 rows, a
 * booking taken (201) and the same slot refused (409). Null, and said, without the platform's JWT public key.
 */
async function startPeer(publicKeyFile, databaseUrl, reader, booker, prepared) {
  if (!publicKeyFile || !fs.existsSync(publicKeyFile)) {
    log(`NestJS peer not started: no JWT public key of the platform (${publicKeyFile || 'JWT_PUBLIC_KEY_FILE unset'})`);
    return null;
  }
  const peer = await startNestPeer({ databaseUrl, publicKeyFile, port: PEER_PORT, natsPort: PEER_NATS_PORT });
  setPeerNatsPort(peer.natsPort);
  try {
    const problem = await peerProblem(peer.url, databaseUrl, reader, booker, prepared);
    if (problem) throw new Error(`the NestJS peer at ${peer.url} does not do what the platform does: ${problem}`);
    log(`NestJS peer up at ${peer.url} (NATS ${peer.natsUrl}): answers the read, refuses a double booking`);
    return peer;
  } catch (error) {
    await peer.stop();
    throw error;
  }
}

/** What the peer gets wrong of the read and the booking (null: nothing): the same checks the bench relies on. */
async function peerProblem(peerUrl, databaseUrl, reader, booker, prepared) {
  const call = async (method, token, body) => {
    const response = await fetch(`${peerUrl}/appointments`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  const list = await call('GET', reader.token);
  if (list.status !== 200 || list.body?.length !== prepared.mine) return `GET /appointments answered ${list.status} with ${list.body?.length} rows, expected ${prepared.mine}`;
  const [doctor, date, slot] = (await freeSlots(databaseUrl, prepared.doctorIds))[0];
  const booking = { doctor_id: doctor, appointment_date: date, time_slot: slot, appointment_type: 'Consultation', notes: 'Benchmark booking, please ignore.' };
  const first = await call('POST', booker.token, booking);
  if (first.status !== 201) return `a booking of a free slot answered ${first.status} ${JSON.stringify(first.body)}`;
  const second = await call('POST', booker.token, booking);
  if (second.status !== 409) return `a second booking of the same slot answered ${second.status}, not 409`;
  const invalid = await call('POST', booker.token, { ...booking, time_slot: '25:00' });
  if (invalid.status !== 400) return `a booking with a bad time slot answered ${invalid.status}, not 400`;
  return null;
}

/**
 * Our bookings and the peer's alternately, ROUNDS times, every request on a slot no other request was given (one
 * slotCursor for all rounds); pg_stat_statements counts our first round only. Returns the rounds with the median ratio ours ÷ peer's.
 */
async function measureBookingRounds(gatewayUrl, databaseUrl, token, doctorIds, durationSeconds, lag, peer) {
  const statements = await statementStats(databaseUrl);
  const slots = await slotCursor(databaseUrl, doctorIds);
  const rounds = [];
  let statementTable = '';
  for (let i = 0; i < (peer ? ROUNDS : 1); i++) {
    const book = await measureBookings(gatewayUrl, databaseUrl, token, doctorIds, durationSeconds, lag, { slots });
    if (i === 0 && statements) statementTable = await statements.top(book.requests);
    const peerBook = peer
      ? await measureBookings(gatewayUrl, databaseUrl, token, doctorIds, durationSeconds, null, {
          url: `${peer.url}/appointments`,
          label: 'NestJS peer POST /appointments (slot free? then insert; the unique index decides a race)',
          slots,
        })
      : null;
    rounds.push({ book, peerBook, ratio: peerBook ? book.rps / peerBook.rps : 0 });
    log(`booking round ${i + 1}: ours ${book.rps} req/s (${book.non2xx} not 2xx)` + (peerBook ? `, NestJS peer ${peerBook.rps} req/s (${peerBook.non2xx} not 2xx), ours ÷ peer ${(book.rps / peerBook.rps).toFixed(2)}` : ''));
  }
  await statements?.close();
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  return { book: median.book, peerBook: median.peerBook, bookRounds: rounds, statementTable };
}

/** The issue's two ratios to the stock NestJS peer, every round's, and what each side's refused requests were. */
function peerSummary(ratios, rounds, bookRounds, peer) {
  const refused = bookRounds.flatMap(({ book, peerBook }, i) => [book, peerBook].filter((row) => row.non2xx).map((row) => `round ${i + 1} ${row.label.split(' (')[0]}: ${JSON.stringify(row.statusCodes)}`));
  return (
    `Against the stock NestJS peer (same database, its own NATS ${peer.natsUrl}): **read throughput ÷ the peer's ${ratios.readVsPeer.toFixed(2)}** (target ≥ 1.5; ` +
    `rounds ${rounds.map((round) => round.peerRatio.toFixed(2)).join(', ')}), **booking throughput ÷ the peer's ${ratios.bookVsPeer.toFixed(2)}** (target ≥ 1.5; ` +
    `rounds ${bookRounds.map((round) => round.ratio.toFixed(2)).join(', ')}). ` +
    (refused.length ? `Refused bookings: ${refused.join('; ')}.` : 'Every booking on both succeeded.') +
    ' In the CPU table the peer\'s columns sum its HTTP app, its microservice, its nats-server and the bench database\'s PostgreSQL backends.'
  );
}

module.exports = { runAppointmentBench, newPatient, prepareDatabase, measureBookings, slotCursor, statementStats, cpuTable };

if (require.main === module) {
  runMain(async () => {
    // Against a running platform: its consumers are waited for when AFYA_BUS names its namespace (NATS_URL, and
    // AFYA_NATS_USERS_FILE when its NATS has bus users, as for reporting.bench.js).
    const platform = process.env.AFYA_BUS ? { bus: process.env.AFYA_BUS, natsUrl: process.env.NATS_URL, natsUsersFile: process.env.AFYA_NATS_USERS_FILE || null } : undefined;
    const result = await runAppointmentBench({ platform, publicKeyFile: process.env.JWT_PUBLIC_KEY_FILE });
    process.stdout.write(`\n${result.markdown}\n`);
  }, 'appointments.bench.js');
}
