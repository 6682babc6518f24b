import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaFor } from './database.module';
import { runMigrationJob } from './migration-job';

/** The migration Job every service's migrate.ts runs, against real PostgreSQL (a schema of this test file's own). */
class CreateThings1700000000001 implements MigrationInterface {
  name = 'CreateThings1700000000001';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE things (id serial PRIMARY KEY)`);
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE things`);
  }
}

class Broken1700000000002 implements MigrationInterface {
  name = 'Broken1700000000002';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE no_such_table ADD COLUMN x integer`);
  }
  async down(): Promise<void> {}
}

describe('runMigrationJob (a service’s migrate.ts)', () => {
  let admin: Client;
  const exists = async (schema: string, table: string) =>
    (await admin.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [`${schema}.${table}`])).rows[0]!.found !== null;

  beforeAll(async () => {
    admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });

  afterAll(async () => {
    for (const schema of ['jobmig', 'jobmigbroken']) await admin.query(`DROP SCHEMA IF EXISTS "${schemaFor(schema)}" CASCADE`);
    await admin.end();
  });

  it('applies the migrations, then the step after them (a job queue’s tables): exit code 0; again, nothing to apply', async () => {
    const schema = schemaFor('jobmig');
    const database = { schema: 'jobmig', entities: [], migrations: [CreateThings1700000000001] };
    const after: boolean[] = [];
    expect(await runMigrationJob(database, async () => void after.push(await exists(schema, 'things')))).toBe(0);
    expect(after).toEqual([true]); // it ran once the tables were there
    expect(await runMigrationJob(database)).toBe(0);
    const { rows } = await admin.query<{ name: string }>(`SELECT name FROM "${schema}".migrations ORDER BY id`);
    expect(rows.map((row) => row.name)).toContain('CreateThings1700000000001');
  });

  it('exits 1 when a migration fails, without the step after it', async () => {
    let ran = false;
    const database = { schema: 'jobmigbroken', entities: [], migrations: [Broken1700000000002] };
    expect(
      await runMigrationJob(database, async () => {
        ran = true;
      }),
    ).toBe(1);
    expect(ran).toBe(false);
  });

  it('exits 1 when the step after the migrations fails', async () => {
    const database = { schema: 'jobmig', entities: [], migrations: [CreateThings1700000000001] };
    expect(await runMigrationJob(database, () => Promise.reject(new Error('queue tables refused')))).toBe(1);
  });
});
