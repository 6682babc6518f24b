/**
 * @jest-environment node
 */
import { i18n, setLanguage } from '../i18n';
import { useSession, type User } from '../session';
import { fakeToken, nowSeconds } from '../../test/render';
import { api, configureApiClient } from './index';

const user: User = { user_id: 7, firstname: 'Amina', lastname: 'Wanjiru', email: 'a@b.co', role: 'user' };
const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
};

describe('the api-client and the language', () => {
  let requests: Request[];
  beforeEach(async () => {
    requests = [];
    const fetchMock = jest.fn(async (req: Request) => {
      requests.push(req);
      return new Response(JSON.stringify({ user: { ...user, language: 'sw' } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    configureApiClient({ prefixUrl: 'http://afya.test/api', fetch: fetchMock as unknown as typeof fetch });
    useSession.setState({ token: null, user: null, isAuthenticated: false });
    await setLanguage('en', { chosen: false });
  });

  it('sends the page language as Accept-Language on every call', async () => {
    await api.get('doctors');
    await setLanguage('sw', { chosen: false });
    await api.get('doctors');
    expect(requests.map((r) => r.headers.get('Accept-Language'))).toEqual(['en', 'sw']);
  });

  it('saves a pick made while signed in in the profile', async () => {
    useSession.setState({ token: fakeToken(nowSeconds() + 600), user, isAuthenticated: true });
    await setLanguage('sw');
    await until(() => requests.length > 0);
    expect(requests[0].method).toBe('PATCH');
    expect(new URL(requests[0].url).pathname).toBe('/api/user/profile');
    expect(await requests[0].json()).toEqual({ language: 'sw' });
    await until(() => useSession.getState().user?.language === 'sw');
  });

  it("signing in follows the profile's language", async () => {
    useSession.getState().startSession(fakeToken(nowSeconds() + 600), { ...user, language: 'sw' });
    await until(() => i18n.language === 'sw');
    expect(requests).toHaveLength(0);
  });

  it('signing in just after picking a language on the sign-in page saves the pick instead', async () => {
    await setLanguage('en'); // picked while signed out
    useSession.getState().startSession(fakeToken(nowSeconds() + 600), { ...user, language: 'sw' });
    await until(() => requests.length > 0);
    expect(await requests[0].json()).toEqual({ language: 'en' });
    expect(i18n.language).toBe('en');
  });
});
