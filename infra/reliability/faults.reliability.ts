// Issue 15, part 4: faults with nothing lost, against a whole platform (built dist, `npm start`'s runner) on a
// private nats-server and a private PostgreSQL cluster, reported as figures (printed, and written to
// .local/test-results/reliability.json for infra/bench/README.md's reliability table):
//   kill -9 a service under booking load; restart nats-server under load; stop PostgreSQL for 5 s;
//   a 200-way race on one slot and 200 concurrent bookings on distinct slots; 50 connections for 60 s.
// Ports: FAULT_PORT (3171), FAULT_NATS_PORT (4250), FAULT_PG_PORT (5450); LOAD_SECONDS (60).
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { api, BookingLoad, bookingBody, firstBookingAfter, percentile, Sample, Slot } from './support/load';
import { RunningPlatform, startReliabilityPlatform } from './support/platform';
import { PrivateNats, PrivatePostgres, waitFor } from './support/private-servers';

const PORT = Number(process.env.FAULT_PORT || 3171);
const NATS_PORT = Number(process.env.FAULT_NATS_PORT || 4250);
const PG_PORT = Number(process.env.FAULT_PG_PORT || 5450);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS || 60);
const RPC_TIMEOUT_MS = 5000;
const PATIENTS = 50;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of the suite's own SQL, read by column name
type Row = Record<string, any>;

/** The suite's own connection: PostgreSQL's restart ends it (57P01), which sql() below recovers from. */
function connectQuietly(url: string): Client {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  return client;
}

const figures: Record<string, Record<string, number | string>> = {};

