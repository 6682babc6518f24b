/**
 * @jest-environment node
 */
import { fakeToken, nowSeconds } from '../../test/render';
import { setNavigator, useSession, type User } from '../session';
import { ApiError, callKey, calls, configureApiClient, listPage, queryKeys, withSubmissionKey } from './index';

const user: User = { user_id: 1, firstname: 'Amina', lastname: 'Wanjiru', email: 'a@b.co', role: 'user' };
const BODY: { doctor_id: number; appointment_date: string; time_slot: '09:00 AM' | '10:00 AM'; notes: string } = { doctor_id: 4, appointment_date: '2026-12-10', time_slot: '09:00 AM', notes: 'Chest pain for a week' };

describe('the declared calls’ client', () => {
  let requests: { url: string; method: string; body: string; headers: Headers }[];
  let reply: () => Response;
  beforeEach(() => {
    requests = [];
    setNavigator(jest.fn());
    configureApiClient({
      prefixUrl: 'http://afya.test/api',
      fetch: (async (request: Request) => {
        requests.push({ url: request.url, method: request.method, body: await request.text(), headers: request.headers });
        return reply();
      }) as unknown as typeof fetch,
    });
    useSession.setState({ token: fakeToken(nowSeconds() + 600), user, isAuthenticated: true, logoutReason: null });
  });

  it('books with POST /api/appointments, the body as JSON, the token and the language; the reply typed from its schema', async () => {
    reply = () => Response.json({ appointment: { appointment_id: 9 }, appointment_id: 9, message: 'Booked' }, { status: 201 });
    const booked = await calls.appointments.book({ body: BODY });
    expect(booked.appointment_id).toBe(9);
    expect(requests[0]).toMatchObject({ url: 'http://afya.test/api/appointments', method: 'POST' });
    expect(JSON.parse(requests[0].body)).toEqual(BODY);
    expect(requests[0].headers.get('authorization')).toMatch(/^Bearer /);
    expect(requests[0].headers.get('accept-language')).toBe('en');
  });

  it('reads a list page: the bare array, X-Total-Count and Link', async () => {
    reply = () =>
      new Response('[{"appointment_id":3}]', {
        headers: { 'content-type': 'application/json; charset=utf-8', 'x-total-count': '7', link: '</api/appointments?limit=1&offset=2>; rel="next"' },
      });
    const page = listPage(await calls.appointments.listOwn({ query: { limit: 1, offset: 1 } }));
    expect(requests[0]).toMatchObject({ url: 'http://afya.test/api/appointments?limit=1&offset=1', method: 'GET' });
    expect(page).toEqual({ items: [{ appointment_id: 3 }], total: 7, next: '/api/appointments?limit=1&offset=2', prev: undefined });
  });

  it("fails with ApiError: the server's message and status, else the call's fallback", async () => {
    reply = () => Response.json({ statusCode: 409, message: 'That time slot is no longer available. Please choose another.' }, { status: 409 });
    const taken = await calls.appointments.book({ body: BODY }, { context: { fallback: 'Failed to book' } }).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ApiError);
    expect(taken).toMatchObject({ status: 409, message: 'That time slot is no longer available. Please choose another.' });
    reply = () => new Response('oops', { status: 502 });
    await expect(calls.appointments.book({ body: BODY }, { context: { fallback: 'Failed to book' } })).rejects.toMatchObject({ status: 502, message: 'Failed to book' });
  });

  it('sends a submission\'s Idempotency-Key; a retry after a dropped link repeats it, the next submission has its own', async () => {
    const book = (body: typeof BODY) => withSubmissionKey('appointments.book', body, (idempotencyKey) => calls.appointments.book({ body }, { context: { idempotencyKey } }));
    let dropped = true;
    reply = () => {
      if (dropped) throw new TypeError('Failed to fetch'); // the link dropped: the server may have booked, the reply is lost
      return Response.json({ appointment: { appointment_id: 9 }, appointment_id: 9, message: 'Booked' }, { status: 201 });
    };
    await expect(book(BODY)).rejects.toBeDefined();
    dropped = false;
    await book(BODY);
    const [lost, retried] = requests.map((r) => r.headers.get('idempotency-key'));
    expect(lost).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(retried).toBe(lost);
    await book(BODY); // booked: a new submission of the same form is a new request
    await book({ ...BODY, time_slot: '10:00 AM' });
    const [, , next, other] = requests.map((r) => r.headers.get('idempotency-key'));
    expect(new Set([lost, next, other]).size).toBe(3);
    // calls that take no key send none
    await calls.appointments.listOwn({ query: {} }).catch(() => undefined);
    expect(requests.at(-1)!.headers.get('idempotency-key')).toBeNull();
  });

  it("keys a call's answers under its group's prefix, so invalidating the group refreshes them", () => {
    expect(callKey('appointments', 'listOwn')).toEqual(['appointments', 'listOwn']);
    expect(callKey('appointments', 'listOwn', { query: { limit: 5 } }).slice(0, 1)).toEqual(queryKeys.appointments);
  });
});
