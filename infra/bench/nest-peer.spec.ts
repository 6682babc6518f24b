// The stock NestJS peer the appointments bench measures beside the platform (issue 41, nest-peer/): it must do what
// the platform does for the two requests, no less, or its throughput means nothing. Over a scratch database migrated
// by the appointment service's own migrations, the peer's own nats-server and an RS256 key pair made here: the read
// answers the signed-in patient's appointments newest first, a free slot is booked (201), the same slot again is
// refused (409), of a race for one slot exactly one wins, and a bad body or no token changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import jwt from 'jsonwebtoken';

const { startNestPeer } = require('./nest-peer/peer') as {
  startNestPeer(options: { databaseUrl: string; publicKeyFile: string; port: number; natsPort: number }): Promise<{ url: string; stop(): Promise<void> }>;
};
const { freshDatabase } = require('./lib') as { freshDatabase(name: string): Promise<string> };
const { freePort } = require('../local/probes') as { freePort(): Promise<number> };

const ROOT = path.join(__dirname, '../..');
// The clinic calendar's rules from the appointment service's build (as appointments-data.js reads them): a date the
// clinic is open all day, counted from today, whatever weekday the test runs on.
const { openClinicDate } = require(path.join(ROOT, 'services/appointment/dist/contracts/booking-rules.js')) as { openClinicDate(n: number): string };
const DATABASE = `afya_peer_${randomBytes(3).toString('hex')}`;
const PATIENT = 4101;
const OTHER_PATIENT = 4102;

let databaseUrl: string;
let peer: { url: string; stop(): Promise<void> };
let doctorId: number;
let privateKey: string;
let keysDir: string;

const tokenFor = (userId: number, role = 'user') => jwt.sign({ sub: String(userId), role }, privateKey, { algorithm: 'RS256', expiresIn: '10m' });

async function call(method: 'GET' | 'POST', token: string | null, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${peer.url}/appointments`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function sql<T = any>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SET search_path TO appointment');
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const booking = (slot: string, date = openClinicDate(3)) => ({ doctor_id: doctorId, appointment_date: date, time_slot: slot, appointment_type: 'Consultation', notes: 'Peer spec booking, please ignore.' });

beforeAll(async () => {
  databaseUrl = await freshDatabase(DATABASE);
  const migrated = spawnSync(process.execPath, [path.join(ROOT, 'services/appointment/dist/src/migrate.js')], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
  if (migrated.status !== 0) throw new Error(`the appointment migrations failed (build the appointment service first): ${migrated.stdout}${migrated.stderr}`);
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  privateKey = keys.privateKey;
  keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nest-peer-'));
  fs.writeFileSync(path.join(keysDir, 'jwt-public.pem'), keys.publicKey);
  [{ doctor_id: doctorId }] = await sql(
    `INSERT INTO doctors (user_id, first_name, last_name, specialization, fee, approval_status, approved_at)
     VALUES (994101, 'Peer', 'Doctor', 'Cardiology', 1800, 'approved', now()) RETURNING doctor_id`,
  );
  // Three past visits of the patient on three days, and one of someone else.
  await sql(
    `INSERT INTO appointments (user_id, doctor_id, appointment_date, time_slot, starts_at, appointment_type, total_amount, appointment_status)
     SELECT u, $1, d::date, '09:00 AM', (d::date + time '09:00') AT TIME ZONE 'Africa/Nairobi', 'Consultation', 1500, 'Completed'
       FROM (VALUES ($2::int, '2025-03-01'), ($2, '2025-03-03'), ($2, '2025-03-02'), ($3::int, '2025-03-04')) AS v(u, d)`,
    [doctorId, PATIENT, OTHER_PATIENT],
  );
  peer = await startNestPeer({ databaseUrl, publicKeyFile: path.join(keysDir, 'jwt-public.pem'), port: await freePort(), natsPort: await freePort() });
}, 120_000);

afterAll(async () => {
  await peer?.stop();
  fs.rmSync(keysDir, { recursive: true, force: true });
  const admin = new Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.end();
});

describe('the stock NestJS peer of the appointments bench', () => {
  it("answers the signed-in patient's appointments, newest first, each with its doctor, and nobody else's", async () => {
    const list = await call('GET', tokenFor(PATIENT));
    expect(list.status).toBe(200);
    expect(list.body.map((a: { appointmentDate: string }) => a.appointmentDate)).toEqual(['2025-03-03', '2025-03-02', '2025-03-01']);
    expect(list.body[0]).toMatchObject({ userId: PATIENT, doctor: { id: doctorId, lastName: 'Doctor' } });
  });

  it('refuses a request without a valid token (401)', async () => {
    expect((await call('GET', null)).status).toBe(401);
    expect((await call('GET', `${tokenFor(PATIENT)}x`)).status).toBe(401);
  });

  it("books a free slot at the doctor's fee (201) and refuses the same slot again (409)", async () => {
    const first = await call('POST', tokenFor(PATIENT), booking('10:00 AM'));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ userId: PATIENT, doctorId, timeSlot: '10:00 AM', status: 'Pending' });
    expect(Number(first.body.totalAmount)).toBe(1800);
    const again = await call('POST', tokenFor(OTHER_PATIENT), booking('10:00 AM'));
    expect(again.status).toBe(409);
    expect(await sql('SELECT user_id FROM appointments WHERE doctor_id = $1 AND time_slot = $2 AND appointment_date = $3', [doctorId, '10:00 AM', openClinicDate(3)])).toEqual([{ user_id: PATIENT }]);
  });

  it('lets exactly one of 20 racing bookings of one slot in; the others are 409', async () => {
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => call('POST', tokenFor(5000 + i), booking('11:00 AM')).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  });

  it('refuses a bad body (400) and a doctor booking (403), booking nothing', async () => {
    expect((await call('POST', tokenFor(PATIENT), { ...booking('02:00 PM'), time_slot: '25:00' })).status).toBe(400);
    expect((await call('POST', tokenFor(PATIENT), { ...booking('02:00 PM'), notes: '' })).status).toBe(400);
    expect((await call('POST', tokenFor(994101, 'doctor'), booking('02:00 PM'))).status).toBe(403);
    expect(await sql("SELECT 1 FROM appointments WHERE time_slot = '02:00 PM'")).toEqual([]);
  });
});
