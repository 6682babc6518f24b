import { Client } from 'pg';
import type { TestPlatform } from './platform';
import { signUpAndIn } from './users';

/**
 * The first admin of a fresh database cannot be created through the API (only admins create admins):
 * register a user, promote it in the auth schema as an operator would, then sign in.
 */
export async function createAdmin(platform: TestPlatform) {
  const { details } = await signUpAndIn(platform, { firstname: 'Wairimu', lastname: 'Kamau' });
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`UPDATE "auth_${process.env.AFYA_SCHEMA_SUFFIX}".users SET role = 'admin' WHERE email = $1`, [details.email]);
  } finally {
    await client.end();
  }
  const login = await platform.api('POST', '/auth/login', { body: { email: details.email, password: details.password } });
  return { token: login.body.token as string, user: login.body.user, details };
}