describe('faults, with nothing lost', () => {
  let nats: PrivateNats;
  let postgres: PrivatePostgres;
  let platform: RunningPlatform;
  let db: Client;
  let tokens: string[] = [];
  let patientIds: number[] = [];
  let slots: Slot[] = [];

  const sql = async <T = Row>(text: string, params: unknown[] = []): Promise<T[]> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return (await db.query(text, params)).rows as T[];
      } catch (error) {
        if (attempt > 50) throw error;
        // PostgreSQL just restarted: reconnect and try again.
        await db.end().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 200));
        db = connectQuietly(platform.databaseUrl);
        await db.connect().catch(() => undefined);
      }
    }
  };
  const child = (name: string) => platform.processes!.children.find((c) => c.name === name)!;
  const inDatabase = async (ids: number[]) =>
    ids.length === 0 ? 0 : Number((await sql('SELECT count(*) AS n FROM appointment.appointments WHERE appointment_id = ANY($1)', [ids]))[0].n);
  /** Each created appointment counted exactly once by the auth service's read model (a JetStream consumer). */
  const countsMatch = async () => {
    const rows = await sql(
      `SELECT u.id, (SELECT count(*) FROM appointment.appointments a WHERE a.user_id = u.id)::int AS rows,
              COALESCE((SELECT appointments_count FROM auth.user_appointment_counts c WHERE c.user_id = u.id), 0)::int AS counted
         FROM unnest($1::int[]) AS u(id)`,
      [patientIds],
    );
    return rows.every((r) => r.rows === r.counted);
  };
  const unpublished = async () => Number((await sql('SELECT count(*) AS n FROM appointment.outbox WHERE published_at IS NULL'))[0].n);
  const takeSlots = (n: number) => slots.splice(0, n);
  const statusesOf = (samples: Sample[]) => samples.reduce<Record<string, number>>((acc, s) => ((acc[s.status] = (acc[s.status] ?? 0) + 1), acc), {});

  beforeAll(async () => {
    const bus = process.env.FAULT_BUS || 'faults';
    nats = new PrivateNats(NATS_PORT, bus);
    await nats.start();
    postgres = new PrivatePostgres(PG_PORT);
    await postgres.init();
    platform = await startReliabilityPlatform({
      port: PORT,
      database: 'afya_faults',
      bus,
      adminDatabaseUrl: postgres.adminUrl,
      natsUrl: nats.url,
      env: {
        AFYA_NATS_USERS_FILE: nats.usersFile, // its bus users' passwords: each process runs as its own user
        AUTH_RATE_LIMIT: '1000000',
        REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
        RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
      },
    });
    db = connectQuietly(platform.databaseUrl);
    await db.connect();
    // Patients of their own (the exactly-once check compares their rows with the read model).
    // Four at a time: password hashing is deliberately slow, and 50 at once on two cores pass the RPC timeout.
    const registered: { token: string; id: number }[] = [];
    for (let start = 0; start < PATIENTS; start += 4) {
      const batch = Array.from({ length: Math.min(4, PATIENTS - start) }, (_, k) => start + k);
      registered.push(
        ...(await Promise.all(
          batch.map(async (i) => {
            const email = `fault.patient.${i}@example.co.ke`;
            const password = 'Patient#2026';
            const body = { firstname: 'Fault', lastname: `Patient${i}`, email, password, contact_phone: '+254712345678', address: 'Kenyatta Avenue, Nairobi' };
            const created = await api(platform.url, 'POST', '/auth/register', undefined, body);
            if (created.status !== 201) throw new Error(`register: ${created.status} ${JSON.stringify(created.body)}`);
            const login = await api(platform.url, 'POST', '/auth/login', undefined, { email, password });
            if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
            return { token: login.body.token as string, id: login.body.user.user_id as number };
          }),
        )),
      );
    }
    tokens = registered.map((r) => r.token);
    patientIds = registered.map((r) => r.id);
    // Every free, bookable slot of every approved doctor from 2 to 30 days ahead (cancellable by patients).
    const doctors = (await api(platform.url, 'GET', '/appointments/doctors', tokens[0])).body.doctors as { doctor_id: number }[];
    const days = Array.from({ length: 29 }, (_, i) => new Date(Date.now() + (i + 2) * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10));
    const answers = await Promise.all(
      doctors.flatMap((d) => days.map((date) => api(platform.url, 'GET', `/appointments/availability?doctor_id=${d.doctor_id}&date=${date}`, tokens[0]))),
    );
    for (const answer of answers) {
      if (answer.status !== 200 || !answer.body.bookable_date) continue;
      for (const slot of answer.body.slots) if (slot.available) slots.push({ doctor_id: answer.body.doctor_id, appointment_date: answer.body.date, time_slot: slot.time_slot });
    }
    // Spread consecutive bookings over doctors and days.
    slots = slots.map((slot, i) => ({ slot, key: (i * 7919) % slots.length })).sort((a, b) => a.key - b.key).map((s) => s.slot);
    expect(slots.length).toBeGreaterThan(1500);
  }, 240_000);

  afterAll(async () => {
    const file = path.resolve(__dirname, '../../.local/test-results/reliability.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
    process.stdout.write(`\nreliability figures (also in ${path.relative(process.cwd(), file)}):\n`);
    for (const [name, values] of Object.entries(figures)) {
      process.stdout.write(`  ${name}: ${Object.entries(values).map(([k, v]) => `${k}=${v}`).join(', ')}\n`);
    }
    await db?.end().catch(() => undefined);
    await platform?.stop();
    await nats?.destroy();
    await postgres?.destroy();
  }, 120_000);

  it('200-way race on one slot: exactly one winner; 200 concurrent bookings on distinct slots: all succeed', async () => {
    const [contested] = takeSlots(1);
    const race = await Promise.all(Array.from({ length: 200 }, (_, i) => api(platform.url, 'POST', '/appointments', tokens[i % tokens.length], bookingBody(contested))));
    const raceStatuses = statusesOf(race.map((r) => ({ at: 0, ms: r.ms, status: r.status })));
    const distinct = takeSlots(200);
    const many = await Promise.all(distinct.map((slot, i) => api(platform.url, 'POST', '/appointments', tokens[i % tokens.length], bookingBody(slot))));
    const manyIds = many.filter((r) => r.status === 201).map((r) => r.body.appointment.appointment_id as number);
    figures.race = {
      contenders: 200,
      winners: raceStatuses['201'] ?? 0,
      conflicts409: raceStatuses['409'] ?? 0,
      distinctSlots: 200,
      distinctBooked: manyIds.length,
      distinctInDatabase: await inDatabase(manyIds),
      p99ms: percentile(many.map((r) => r.ms), 99),
    };
    expect(raceStatuses).toEqual({ 201: 1, 409: 199 });
    expect(manyIds).toHaveLength(200);
    expect(await inDatabase(manyIds)).toBe(200);
  });

  it('kill -9 the appointment service under booking load: 503/504 within the RPC timeout, restarted, nothing lost, events once', async () => {
    const load = new BookingLoad(platform.url, tokens, takeSlots(300), 8);
    await waitFor('20 bookings before the fault', () => load.acknowledged().length >= 20, 30_000);
    const victim = child('appointment');
    const restartsBefore = victim.restarts ?? 0;
    const killedAt = Date.now();
    process.kill(victim.pid!, 'SIGKILL');
    const probed: number[] = [];
    const recoveredAt = await firstBookingAfter(platform.url, tokens, takeSlots(150), probed, 200, 60_000);
    await waitFor('10 more bookings after recovery', () => load.samples.filter((s) => s.status === 201 && s.at > recoveredAt).length >= 10, 30_000);
    await load.stop();
    // Requests in flight at the kill or sent before the service was back (their answers are the outage's).
    const during = load.samples.filter((s) => s.at + s.ms >= killedAt && s.at < recoveredAt && s.status !== 201);
    const acked = [...load.acknowledged(), ...probed];
    await waitFor('the read model to count every booking exactly once', countsMatch, 30_000, 250);
    figures.killService = {
      faults: 1,
      requests: load.samples.length,
      acknowledged201: acked.length,
      foundInDatabase: await inDatabase(acked),
      failedDuringOutage: during.length,
      slowestFailureMs: Math.max(0, ...during.map((s) => s.ms)),
      recoverySeconds: Number(((recoveredAt - killedAt) / 1000).toFixed(1)),
      restarts: (victim.restarts ?? 0) - restartsBefore,
      eventsCountedOnce: 'yes',
    };
    expect(during.every((s) => s.status === 503 || s.status === 504)).toBe(true);
    // Within the RPC timeout, plus the gateway's own time on a busy 2-core machine: never a hang.
    expect(Math.max(0, ...during.map((s) => s.ms))).toBeLessThan(RPC_TIMEOUT_MS + 3000);
    expect(victim.restarts! - restartsBefore).toBeGreaterThanOrEqual(1);
    expect(await inDatabase(acked)).toBe(acked.length);
  });

  it('restart nats-server under load: recovers by itself within 10 s, nothing lost, the outbox drains', async () => {
    const load = new BookingLoad(platform.url, tokens, takeSlots(300), 8);
    await waitFor('20 bookings before the fault', () => load.acknowledged().length >= 20, 30_000);
    const stoppedAt = Date.now();
    await nats.stop();
    await nats.start();
    const restartedAt = Date.now();
    const probed: number[] = [];
    const recoveredAt = await firstBookingAfter(platform.url, tokens, takeSlots(150), probed);
    await waitFor('10 more bookings after recovery', () => load.samples.filter((s) => s.status === 201 && s.at > recoveredAt).length >= 10, 30_000);
    await load.stop();
    const acked = [...load.acknowledged(), ...probed];
    await waitFor('every outbox row published', async () => (await unpublished()) === 0, 30_000, 250);
    await waitFor('the read model to count every booking exactly once', countsMatch, 30_000, 250);
    const unexpected = load.samples.filter((s) => s.status !== 201 && s.status !== 503 && s.status !== 504);
    figures.restartNats = {
      faults: 1,
      requests: load.samples.length,
      acknowledged201: acked.length,
      foundInDatabase: await inDatabase(acked),
      outboxUnpublishedAfter: await unpublished(),
      downSeconds: Number(((restartedAt - stoppedAt) / 1000).toFixed(1)),
      recoverySeconds: Number(((recoveredAt - restartedAt) / 1000).toFixed(1)),
      otherStatuses: JSON.stringify(statusesOf(unexpected)),
      eventsCountedOnce: 'yes',
    };
    expect(recoveredAt - restartedAt).toBeLessThan(10_000);
    expect(await inDatabase(acked)).toBe(acked.length);
    expect(unexpected).toEqual([]);
  });

  it('stop PostgreSQL for 5 s: clear 503s, then recovery without a restart', async () => {
    const restartsBefore = platform.processes!.children.reduce((n, c) => n + (c.restarts ?? 0), 0);
    const load = new BookingLoad(platform.url, tokens, takeSlots(300), 8);
    await waitFor('20 bookings before the fault', () => load.acknowledged().length >= 20, 30_000);
    const stoppedAt = Date.now();
    await postgres.stop();
    // The fault itself lasts 5 s (what is tested is the platform's behaviour during and after it).
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await postgres.start();
    const restartedAt = Date.now();
    const probed: number[] = [];
    const recoveredAt = await firstBookingAfter(platform.url, tokens, takeSlots(150), probed);
    await waitFor('10 more bookings after recovery', () => load.samples.filter((s) => s.status === 201 && s.at > recoveredAt).length >= 10, 30_000);
    await load.stop();
    const acked = [...load.acknowledged(), ...probed];
    const during = load.samples.filter((s) => s.at + s.ms >= stoppedAt && s.at < restartedAt);
    const restartsAfter = platform.processes!.children.reduce((n, c) => n + (c.restarts ?? 0), 0);
    await waitFor('every outbox row published', async () => (await unpublished()) === 0, 30_000, 250);
    figures.stopPostgres = {
      faults: 1,
      requests: load.samples.length,
      acknowledged201: acked.length,
      foundInDatabase: await inDatabase(acked),
      duringOutage: JSON.stringify(statusesOf(during)),
      recoverySeconds: Number(((recoveredAt - restartedAt) / 1000).toFixed(1)),
      processRestarts: restartsAfter - restartsBefore,
    };
    // Requests in flight when it stopped may still have committed (201); every other answer is a clear 503.
    expect(during.filter((s) => s.status !== 201 && s.status !== 503).map((s) => s.status)).toEqual([]);
    expect(during.length).toBeGreaterThan(0);
    expect(restartsAfter - restartsBefore).toBe(0);
    expect(await inDatabase(acked)).toBe(acked.length);
  });

  it(`load: 50 connections for ${LOAD_SECONDS} s on the main reads and writes, 0 errors`, async () => {
    // Each connection is one patient: reads its appointments, the doctors and a day's slots, and books then
    // cancels its own slot (the write pair frees the slot again, so the test never runs out of slots).
    const own = takeSlots(50);
    const latencies: number[] = [];
    const errors: string[] = [];
    let reads = 0;
    let writes = 0;
    const endAt = Date.now() + LOAD_SECONDS * 1000;
    const expectStatus = (label: string, response: { status: number | 'error'; ms: number; body: unknown }, status: number) => {
      latencies.push(response.ms);
      if (response.status !== status) errors.push(`${label}: ${response.status} ${JSON.stringify(response.body)?.slice(0, 160)}`);
      return response.status === status;
    };
    const started = Date.now();
    await Promise.all(
      own.map(async (slot, i) => {
        const token = tokens[i % tokens.length];
        for (let turn = 0; Date.now() < endAt; turn++) {
          if (turn % 4 === 3) {
            const booked = await api(platform.url, 'POST', '/appointments', token, bookingBody(slot));
            writes++;
            if (!expectStatus('book', booked, 201)) continue;
            const cancelled = await api(platform.url, 'PATCH', `/appointments/${booked.body.appointment.appointment_id}/status`, token, { status: 'Cancelled' });
            writes++;
            expectStatus('cancel', cancelled, 200);
          } else {
            const path = ['/appointments', '/appointments/doctors', `/appointments/availability?doctor_id=${slot.doctor_id}&date=${slot.appointment_date}`][turn % 4];
            reads++;
            expectStatus(`GET ${path}`, await api(platform.url, 'GET', path, token), 200);
          }
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    figures.load = {
      connections: 50,
      seconds: Number(seconds.toFixed(1)),
      requests: latencies.length,
      reads,
      writes,
      requestsPerSecond: Math.round(latencies.length / seconds),
      errors: errors.length,
      p50ms: percentile(latencies, 50),
      p99ms: percentile(latencies, 99),
    };
    expect(errors.slice(0, 5)).toEqual([]);
  }, (LOAD_SECONDS + 120) * 1000);
});
