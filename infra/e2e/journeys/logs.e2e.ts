import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { call, login } from '../support/api';
import { DEMO } from '../support/browser';

/**
 * Issue 14 section 2, checked on the logs of the whole journey run (logs-last.sequencer.js runs this file last):
 * every process of the platform (gateway, services, their migrations and seeds) wrote one JSON object per line with a
 * level; lines caused by a request carry its id, and one id links the gateway to a service and to an event consumer;
 * no password, token, one-time password, phone number or medical text the run used appears anywhere.
 */

const LOG_DIR = process.env.E2E_LOG_DIR ?? path.resolve(__dirname, `../../../.local/${process.env.E2E_BUS || 'e2e'}/logs`);
const DEMO_DATA = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../local/demo-data.json'), 'utf8')) as {
  users: Array<{ password: string; contact_phone?: string; address?: string }>;
};

/** What the journeys type that must never be logged (their sources: booking, foundation, payments, prescriptions, admin). */
const TYPED_BY_JOURNEYS = [
  'Makena#2026', // foundation: a sign-up's password
  'Imani#2026',
  'Imani#2027', // foundation: a password change
  '0712345678', // foundation, admin-reporting: phones
  '0712 345 678', // payments: M-Pesa phone
  '0712341032',
  '0712345670', // kiswahili-patient: phone and M-Pesa
  '0712345602', // conformance: M-Pesa phone
  'Kenyatta Avenue, Nakuru', // foundation: an address
  'Chest tightness when climbing stairs', // booking: reason for visit
  'Take for 3 days after food', // prescriptions: instructions
  'Return if the cough persists.', // prescriptions: notes
  'Please send me the receipt for my last consultation.', // support: a ticket's description
];
/** The demo data's clinical texts (appointment seed) reach services as events: never their logs. */
const SEEDED_MEDICAL = ['Stage 1 hypertension', 'Amlodipine 5 mg', 'Itchy rash on both forearms'];
/**
 * Files in the log directory that are not our processes' logs: the runner's nats-server and embedded PostgreSQL
 * (their own formats) and the event-streams tool (events-cli: a table for the operator). Searched for secrets all
 * the same, not held to the JSON format.
 */
const NOT_OUR_FORMAT = new Set(['nats.log', 'postgres.log', 'streams.apply.log']);
/** Starts an ANSI colour sequence: none in our lines. */
const ESC = String.fromCharCode(27);
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/;

interface LogLine {
  file: string;
  text: string;
  json: Record<string, unknown> | null;
}

function readLines(): LogLine[] {
  return fs
    .readdirSync(LOG_DIR)
    .filter((name) => name.endsWith('.log'))
    .flatMap((file) =>
      fs
        .readFileSync(path.join(LOG_DIR, file), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => {
          let json: Record<string, unknown> | null;
          try {
            const parsed: unknown = JSON.parse(text);
            json = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
          } catch {
            json = null;
          }
          return { file, text, json };
        }),
    );
}

async function eventually<T>(check: () => T, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe('the journey run\'s logs', () => {
  const issued: string[] = [];

  beforeAll(async () => {
    // Secrets issued during this run, through the platform's own API: a token, a one-time password.
    const adminToken = await login(DEMO.admin.email, DEMO.admin.password);
    issued.push(adminToken, await login(DEMO.patient.email, DEMO.patient.password));
    const created = await call<{ temporaryPassword: string }>('POST', 'admin/users', adminToken, {
      firstname: 'Logs',
      lastname: 'Check',
      email: `logs.check.${randomBytes(4).toString('hex')}@example.co.ke`,
      contact_phone: '0798765432',
      role: 'user',
    });
    expect(created.status).toBe(201);
    issued.push(created.body.temporaryPassword, '0798765432');
    // the lines about these calls are on disk before the checks read them
    await eventually(() => expect(readLines().filter((line) => line.json?.context === 'http' && line.json?.method === 'POST' && line.json?.path === '/api/admin/users').length).toBeGreaterThan(0));
  });

  it('are one JSON object per line with a level and the process that wrote it, from every platform process', () => {
    const lines = readLines();
    const files = new Set(lines.map((line) => line.file));
    for (const expected of ['gateway.log', 'auth.log', 'appointment.log', 'auth.migrate.log', 'auth.seed.log']) expect(files).toContain(expected);
    const ours = lines.filter((line) => !NOT_OUR_FORMAT.has(line.file));
    const notJson = ours.filter((line) => !line.json || typeof line.json.level !== 'string' || typeof line.json.service !== 'string');
    expect(notJson.map((line) => `${line.file}: ${line.text.slice(0, 200)}`)).toEqual([]);
    expect(ours.filter((line) => line.text.includes(`${ESC}[`)).map((line) => line.text.slice(0, 200))).toEqual([]);
  });

  it('carry a request id on every request\'s lines, and one id links the gateway, a service and an event consumer', async () => {
    const parsed = () => readLines().flatMap((line) => (line.json ? [{ ...line.json, file: line.file }] : []));
    // the user created in beforeAll reaches the other services' consumers as an event: wait for their lines
    const created = parsed().find((line) => line.context === 'http' && line.method === 'POST' && line.path === '/api/admin/users' && line.status === 201);
    expect(created?.requestId).toEqual(expect.any(String));
    await eventually(() => expect(parsed().filter((line) => line.context === 'EventConsumer' && line.requestId === created!.requestId).length).toBeGreaterThan(0));
    const lines = parsed();
    const perRequest = lines.filter((line) => line.context === 'http' || line.context === 'rpc');
    expect(perRequest.length).toBeGreaterThan(3);
    expect(perRequest.filter((line) => typeof line.requestId !== 'string').map((line) => `${line.file}: ${line.msg}`)).toEqual([]);

    const gatewayIds = new Set(lines.filter((line) => line.file === 'gateway.log' && line.context === 'http').map((line) => line.requestId));
    const linked = lines.filter(
      (line) => line.context === 'EventConsumer' && gatewayIds.has(line.requestId) && lines.some((other) => other.context === 'rpc' && other.requestId === line.requestId),
    );
    expect(linked.length).toBeGreaterThan(0);
  });

  it('hold no password, token, one-time password, phone number or medical text used during the run', () => {
    const text = readLines()
      .map((line) => line.text)
      .join('\n');
    const secrets = [
      ...DEMO_DATA.users.flatMap((user) => [user.password, user.contact_phone, user.address]),
      ...TYPED_BY_JOURNEYS,
      ...SEEDED_MEDICAL,
      ...issued,
    ].filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
    expect(text.match(JWT)?.[0]).toBeUndefined();
  });
});
