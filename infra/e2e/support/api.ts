import { BASE_URL } from './browser';

/** A JSON call to the platform under test, outside the browser (setting up data, checking the server's view). */
export async function call<T>(method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; body: T; text: string }> {
  const res = await fetch(`${BASE_URL}/api/${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined; // not JSON (a CSV report, say): read `text`
  }
  return { status: res.status, body: parsed as T, text };
}

/** A token for these credentials; throws when sign-in fails. */
export async function login(email: string, password: string): Promise<string> {
  const res = await call<{ token: string }>('POST', 'auth/login', undefined, { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return res.body.token;
}
