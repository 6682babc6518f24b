#!/usr/bin/env node
'use strict';
// EventConsumer throughput (issue 12's replay): events applied per second by the shared EventConsumer, replaying
// a stream of BENCH_EVENTS events (default 5,000) that were published before the consumer starts, as a rebuild
// does. Each event's handler does what a read model does: upsert its row and bump a daily roll-up (two statements,
// like reporting's applyAppointment). Measured from consume() until every event's id is in processed_events.
//
// Private namespace and database, deleted first: AFYA_BUS (default eventsbench), DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/afya_events, created when missing), schema `bench`. NATS_URL as usual.
// BENCH_SHARED_DIST: the compiled services/shared to measure (default services/shared/dist), e.g. an older
// commit's build to compare (see infra/bench/README.md, "Event consumer"). Never part of CI.
//
// Usage: npx nx run @afya/service-shared:build && node infra/bench/event-consumer.bench.js
require('reflect-metadata');
const path = require('node:path');
const { randomUUID } = require('node:crypto');

process.env.AFYA_BUS ||= 'eventsbench';
process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/afya_events';
process.env.NATS_URL ||= 'nats://127.0.0.1:4222';
process.env.LOG_LEVEL ||= 'warn';
process.env.DB_MIGRATE_ON_START = 'true';
const EVENTS = Number(process.env.BENCH_EVENTS || 5000);
const TYPE = 'bench.appointment.created.v1';
const dist = path.resolve(process.env.BENCH_SHARED_DIST || path.join(__dirname, '../../services/shared/dist'));

const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { getDataSourceToken } = require('@nestjs/typeorm');
const { connect, JSONCodec } = require('nats');
const { Client } = require('pg');
const shared = require(path.join(dist, 'index.js'));

const log = (line) => process.stderr.write(`[event-consumer bench] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freshDatabase() {
  const url = new URL(process.env.DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query('DROP SCHEMA IF EXISTS bench CASCADE');
  await db.end();
}

async function freshStream() {
  const nc = await connect({ servers: process.env.NATS_URL, ...(shared.natsCredentialOptions ? shared.natsCredentialOptions() : {}) });
  const jsm = await nc.jetstreamManager();
  for (const name of [shared.eventStreamName(), `${shared.eventStreamName()}_DLQ`]) await jsm.streams.delete(name).catch(() => undefined);
  // The declared streams when this build has them (streams apply); an older build creates its stream itself.
  if (shared.applyStreams) await shared.applyStreams(nc);
  else await shared.ensureEventStream(nc);
  const js = nc.jetstream();
  const codec = JSONCodec();
  const started = Date.now();
  for (let n = 0; n < EVENTS; n += 500) {
    const acks = [];
    for (let k = n; k < Math.min(n + 500, EVENTS); k++) {
      const day = new Date(Date.UTC(2025, 0, 1 + (k % 365))).toISOString().slice(0, 10);
      const event = { id: randomUUID(), type: TYPE, occurredAt: new Date().toISOString(), data: { appointment_id: k + 1, day, amount: 1500 } };
      acks.push(js.publish(shared.eventSubject(TYPE), codec.encode(event), { msgID: event.id }));
    }
    await Promise.all(acks);
  }
  log(`${EVENTS.toLocaleString('en')} events published in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await nc.close();
}

async function main() {
  await freshDatabase();
  await freshStream();

  const BenchModule = class {};
  Module({ imports: [shared.ServiceDatabaseModule.forService({ schema: 'bench', entities: [], migrations: [] }), shared.EventsModule.forService('bench')] })(BenchModule);
  const app = await NestFactory.createApplicationContext(BenchModule, { logger: ['error'] });
  const dataSource = app.get(getDataSourceToken());
  await dataSource.query(`CREATE TABLE bench_appointments (appointment_id int PRIMARY KEY, day date NOT NULL, amount numeric NOT NULL)`);
  await dataSource.query(`CREATE TABLE bench_daily (day date PRIMARY KEY, bookings int NOT NULL, revenue numeric NOT NULL)`);
  const handler = async (event, manager) => {
    const { appointment_id, day, amount } = event.data;
    await manager.query(
      `INSERT INTO bench_appointments (appointment_id, day, amount) VALUES ($1, $2, $3) ON CONFLICT (appointment_id) DO UPDATE SET amount = EXCLUDED.amount`,
      [appointment_id, day, amount],
    );
    await manager.query(
      `INSERT INTO bench_daily (day, bookings, revenue) VALUES ($1, 1, $2) ON CONFLICT (day) DO UPDATE SET bookings = bench_daily.bookings + 1, revenue = bench_daily.revenue + EXCLUDED.revenue`,
      [day, amount],
    );
  };

  const started = Date.now();
  await app.get(shared.EventConsumer).consume('bench-replay', { [TYPE]: handler });
  let applied;
  for (;;) {
    [{ n: applied }] = await dataSource.query(`SELECT count(*)::int AS n FROM processed_events WHERE consumer = 'bench-replay'`);
    if (applied >= EVENTS) break;
    if (Date.now() - started > 15 * 60 * 1000) break;
    await sleep(100);
  }
  const seconds = (Date.now() - started) / 1000;
  const [{ bookings }] = await dataSource.query(`SELECT COALESCE(sum(bookings), 0)::int AS bookings FROM bench_daily`);
  if (bookings !== applied) throw new Error(`daily roll-up counts ${bookings} bookings for ${applied} applied events: an event was applied twice or lost`);
  const perSecond = Math.round(applied / seconds);
  log(`${applied.toLocaleString('en')} events applied in ${seconds.toFixed(1)} s = ${perSecond} events/s (${dist})`);
  console.log(JSON.stringify({ events: applied, seconds: Number(seconds.toFixed(1)), perSecond, dist }));
  await app.close();
}

main().catch((error) => {
  console.error(`event-consumer bench failed: ${error.stack || error.message}`);
  process.exit(1);
});
