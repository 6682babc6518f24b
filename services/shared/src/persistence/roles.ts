import { assertSchemaName } from './schema';

/**
 * Two PostgreSQL roles per service, so runtime pods hold no DDL rights:
 * - `afya_<service>_migrator` owns the service's schema: the migration Job (and `npm run migrate`, the reporting
 *   rebuild CLI, seeds) connect as it;
 * - `afya_<service>_runtime` may only use the schema and read/write its rows (SELECT/INSERT/UPDATE/DELETE on
 *   tables, sequences, EXECUTE on functions), through default privileges for whatever the migrator creates later.
 *   It cannot CREATE, ALTER, DROP or TRUNCATE (only an owner can), so a compromised or buggy pod cannot change
 *   the schema, and no runtime code path can run DDL by accident (DB_MIGRATE_ON_START stays false in k8s).
 * Both are LOGIN roles; passwords (or IAM auth) are set by the DBA, never here. Run as the database's admin role
 * (superuser, or a CREATEROLE role that owns the database on a managed PostgreSQL).
 */
export interface ServiceRoles {
  migrator: string;
  runtime: string;
}

export function serviceRoles(service: string, prefix = 'afya'): ServiceRoles {
  return { migrator: assertSchemaName(`${prefix}_${service}_migrator`), runtime: assertSchemaName(`${prefix}_${service}_runtime`) };
}

/** The provisioning SQL for one service: idempotent, one statement per entry, in order. */
export function serviceRoleStatements(schema: string, roles: ServiceRoles): string[] {
  const s = `"${assertSchemaName(schema)}"`;
  const migrator = `"${assertSchemaName(roles.migrator)}"`;
  const runtime = `"${assertSchemaName(roles.runtime)}"`;
  return [
    `DO $$ BEGIN CREATE ROLE ${migrator} LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`,
    `DO $$ BEGIN CREATE ROLE ${runtime} LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`,
    // the admin must be a member of the owner role to create a schema for it and grant on its tables (PostgreSQL 16+
    // does not make a CREATEROLE role a member of the roles it creates)
    `GRANT ${migrator} TO CURRENT_USER`,
    `CREATE SCHEMA IF NOT EXISTS ${s} AUTHORIZATION ${migrator}`,
    // an existing install: hand the schema and what is in it to the migrator (REASSIGN OWNED BY <old role> for tables)
    `ALTER SCHEMA ${s} OWNER TO ${migrator}`,
    `REVOKE ALL ON SCHEMA ${s} FROM PUBLIC`,
    `GRANT USAGE ON SCHEMA ${s} TO ${runtime}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${runtime}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${s} TO ${runtime}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${s} TO ${runtime}`,
    `ALTER DEFAULT PRIVILEGES FOR ROLE ${migrator} IN SCHEMA ${s} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${runtime}`,
    `ALTER DEFAULT PRIVILEGES FOR ROLE ${migrator} IN SCHEMA ${s} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${runtime}`,
    `ALTER DEFAULT PRIVILEGES FOR ROLE ${migrator} IN SCHEMA ${s} GRANT EXECUTE ON FUNCTIONS TO ${runtime}`,
    // extensions need the database's CREATE right, which the migrator does not get (see trigram.ts)
    `CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`,
  ];
}
