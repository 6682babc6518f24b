import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

const { ensurePlatformRole, PLATFORM_ROLE } = require('./platform-role') as {
  ensurePlatformRole: (options: { adminUrl: string; database: string; localDir: string }) => Promise<{ url: string | null; reason: string | null }>;
  PLATFORM_ROLE: string;
};

// `npm start` gives the services their own PostgreSQL role (issue 22, item 9) instead of the trusting superuser:
// here against the machine's PostgreSQL (the tests' DATABASE_URL server) with a throwaway database.
const ADMIN_URL = (() => {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = '/postgres';
  return url.toString();
})();

async function query<T = Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const at = (url: string, database: string) => Object.assign(new URL(url), { pathname: `/${database}` }).toString();

describe('the platform role of the local runner', () => {
  const database = `afya_role_${randomBytes(4).toString('hex')}`;
  const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-role-'));

  beforeAll(async () => {
    await query(ADMIN_URL, `CREATE DATABASE ${database}`);
    // What an earlier run left, as the superuser: a schema with a table, its serial, a trigger function.
    await query(at(ADMIN_URL, database), `CREATE SCHEMA auth; CREATE TABLE auth.users (id serial PRIMARY KEY, email text);
      CREATE FUNCTION auth.no_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'append-only'; END $$;`);
  });

  afterAll(async () => {
    await query(ADMIN_URL, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    fs.rmSync(localDir, { recursive: true, force: true });
  });

  it('connects the services as afya_platform with a password: owner of the database and what earlier runs made, no superuser', async () => {
    const role = await ensurePlatformRole({ adminUrl: ADMIN_URL, database, localDir });
    expect(role.reason).toBeNull();
    const url = new URL(role.url!);
    expect(url.username).toBe(PLATFORM_ROLE);
    expect(url.password.length).toBeGreaterThanOrEqual(24);
    expect(url.pathname).toBe(`/${database}`);
    expect(JSON.parse(fs.readFileSync(path.join(localDir, 'pg-platform-role.json'), 'utf8')).password).toBe(decodeURIComponent(url.password));

    const [me] = await query<{ user: string; superuser: boolean; createrole: boolean }>(
      role.url!,
      `SELECT current_user AS user, rolsuper AS superuser, rolcreaterole AS createrole FROM pg_roles WHERE rolname = current_user`,
    );
    expect(me).toEqual({ user: PLATFORM_ROLE, superuser: false, createrole: false });
    // It works with what the superuser made before, and makes its own schemas as migrations do.
    await query(role.url!, `INSERT INTO auth.users (email) VALUES ('a@b'); CREATE SCHEMA payment; CREATE TABLE payment.t (id int)`);
    expect(await query(role.url!, `SELECT count(*)::int AS n FROM auth.users`)).toEqual([{ n: 1 }]);
    await expect(query(role.url!, `CREATE ROLE not_allowed`)).rejects.toThrow(/permission denied/);

    // A second start reuses the role and its password.
    const again = await ensurePlatformRole({ adminUrl: ADMIN_URL, database, localDir });
    expect(again.url).toBe(role.url);
  });
});
