import { Client } from 'pg';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  return schema;
}

/**
 * TypeORM does not create a schema by itself (STACK-NOTES): do it before migrations run. Only when it is missing:
 * PostgreSQL checks the database's CREATE privilege before IF NOT EXISTS, so a role that owns an existing schema
 * but may not create schemas (the migrator role of a provisioned database, see roles.ts) would be refused.
 */
export async function ensureSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [assertSchemaName(schema)]);
    if (rowCount) return;
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${assertSchemaName(schema)}"`);
  } catch (error) {
    // Two services starting at once may race on CREATE SCHEMA; the loser's duplicate is harmless.
    if ((error as { code?: string }).code !== '23505' && (error as { code?: string }).code !== '42P06') throw error;
  } finally {
    await client.end();
  }
}

export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${assertSchemaName(schema)}" CASCADE`);
  } finally {
    await client.end();
  }
}
