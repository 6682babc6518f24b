import type { User } from './types';

/** localStorage keys exactly as CONTRACT.md §9. */
export const STORAGE_KEYS = { token: 'token', user: 'user', darkMode: 'darkMode' } as const;

function ls(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  return ls()?.getItem(STORAGE_KEYS.token) ?? null;
}

export function readUser(): User | null {
  const raw = ls()?.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

export function writeSession(token: string | null, user: User | null): void {
  const s = ls();
  if (!s) return;
  if (token) s.setItem(STORAGE_KEYS.token, token);
  else s.removeItem(STORAGE_KEYS.token);
  if (user) s.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  else s.removeItem(STORAGE_KEYS.user);
}

export function readDarkMode(): boolean {
  return ls()?.getItem(STORAGE_KEYS.darkMode) === 'true';
}

export function writeDarkMode(v: boolean): void {
  ls()?.setItem(STORAGE_KEYS.darkMode, String(v));
}
