import { fakeToken, nowSeconds } from '../../test/render';
import { homeForRole, setAuthApi, setNavigator, TOKEN_EXPIRED_REASON, useSession, type AuthApi, type User } from './index';

const patient: User = { user_id: 1, firstname: 'Amina', lastname: 'Wanjiru', email: 'amina@example.co.ke', role: 'user' };

function fakeApi(over: Partial<AuthApi> = {}): AuthApi {
  return {
    login: jest.fn(async () => ({ token: fakeToken(nowSeconds() + 3600), user: patient })),
    register: jest.fn(async () => ({ user: patient })),
    logout: jest.fn(async () => ({})),
    profile: jest.fn(async () => ({ user: patient })),
    ...over,
  };
}

describe('session store', () => {
  const navigate = jest.fn();
  beforeEach(() => {
    jest.useRealTimers();
    localStorage.clear();
    navigate.mockReset();
    setNavigator(navigate);
    useSession.getState().clearSession(undefined, false);
  });

  it('login stores token and user under the keys token and user', async () => {
    setAuthApi(fakeApi());
    const user = await useSession.getState().login('amina@example.co.ke', 'secret1');
    expect(user.role).toBe('user');
    const s = useSession.getState();
    expect(s.isAuthenticated).toBe(true);
    expect(localStorage.getItem('token')).toBe(s.token);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(patient);
  });

  it('login failure keeps the user signed out with the store default message', async () => {
    setAuthApi(fakeApi({ login: jest.fn(async () => Promise.reject(new Error(''))) }));
    await expect(useSession.getState().login('a@b.co', 'x')).rejects.toBeDefined();
    expect(useSession.getState().isAuthenticated).toBe(false);
    expect(useSession.getState().error).toBe('Login failed');
  });

  it('logs out automatically with the reason when the JWT exp passes', async () => {
    jest.useFakeTimers();
    setAuthApi(fakeApi({ login: jest.fn(async () => ({ token: fakeToken(Math.floor(Date.now() / 1000) + 5), user: patient })) }));
    await useSession.getState().login('amina@example.co.ke', 'secret1');
    expect(useSession.getState().isAuthenticated).toBe(true);
    jest.advanceTimersByTime(6000);
    const s = useSession.getState();
    expect(s.isAuthenticated).toBe(false);
    expect(s.token).toBeNull();
    expect(s.logoutReason).toBe(TOKEN_EXPIRED_REASON);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('an app opened with an expired stored token clears it from localStorage at start, with the reason', () => {
    localStorage.setItem('token', fakeToken(nowSeconds() - 10));
    localStorage.setItem('user', JSON.stringify(patient));
    localStorage.setItem('darkMode', 'true');
    jest.isolateModules(() => {
      const fresh = require('./session.store') as typeof import('./session.store');
      const s = fresh.useSession.getState();
      expect(s.isAuthenticated).toBe(false);
      expect(s.token).toBeNull();
      expect(s.logoutReason).toBe(TOKEN_EXPIRED_REASON);
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('darkMode')).toBe('true'); // the theme is not part of the session
  });

  it('an app opened with a valid stored token keeps it', () => {
    const token = fakeToken(nowSeconds() + 600);
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(patient));
    jest.isolateModules(() => {
      const fresh = require('./session.store') as typeof import('./session.store');
      expect(fresh.useSession.getState()).toMatchObject({ isAuthenticated: true, token, logoutReason: null });
    });
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('hydrate drops an expired stored token with the reason', () => {
    localStorage.setItem('token', fakeToken(nowSeconds() - 10));
    localStorage.setItem('user', JSON.stringify(patient));
    useSession.getState().hydrate();
    expect(useSession.getState().isAuthenticated).toBe(false);
    expect(useSession.getState().logoutReason).toBe('Token expired, auto-logout');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('hydrate restores a valid stored session', () => {
    const token = fakeToken(nowSeconds() + 600);
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(patient));
    useSession.getState().hydrate();
    expect(useSession.getState()).toMatchObject({ isAuthenticated: true, token, user: patient });
  });

  it('logout calls the server, ignores its failure and clears the session', async () => {
    const api = fakeApi({ logout: jest.fn(async () => Promise.reject(new Error('down'))) });
    setAuthApi(api);
    await useSession.getState().login('amina@example.co.ke', 'secret1');
    await useSession.getState().logout();
    expect(api.logout).toHaveBeenCalled();
    expect(useSession.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('follows a theme chosen in another tab (the storage event)', () => {
    useSession.getState().setDarkMode(false);
    localStorage.setItem('darkMode', 'true');
    window.dispatchEvent(new StorageEvent('storage', { key: 'darkMode', oldValue: 'false', newValue: 'true' }));
    expect(useSession.getState().darkMode).toBe(true);
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'x' }));
    expect(useSession.getState().darkMode).toBe(true);
    window.dispatchEvent(new StorageEvent('storage', { key: 'darkMode', oldValue: 'true', newValue: 'false' }));
    expect(useSession.getState().darkMode).toBe(false);
  });

  it('persists darkMode under the key darkMode', () => {
    useSession.getState().setDarkMode(true);
    expect(localStorage.getItem('darkMode')).toBe('true');
    useSession.getState().toggleDarkMode();
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(useSession.getState().darkMode).toBe(false);
  });

  it('maps roles to their home', () => {
    expect(homeForRole('admin')).toBe('/dashboard/admin');
    expect(homeForRole('doctor')).toBe('/dashboard/doctor');
    expect(homeForRole('user')).toBe('/dashboard');
    expect(homeForRole('nurse')).toBe('/dashboard');
  });
});
