import { randomBytes } from 'node:crypto';
import type { TestPlatform } from './platform';

let counter = 0;

export function newPatient(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstname: 'Achieng',
    lastname: 'Odhiambo',
    email: `achieng.${counter}.${randomBytes(3).toString('hex')}@example.co.ke`,
    password: 'Patient#2026',
    contact_phone: '+254712345678',
    address: 'Kenyatta Avenue, Nairobi CBD',
    ...overrides,
  };
}

/** Registers a user and signs them in; returns the token and the session user. */
export async function signUpAndIn(platform: TestPlatform, overrides: Record<string, unknown> = {}) {
  const details = newPatient(overrides);
  const registered = await platform.api('POST', '/auth/register', { body: details });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await platform.api('POST', '/auth/login', { body: { email: details.email, password: details.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { token: login.body.token as string, user: login.body.user, details };
}
