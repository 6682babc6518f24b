import { create } from 'zustand';
import type { AuthState, RegisterPayload, User } from './types';
import { getTokenExpiry, isTokenExpired } from './jwt';
import { readDarkMode, readToken, readUser, STORAGE_KEYS, writeDarkMode, writeSession } from './storage';
import { navigateTo } from './navigation';

export const TOKEN_EXPIRED_REASON = 'Token expired, auto-logout';

/** The auth calls the store needs; bound to the api-client at start (kept injectable for tests). */
export interface AuthApi {
  login(email: string, password: string): Promise<{ token: string; user: User }>;
  register(payload: RegisterPayload): Promise<{ user: User }>;
  logout(token: string): Promise<unknown>;
  profile(): Promise<{ user: User }>;
}

export interface SessionState extends AuthState {
  darkMode: boolean;
  /** Why the session ended last time (e.g. TOKEN_EXPIRED_REASON), shown on /login. */
  logoutReason: string | null;
  login(email: string, password: string): Promise<User>;
  register(payload: RegisterPayload): Promise<User>;
  logout(reason?: string): Promise<void>;
  /** Clears the session locally without calling the server (401, expiry). */
  clearSession(reason?: string, redirect?: boolean): void;
  loadProfile(): Promise<User | null>;
  setUser(user: User): void;
  /** Replaces token and user: a password change revokes the old token and answers with a new one. */
  startSession(token: string, user: User): void;
  toggleDarkMode(): void;
  setDarkMode(v: boolean): void;
  /** Reads localStorage; drops an expired token. Called once at start. */
  hydrate(): void;
}

let authApi: AuthApi | null = null;
export function setAuthApi(api: AuthApi): void {
  authApi = api;
}
function api(): AuthApi {
  if (!authApi) throw new Error('Auth API not configured');
  return authApi;
}

let expiryTimer: ReturnType<typeof setTimeout> | null = null;
function scheduleExpiry(token: string | null): void {
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = null;
  const exp = getTokenExpiry(token);
  if (exp === null) return;
  // setTimeout overflows past ~24.8 days; re-check at most daily.
  const delay = Math.min(Math.max(exp - Date.now(), 0), 86_400_000);
  expiryTimer = setTimeout(() => {
    const { token: current } = useSession.getState();
    if (current !== token) return;
    if (isTokenExpired(token)) useSession.getState().clearSession(TOKEN_EXPIRED_REASON, true);
    else scheduleExpiry(token);
  }, delay);
}

function errorMessage(err: unknown, fallback: string): string {
  if (err && typeof err === 'object' && 'message' in err && typeof (err as Error).message === 'string') {
    const m = (err as Error).message.trim();
    if (m) return m;
  }
  return fallback;
}

const initialToken = readToken();
const initialUser = readUser();
const initialValid = !!initialToken && !!initialUser && !isTokenExpired(initialToken);
// A token that expired while the app was closed ends the session now, in storage too (not only in memory):
// otherwise it would stay in localStorage after the redirect to /login.
const initialExpired = !!initialToken && isTokenExpired(initialToken);
if (initialExpired) writeSession(null, null);

export const useSession = create<SessionState>()((set, get) => ({
  user: initialValid ? initialUser : null,
  token: initialValid ? initialToken : null,
  isAuthenticated: initialValid,
  isLoading: initialValid, // profile is refreshed at start; 'Loading...' until it answers
  error: null,
  darkMode: readDarkMode(),
  logoutReason: initialExpired ? TOKEN_EXPIRED_REASON : null,

  hydrate() {
    const token = readToken();
    const user = readUser();
    if (token && isTokenExpired(token)) {
      get().clearSession(TOKEN_EXPIRED_REASON, false);
      return;
    }
    const ok = !!token && !!user;
    set({ token: ok ? token : null, user: ok ? user : null, isAuthenticated: ok, darkMode: readDarkMode() });
    if (ok) scheduleExpiry(token);
  },

  async login(email, password) {
    set({ isLoading: true, error: null, logoutReason: null });
    try {
      const { token, user } = await api().login(email, password);
      get().startSession(token, user);
      return user;
    } catch (err) {
      const message = errorMessage(err, 'Login failed');
      set({ isLoading: false, error: message, isAuthenticated: false, token: null, user: null });
      throw err;
    }
  },

  async register(payload) {
    set({ isLoading: true, error: null });
    try {
      const { user } = await api().register(payload);
      set({ isLoading: false });
      return user;
    } catch (err) {
      set({ isLoading: false, error: errorMessage(err, 'Registration failed') });
      throw err;
    }
  },

  async logout(reason) {
    const token = get().token;
    if (token) {
      try {
        await api().logout(token); // server revokes the token; its failure is ignored
      } catch {
        /* ignored */
      }
    }
    get().clearSession(reason, true);
  },

  clearSession(reason, redirect = true) {
    if (expiryTimer) clearTimeout(expiryTimer);
    expiryTimer = null;
    writeSession(null, null);
    set({ token: null, user: null, isAuthenticated: false, isLoading: false, error: null, logoutReason: reason ?? null });
    if (redirect) navigateTo('/login');
  },

  async loadProfile() {
    const token = get().token;
    if (!token) {
      set({ isLoading: false });
      return null;
    }
    set({ isLoading: true });
    try {
      const { user } = await api().profile();
      writeSession(get().token, user);
      set({ user, isLoading: false, error: null });
      return user;
    } catch (err) {
      // 401 already cleared the session (api-client); other failures keep the stored user.
      set({ isLoading: false, error: errorMessage(err, 'Failed to get user') });
      return null;
    }
  },

  setUser(user) {
    writeSession(get().token, user);
    set({ user });
  },

  startSession(token, user) {
    if (expiryTimer) clearTimeout(expiryTimer);
    writeSession(token, user);
    set({ token, user, isAuthenticated: true, isLoading: false, error: null, logoutReason: null });
    scheduleExpiry(token);
  },

  toggleDarkMode() {
    get().setDarkMode(!get().darkMode);
  },
  setDarkMode(v) {
    writeDarkMode(v);
    set({ darkMode: v });
  },
}));

if (initialValid) scheduleExpiry(initialToken);

// A theme chosen in another tab of Afya applies here too (the browser tells other tabs through `storage`).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.darkMode) useSession.setState({ darkMode: event.newValue === 'true' });
  });
}

/** Home route per role (CONTRACT.md §4). */
export function homeForRole(role: string | undefined | null): string {
  if (role === 'admin') return '/dashboard/admin';
  if (role === 'doctor') return '/dashboard/doctor';
  return '/dashboard';
}

export function fullName(user: Pick<User, 'firstname' | 'lastname'> | null | undefined): string {
  if (!user) return '';
  return [user.firstname, user.lastname].filter(Boolean).join(' ');
}
