import { randomBytes } from 'node:crypto';
import { BASE_URL } from '../support/browser';

/**
 * The conformance suite's client: what a client written only from the API contract does. JSON bodies, a bearer
 * token, and nothing our own web apps add.
 */
export interface Reply {
  status: number;
  headers: Headers;
  /** The JSON body (undefined when the body is not JSON: a PDF, a CSV). */
  body: any;
  bytes: Buffer;
}

export async function api(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
  const res = await fetch(`${BASE_URL}/api/${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.headers ?? {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let body: unknown;
  if ((res.headers.get('content-type') ?? '').includes('json') && bytes.length) body = JSON.parse(bytes.toString('utf8'));
  return { status: res.status, headers: res.headers, body, bytes };
}

/** Fails with the reply in the message, so a wrong status says what the server answered. */
export function expectStatus(reply: Reply, status: number): void {
  if (reply.status !== status) throw new Error(`expected ${status}, got ${reply.status}: ${reply.bytes.toString('utf8').slice(0, 300)}`);
}

/** A list call's reply: the bare array, its total in X-Total-Count. */
export function expectBareList(reply: Reply): unknown[] {
  expectStatus(reply, 200);
  if (!Array.isArray(reply.body)) throw new Error(`expected a bare JSON array, got ${reply.bytes.toString('utf8').slice(0, 200)}`);
  const total = Number(reply.headers.get('x-total-count'));
  if (!Number.isInteger(total) || total < reply.body.length) throw new Error(`X-Total-Count ${reply.headers.get('x-total-count')} for ${reply.body.length} rows`);
  return reply.body;
}

export const unique = () => randomBytes(4).toString('hex');

/**
 * The nth day after today on which the clinic is open all day: what bookings use, so that "a few days ahead" never
 * falls on a Sunday or a Saturday afternoon (the clinic's hours refuse those) whatever weekday the suite runs.
 */
export { openClinicDate } from '@afya/appointment-service/contracts/booking-rules';

/** A clinic (Africa/Nairobi) date `days` from today, YYYY-MM-DD (for dates not booked: the window's edges). */
export function clinicDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A 1x1 PNG as the data URL a browser's file reader gives. */
export const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
