/**
 * @jest-environment node
 */
import { fakeToken, nowSeconds } from '../../test/render';
import { setNavigator, useSession, type User } from '../session';
import { api, ApiError, configureApiClient, fetchBlob, parseLinkHeader, TokenExpiredError } from './index';

const user: User = { user_id: 1, firstname: 'Amina', lastname: 'Wanjiru', email: 'a@b.co', role: 'user' };

function respond(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api-client', () => {
  let fetchMock: jest.Mock;
  let bodies: string[];
  let reply: () => Response;
  const navigate = jest.fn();
  beforeEach(() => {
    bodies = [];
    reply = () => respond(200, {});
    // Like a real fetch, the mock consumes the request body (ky waits for it in Node).
    fetchMock = jest.fn(async (req: Request) => {
      bodies.push(await req.text());
      return reply();
    });
    navigate.mockReset();
    setNavigator(navigate);
    configureApiClient({ prefixUrl: 'http://afya.test/api', fetch: fetchMock as unknown as typeof fetch });
    useSession.setState({ token: fakeToken(nowSeconds() + 600), user, isAuthenticated: true, logoutReason: null });
  });

  it('sends JSON to /api with the bearer token', async () => {
    reply = () => respond(200, { ok: true });
    await api.post('appointments', { a: 1 });
    const req: Request = fetchMock.mock.calls[0][0];
    expect(req.url).toBe('http://afya.test/api/appointments');
    expect(req.method).toBe('POST');
    expect(req.headers.get('Authorization')).toBe(`Bearer ${useSession.getState().token}`);
    expect(req.headers.get('Content-Type')).toContain('application/json');
    expect(JSON.parse(bodies[0])).toEqual({ a: 1 });
  });

  it('sends no Content-Type on a request without a body (a DELETE with one is a 400 at the gateway)', async () => {
    reply = () => new Response(null, { status: 204 });
    await api.delete('appointments/12');
    const req: Request = fetchMock.mock.calls[0][0];
    expect(req.method).toBe('DELETE');
    expect(req.headers.get('Content-Type')).toBeNull();
    expect(bodies[0]).toBe('');
    expect(req.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('cancels the request when the token has expired, clears the session and goes to /login', async () => {
    useSession.setState({ token: fakeToken(nowSeconds() - 1) });
    const call = api.get('appointments');
    await expect(call).rejects.toBeInstanceOf(TokenExpiredError);
    await expect(call).rejects.toThrow('Token expired, auto-logout');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSession.getState().isAuthenticated).toBe(false);
    expect(useSession.getState().logoutReason).toBe('Token expired, auto-logout');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a 401 on any call clears the session and goes to /login', async () => {
    reply = () => respond(401, { message: 'Unauthorized' });
    await expect(api.get('user/profile')).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a 401 from login (wrong password) does not redirect', async () => {
    useSession.setState({ token: null, isAuthenticated: false });
    reply = () => respond(401, { message: 'Invalid credentials' });
    await expect(api.post('auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("surfaces the server's message field", async () => {
    reply = () => respond(409, { message: 'That time slot is no longer available. Please choose another.' });
    const err = (await api.post('appointments', {}, { fallback: 'Failed to book appointment' }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('That time slot is no longer available. Please choose another.');
    expect(err.status).toBe(409);
  });

  it("keeps the server's code and details (a 409 listing what a change would touch)", async () => {
    const appointments = [{ appointment_id: 4, appointment_date: '2026-12-10', time_slot: '09:00 AM' }];
    reply = () => respond(409, { statusCode: 409, message: '1 booked visits fall in this leave.', code: 'LEAVE_HAS_APPOINTMENTS', details: { appointments } });
    const err = (await api.post('doctors/3/leave', {}).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 409, code: 'LEAVE_HAS_APPOINTMENTS', details: { appointments } });
    reply = () => respond(409, { message: 'Taken' });
    const plain = (await api.post('appointments', {}).catch((e: unknown) => e)) as ApiError;
    expect(plain.code).toBeUndefined();
    expect(plain.details).toBeUndefined();
  });

  it('falls back to the contract default when the server sends no message', async () => {
    reply = () => new Response('oops', { status: 500 });
    await expect(api.get('appointments', { fallback: 'Failed to fetch appointments' })).rejects.toThrow('Failed to fetch appointments');
  });

  it('downloads blobs with the token', async () => {
    reply = () => new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    const blob = await fetchBlob('prescriptions/4/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
    expect((fetchMock.mock.calls[0][0] as Request).headers.get('Authorization')).toMatch(/^Bearer /);
  });
});

describe('list calls', () => {
  it('reads the bare array, X-Total-Count and the Link header', async () => {
    configureApiClient({
      prefixUrl: 'http://afya.test/api',
      fetch: (async () =>
        new Response(JSON.stringify([{ id: 3 }, { id: 2 }]), {
          status: 200,
          headers: {
            'Content-Type': 'application/json',
            'X-Total-Count': '7',
            Link: '</api/appointments?limit=2&offset=4>; rel="next", </api/appointments?limit=2&offset=0>; rel="prev"',
          },
        })) as unknown as typeof fetch,
    });
    const page = await api.list<{ id: number }>('appointments', { searchParams: { limit: 2, offset: 2 } });
    expect(page).toEqual({ items: [{ id: 3 }, { id: 2 }], total: 7, next: '/api/appointments?limit=2&offset=4', prev: '/api/appointments?limit=2&offset=0' });
  });

  it('without paging headers the total is the rows received', async () => {
    configureApiClient({
      prefixUrl: 'http://afya.test/api',
      fetch: (async () => new Response('[1,2,3]', { status: 200, headers: { 'Content-Type': 'application/json' } })) as unknown as typeof fetch,
    });
    expect(await api.list<number>('support')).toEqual({ items: [1, 2, 3], total: 3, next: undefined, prev: undefined });
  });

  it('parses RFC 8288 links with several relations and extra parameters', () => {
    expect(parseLinkHeader('<https://x.test/a?o=2>; rel="next last"; title="n", <https://x.test/a?o=0>;rel=prev')).toEqual({
      next: 'https://x.test/a?o=2',
      last: 'https://x.test/a?o=2',
      prev: 'https://x.test/a?o=0',
    });
    expect(parseLinkHeader(null)).toEqual({});
  });
});
