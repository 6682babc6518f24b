'use strict';
// The platform's own PostgreSQL role for `npm start` (issue 22): the services connect as `afya_platform`, with a
// password, owning the afya database and what is in it, not as the machine's trusting superuser. Made where the
// admin connection may create roles (a local server we reach as its superuser, the embedded one); elsewhere the
// runner says why and keeps the admin URL. DATABASE_URL is always used as given.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');

const PLATFORM_ROLE = 'afya_platform';

/** The role's password, kept in .local so a restart reuses it (a new one each time would do as well; this one is readable by you only). */
function rolePassword(localDir) {
  const file = path.join(localDir, 'pg-platform-role.json');
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof stored.password === 'string' && stored.password.length >= 24) return stored.password;
  } catch {
    // none yet
  }
  const password = crypto.randomBytes(24).toString('base64url');
  fs.mkdirSync(localDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ role: PLATFORM_ROLE, password })}\n`, { mode: 0o600 });
  return password;
}

/** Every object of the database's own schemas (not pg_*, information_schema) passed to the role, schemas included. */
const TAKE_OVER = `
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT nspname FROM pg_namespace
            WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' AND nspowner <> '${PLATFORM_ROLE}'::regrole LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO ${PLATFORM_ROLE}', r.nspname);
  END LOOP;
  FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
              AND c.relowner <> '${PLATFORM_ROLE}'::regrole
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
              -- a sequence owned by a column moves with its table
              AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))) LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${PLATFORM_ROLE}',
      CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, r.name);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS name, p.prokind FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' AND p.proowner <> '${PLATFORM_ROLE}'::regrole
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${PLATFORM_ROLE}', CASE r.prokind WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END, r.name);
  END LOOP;
  FOR r IN SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
            WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' AND t.typtype IN ('e', 'd')
              AND t.typowner <> '${PLATFORM_ROLE}'::regrole
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e') LOOP
    EXECUTE format('ALTER TYPE %s OWNER TO ${PLATFORM_ROLE}', r.name);
  END LOOP;
END $$`;

/**
 * Makes `afya_platform` (LOGIN, a password, no superuser, no role or database creation) the owner of `database`
 * and of everything in it, and returns its URL. Returns {url: null, reason} when the admin connection may not
 * create roles, so the caller keeps the admin URL and says why.
 * @param {{adminUrl: string, database: string, localDir: string}} options  adminUrl points at any database of the server
 */
async function ensurePlatformRole({ adminUrl, database, localDir }) {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`invalid database name "${database}"`);
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT rolsuper OR rolcreaterole AS can FROM pg_roles WHERE rolname = current_user');
    if (!rows[0] || !rows[0].can) return { url: null, reason: 'the PostgreSQL user may not create roles' };
    const password = rolePassword(localDir);
    const exists = (await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [PLATFORM_ROLE])).rowCount > 0;
    // A password is a literal in CREATE/ALTER ROLE (no parameters there): ours is base64url, nothing to escape.
    const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password}'`;
    await admin.query(exists ? `ALTER ROLE ${PLATFORM_ROLE} WITH ${attributes}` : `CREATE ROLE ${PLATFORM_ROLE} WITH ${attributes}`).catch((error) => {
      if (error.code !== '42710') throw error; // two runners at once: the other created it
    });
    await admin.query(`ALTER DATABASE "${database}" OWNER TO ${PLATFORM_ROLE}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
  // Inside the database: its schemas and objects made by earlier runs as the superuser become the role's.
  const inside = new Client({ connectionString: withDatabase(adminUrl, database), connectionTimeoutMillis: 5000 });
  inside.on('error', () => undefined);
  await inside.connect();
  try {
    await inside.query(TAKE_OVER);
  } finally {
    await inside.end().catch(() => undefined);
  }
  const url = new URL(withDatabase(adminUrl, database));
  url.username = PLATFORM_ROLE;
  url.password = rolePassword(localDir);
  return { url: url.toString(), reason: null };
}

function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

module.exports = { ensurePlatformRole, PLATFORM_ROLE };
