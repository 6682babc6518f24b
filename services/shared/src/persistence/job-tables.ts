import { Client } from 'pg';
import type PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';

/**
 * pg-boss's tables in a service's own schema, installed as the migrator. pg-boss's installer begins with
 * CREATE SCHEMA IF NOT EXISTS, which PostgreSQL checks against the database's CREATE right before it looks whether
 * the schema exists, and the migrator deliberately lacks that right (roles.ts). The schema is the provisioning's, so
 * the construction plan (pg-boss's public `getConstructionPlans(schema)`) runs here without that one statement;
 * pg-boss's own start then finds its tables and only upgrades them when its version moves.
 */
export async function installJobTables(connectionString: string, schema: string, constructionPlans: string): Promise<boolean> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ installed: string | null }>('SELECT to_regclass($1) AS installed', [`${schema}.version`]);
    if (rows[0]?.installed) return false;
    const createSchema = new RegExp(`CREATE SCHEMA IF NOT EXISTS ${schema}\\s*;`);
    if (!createSchema.test(constructionPlans)) throw new Error(`pg-boss's construction plan no longer creates schema ${schema} as expected`);
    await client.query(constructionPlans.replace(createSchema, ''));
    return true;
  } finally {
    await client.end();
  }
}

/**
 * pg-boss's `Db` over a TypeORM transaction (pg-boss needs only `executeSql`), so a job is queued or withdrawn in
 * the same transaction as the rows it belongs to: `boss.send(queue, data, { db: transactionJobDb(manager) })`.
 */
export function transactionJobDb(manager: EntityManager): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const runner = manager.queryRunner;
      if (!runner) throw new Error('not inside a transaction');
      const result = await runner.query(text, values, true);
      return { rows: result.records };
    },
  };
}
