import { Client } from 'pg';
import type PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { eventually } from '../testing/infrastructure';
import { installJobQueue, type JobQueueOptions, ServiceJobQueue } from './job-queue';
import { transactionJobDb } from './job-tables';
import { serviceRoles, serviceRoleStatements } from './roles';

/**
 * The job-queue helper the appointment (waitlist offers) and support (messages) services share, against real
 * PostgreSQL and pg-boss: a schema provisioned as a service's is (roles.ts), installed by its migrator (no CREATE
 * right on the database), then used by its runtime role (no DDL right) as a deployed service does.
 */
const suffix = process.env.AFYA_SCHEMA_SUFFIX!;
const schema = `jobs_${suffix}`;
const roles = serviceRoles('jobs', suffix);
const QUEUE = 'job-queue-spec';

function urlAs(role: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.username = role;
  url.password = '';
  return url.toString();
}

const options = (role: string): JobQueueOptions => ({
  connectionString: urlAs(role),
  schema,
  application_name: 'job-queue-spec',
  max: 2,
  schedule: false,
  supervise: true,
  maintenanceIntervalSeconds: 60,
  retryLimit: 0,
  expireInSeconds: 60,
});

/** A service's queue as the services declare theirs. */
class SpecQueue extends ServiceJobQueue {
  protected readonly queueName = QUEUE;

  constructor(private readonly role: string) {
    super();
  }

  protected queueOptions(): JobQueueOptions {
    return options(this.role);
  }
}

describe('installJobQueue and ServiceJobQueue (pg-boss in a service schema)', () => {
  let admin: Client;
  let dataSource: DataSource;
  const started: ServiceJobQueue[] = [];
  const migrateOnStart = process.env.DB_MIGRATE_ON_START;

  const jobRows = async () =>
    (await admin.query<{ state: string; data: { n: number } }>(`SELECT state, data FROM "${schema}".job WHERE name = $1 ORDER BY created_on`, [QUEUE])).rows;

  beforeAll(async () => {
    admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    for (const statement of serviceRoleStatements(schema, roles)) await admin.query(statement);
    dataSource = await new DataSource({ type: 'postgres', url: urlAs(roles.runtime) }).initialize();
  });

  afterEach(async () => {
    process.env.DB_MIGRATE_ON_START = migrateOnStart;
    for (const queue of started.splice(0)) await queue.onApplicationShutdown();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    for (const role of [roles.runtime, roles.migrator]) {
      await admin.query(`DROP OWNED BY "${role}" CASCADE`);
      await admin.query(`DROP ROLE "${role}"`);
    }
    await admin.end();
  });

  it('installs pg-boss’s tables and the queue as the migrator (no CREATE right on the database), and again changes nothing', async () => {
    const right = await admin.query<{ allowed: boolean }>(`SELECT has_database_privilege($1, current_database(), 'CREATE') AS allowed`, [roles.migrator]);
    expect(right.rows[0]!.allowed).toBe(false);

    await installJobQueue(options(roles.migrator), QUEUE);
    const tables = await admin.query<{ owner: string }>(`SELECT tableowner AS owner FROM pg_tables WHERE schemaname = $1 AND tablename IN ('version', 'job', 'queue')`, [schema]);
    expect(tables.rows.map((row) => row.owner)).toEqual([roles.migrator, roles.migrator, roles.migrator]);
    const queues = async () => (await admin.query(`SELECT name, policy FROM "${schema}".queue WHERE name = $1`, [QUEUE])).rows;
    expect(await queues()).toEqual([{ name: QUEUE, policy: 'standard' }]);

    await installJobQueue(options(roles.migrator), QUEUE);
    expect(await queues()).toEqual([{ name: QUEUE, policy: 'standard' }]);
  });

  it('starts once on first use as the runtime role, queues a job only with its transaction, works it, and stops', async () => {
    await installJobQueue(options(roles.migrator), QUEUE);
    process.env.DB_MIGRATE_ON_START = 'false'; // as deployed: the runtime role cannot install
    const queue = new SpecQueue(roles.runtime);
    started.push(queue);
    const [first, second] = await Promise.all([queue.instance(), queue.instance()]);
    expect(second).toBe(first);
    const boss: PgBoss = first;

    await expect(
      dataSource.transaction(async (manager) => {
        await boss.send(QUEUE, { n: 1 }, { db: transactionJobDb(manager) });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await dataSource.transaction(async (manager) => {
      await boss.send(QUEUE, { n: 2 }, { db: transactionJobDb(manager) });
    });
    expect((await jobRows()).map((row) => row.data)).toEqual([{ n: 2 }]);

    const worked: number[] = [];
    await boss.work<{ n: number }>(QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      worked.push(job!.data.n);
    });
    await eventually(async () => expect(await jobRows()).toEqual([{ state: 'completed', data: { n: 2 } }]), 15_000, 100);
    expect(worked).toEqual([2]);

    // stopped with the application (graceful: the job in hand was finished first)
    await queue.onApplicationShutdown();
    started.splice(started.indexOf(queue), 1);
  });

  it('installs itself on first use where DB_MIGRATE_ON_START is true (development)', async () => {
    await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
    for (const statement of serviceRoleStatements(schema, roles)) await admin.query(statement);
    process.env.DB_MIGRATE_ON_START = 'true';
    const queue = new SpecQueue(roles.migrator);
    started.push(queue);
    const boss = await queue.instance();
    expect(await boss.getQueue(QUEUE)).toEqual(expect.objectContaining({ name: QUEUE, policy: 'standard' }));
  });

  it('stops without having started', async () => {
    await expect(new SpecQueue(roles.runtime).onApplicationShutdown()).resolves.toBeUndefined();
  });
});
