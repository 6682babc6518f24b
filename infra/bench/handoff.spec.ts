// What the bench runner hands its child scripts (its own platform's bus, credentials, namespace and database, never
// the caller's defaults: issue 28's hang), and reporting.bench.js's catch-up wait, which ends with a message naming
// the consumer, stream and NATS when the consumer cannot be read or does not drain. Over the jest run's nats-server
// (infra/nats/test-server, with the bus users' permissions; the bench reads the consumer as `ops`).
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { AckPolicy, connect, DeliverPolicy, type NatsConnection } from 'nats';

const bus = `drain${randomBytes(4).toString('hex')}`;
process.env.AFYA_BUS = bus; // reporting.bench.js reads its namespace (stream <BUS>_EVENTS) when it loads
const { drained } = require('./reporting.bench');
const { platformEnv, chosenSections } = require('./run');

const STREAM = `${bus.toUpperCase()}_EVENTS`;
const CONSUMER = 'reporting-read-models';

function testAdmin(): NatsConnection | Promise<NatsConnection> {
  const { users } = JSON.parse(fs.readFileSync(process.env.AFYA_NATS_USERS_FILE!, 'utf8'));
  return connect({ servers: process.env.NATS_URL, user: users['test-admin'].user, pass: users['test-admin'].password });
}

describe("the bench runner's hand-off to its child scripts", () => {
  it("gives them its platform's NATS, bus users' file, namespace, database and gateway over the caller's", () => {
    const callers = { NATS_URL: 'nats://127.0.0.1:4222', AFYA_NATS_USERS_FILE: '/elsewhere/users.json', AFYA_BUS: 'afya', DATABASE_URL: 'postgres://x/afya' };
    const saved = Object.fromEntries(Object.keys(callers).map((key) => [key, process.env[key]]));
    Object.assign(process.env, callers);
    try {
      const env = platformEnv({
        url: 'http://localhost:3360',
        databaseUrl: 'postgres://postgres@127.0.0.1:5432/afya_bench_3360',
        natsUrl: 'nats://127.0.0.1:42360',
        natsUsersFile: '/repo/.local/bench-3360/nats-auth/bus-users.json',
        bus: 'bench3360',
      });
      expect(env).toMatchObject({
        BENCH_URL: 'http://localhost:3360',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/afya_bench_3360',
        NATS_URL: 'nats://127.0.0.1:42360',
        AFYA_NATS_USERS_FILE: '/repo/.local/bench-3360/nats-auth/bus-users.json',
        AFYA_BUS: 'bench3360',
      });
      // A NATS without bus users: no users file is passed on (not the caller's).
      expect(platformEnv({ url: 'http://localhost:3360', databaseUrl: 'postgres://d', natsUrl: 'nats://127.0.0.1:4222', natsUsersFile: null, bus: 'b' })).not.toHaveProperty('AFYA_NATS_USERS_FILE');
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it('runs the sections asked for, and refuses unknown ones or reporting without a scale', () => {
    expect([...chosenSections({ BENCH_SKIP_FRONTEND: '1', BENCH_SKIP_OBSERVABILITY: '1' })]).toEqual(['gateway', 'appointments', 'prescription', 'receipt', 'reminders', 'availability']);
    expect([...chosenSections({ BENCH_REPORTING_SCALE: '0.01', BENCH_SKIP_FRONTEND: '1', BENCH_SKIP_OBSERVABILITY: '1' })]).toContain('reporting');
    expect([...chosenSections({ BENCH_SECTIONS: 'reporting', BENCH_REPORTING_SCALE: '0.001' })]).toEqual(['reporting']);
    expect(() => chosenSections({ BENCH_SECTIONS: 'reporting' })).toThrow('set BENCH_REPORTING_SCALE');
    expect(() => chosenSections({ BENCH_SECTIONS: 'gateway,search' })).toThrow('no section search');
  });
});

describe("reporting.bench.js's catch-up wait", () => {
  let admin: NatsConnection;

  beforeAll(async () => {
    admin = await testAdmin();
    const jsm = await admin.jetstreamManager();
    await jsm.streams.add({ name: STREAM, subjects: [`${bus}.events.>`] });
  });

  afterAll(async () => {
    const jsm = await admin.jetstreamManager();
    await jsm.streams.delete(STREAM).catch(() => undefined);
    await admin.close();
  });

  it('gives up on a consumer it cannot read, naming it, its stream and the NATS asked', async () => {
    const ops = await connect({ servers: process.env.NATS_URL, ...opsCredentials() });
    try {
      const jsm = await ops.jetstreamManager();
      await expect(drained(jsm, 'catch-up', { unreadableMs: 300, intervalMs: 100 })).rejects.toThrow(
        new RegExp(`catch-up: cannot read reporting's consumer "${CONSUMER}" on stream ${STREAM} at ${escape(process.env.NATS_URL!)} for \\d+ s: .*consumer not found`),
      );
    } finally {
      await ops.close();
    }
  });

  it("fails at its deadline with what is still pending, and returns once there is nothing", async () => {
    const jsm = await admin.jetstreamManager();
    await jsm.consumers.add(STREAM, { durable_name: CONSUMER, ack_policy: AckPolicy.Explicit, filter_subject: `${bus}.events.>` });
    const js = admin.jetstream();
    for (let i = 0; i < 3; i++) await js.publish(`${bus}.events.test.v1`, new TextEncoder().encode(String(i)));
    const ops = await connect({ servers: process.env.NATS_URL, ...opsCredentials() });
    try {
      const opsJsm = await ops.jetstreamManager();
      await expect(drained(opsJsm, 'catch-up', { timeoutMs: 300, intervalMs: 100 })).rejects.toThrow(
        new RegExp(`catch-up: timed out after \\d+ s \\(BENCH_CATCHUP_TIMEOUT_S\\) waiting for reporting's consumer "${CONSUMER}" on stream ${STREAM} .* to apply every event: 3 still pending`),
      );
      await jsm.consumers.delete(STREAM, CONSUMER);
      await jsm.consumers.add(STREAM, { durable_name: CONSUMER, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.New, filter_subject: `${bus}.events.>` });
      await expect(drained(opsJsm, 'catch-up', { timeoutMs: 2000, intervalMs: 100 })).resolves.toBeLessThan(2);
    } finally {
      await ops.close();
    }
  });
});

function opsCredentials() {
  const { users } = JSON.parse(fs.readFileSync(process.env.AFYA_NATS_USERS_FILE!, 'utf8'));
  return { user: users.ops.user, pass: users.ops.password, inboxPrefix: `_INBOX_${users.ops.user}` };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
