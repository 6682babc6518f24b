import { Client } from 'pg';
import { DataSource, DataSourceOptions, MigrationInterface, QueryRunner } from 'typeorm';
import { readiness } from '../ops/health';
import { dropSchema } from './schema';
import { runMigrations, schemaFor, serviceDataSourceOptions, ServiceDatabaseOptions } from './database.module';
import { DatabaseReadiness, pendingMigrations } from './migration-readiness';
import { serviceRoles, serviceRoleStatements } from './roles';

class CreateNotes1900000000100 implements MigrationInterface {
  name = 'CreateNotes1900000000100';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)`);
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notes`);
  }
}

/** The next release's expand step: a nullable column the previous release simply does not write. */
class AddNoteAuthor1900000000200 implements MigrationInterface {
  name = 'AddNoteAuthor1900000000200';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notes ADD COLUMN author text NULL`);
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notes DROP COLUMN author`);
  }
}

const previousRelease: ServiceDatabaseOptions = { schema: 'readiness', entities: [], migrations: [CreateNotes1900000000100] };
const nextRelease: ServiceDatabaseOptions = { ...previousRelease, migrations: [CreateNotes1900000000100, AddNoteAuthor1900000000200] };
const schema = schemaFor('readiness');

/** A pod of the next release: it never migrates by itself (DB_MIGRATE_ON_START=false in k8s). */
async function podDataSource(url?: string): Promise<DataSource> {
  return new DataSource({ ...serviceDataSourceOptions({ ...nextRelease, url }), migrationsRun: false } as DataSourceOptions).initialize();
}

function urlAs(role: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.username = role;
  url.password = '';
  return url.toString();
}

describe('a pod is ready only when its schema has every migration it knows (real PostgreSQL)', () => {
  afterAll(async () => {
    await dropSchema(process.env.DATABASE_URL!, schema);
  });

  it('reports the pending migration until the Job applies it, and a lost database', async () => {
    await runMigrations(previousRelease);
    const dataSource = await podDataSource();
    const probe = new DatabaseReadiness(dataSource);
    probe.onApplicationBootstrap();
    try {
      expect(await pendingMigrations(dataSource)).toEqual(['AddNoteAuthor1900000000200']);
      expect((await readiness()).checks).toEqual({
        [`database:${schema}`]: 'ok',
        [`migrations:${schema}`]: "pending migrations: AddNoteAuthor1900000000200 (run this service's migration Job)",
      });

      expect(await runMigrations(nextRelease)).toEqual(['AddNoteAuthor1900000000200']);
      expect((await readiness()).checks).toEqual({ [`database:${schema}`]: 'ok', [`migrations:${schema}`]: 'ok' });
    } finally {
      await dataSource.destroy();
    }
    // the pool is gone, as when PostgreSQL is unreachable: the database check fails, the migration answer is kept
    const report = await readiness();
    expect(report.checks[`database:${schema}`]).not.toBe('ok');
    expect(report.checks[`migrations:${schema}`]).toBe('ok');
    probe.onApplicationShutdown();
    expect((await readiness()).checks).toEqual({});
  });

  it('counts a schema without a migrations table as nothing applied', async () => {
    await dropSchema(process.env.DATABASE_URL!, schema);
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    const dataSource = await podDataSource();
    try {
      // every migration: the shared ones every service gets (outbox, ...) and this service's own
      const all = dataSource.migrations.map((migration) => migration.name);
      expect(all.slice(-2)).toEqual(['CreateNotes1900000000100', 'AddNoteAuthor1900000000200']);
      expect(await pendingMigrations(dataSource)).toEqual(all);
    } finally {
      await dataSource.destroy();
    }
  });
});

describe('runtime role: rows yes, schema changes no (real PostgreSQL)', () => {
  const roles = serviceRoles('readiness', process.env.AFYA_SCHEMA_SUFFIX);
  let admin: Client;

  beforeAll(async () => {
    await dropSchema(process.env.DATABASE_URL!, schema);
    admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    for (const statement of serviceRoleStatements(schema, roles)) await admin.query(statement);
  });

  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    for (const role of [roles.runtime, roles.migrator]) {
      await admin.query(`DROP OWNED BY "${role}" CASCADE`);
      await admin.query(`DROP ROLE "${role}"`);
    }
    await admin.end();
  });

  it('the migrator owns the schema and migrates it; the runtime role reads and writes rows but CREATE, ALTER, DROP, TRUNCATE are refused', async () => {
    const applied = await runMigrations(previousRelease, urlAs(roles.migrator));
    expect([applied[0], applied.at(-1)]).toEqual(['EventTables1763700000000', 'CreateNotes1900000000100']);
    // a later migration's table gets the runtime grants through the default privileges
    expect(await runMigrations(nextRelease, urlAs(roles.migrator))).toEqual(['AddNoteAuthor1900000000200']);

    const runtime = await podDataSource(urlAs(roles.runtime));
    try {
      expect(await pendingMigrations(runtime)).toEqual([]);
      const [inserted] = await runtime.query(`INSERT INTO notes (body, author) VALUES ('hello', 'amina') RETURNING id`);
      await runtime.query(`UPDATE notes SET body = 'hello again' WHERE id = $1`, [inserted.id]);
      expect(await runtime.query(`SELECT body, author FROM notes`)).toEqual([{ body: 'hello again', author: 'amina' }]);
      await runtime.query(`DELETE FROM notes WHERE id = $1`, [inserted.id]);

      const refused = (sql: string) => runtime.query(sql).then(() => 'allowed', (error: { code?: string }) => error.code);
      const insufficientPrivilege = '42501';
      expect({
        createTable: await refused(`CREATE TABLE intruder (id int)`),
        alterTable: await refused(`ALTER TABLE notes ADD COLUMN intruder text`),
        createIndex: await refused(`CREATE INDEX intruder_idx ON notes (body)`),
        dropTable: await refused(`DROP TABLE notes`),
        truncate: await refused(`TRUNCATE notes`),
        createSchema: await refused(`CREATE SCHEMA intruder`),
        // the history readiness trusts is the migrator's to write (runMigrations revokes it); reading it is fine
        forgeHistory: await refused(`DELETE FROM migrations`),
        readHistory: await refused(`SELECT name FROM migrations`),
      }).toEqual({
        createTable: insufficientPrivilege,
        alterTable: insufficientPrivilege,
        createIndex: insufficientPrivilege,
        dropTable: insufficientPrivilege,
        truncate: insufficientPrivilege,
        createSchema: insufficientPrivilege,
        forgeHistory: insufficientPrivilege,
        readHistory: 'allowed',
      });
    } finally {
      await runtime.destroy();
    }
  });
});
