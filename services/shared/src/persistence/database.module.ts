import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { databaseUrl, env, envInt } from '../config/env';
import { EventTables1763700000000 } from '../events/event-tables.migration';
import { OutboxContext1764200000050 } from '../events/outbox-context.migration';
import { OutboxEventEntity } from '../events/outbox-event.entity';
import { ProcessedEventEntity } from '../events/processed-event.entity';
import { DeadlineSubscriber } from './deadline.subscriber';
import { TypeOrmJsonLogger } from '../logging/typeorm-logger';
import { DatabaseReadiness } from './migration-readiness';
import { observeDataSource } from '../observability/database-metrics';
import { QueryTracingSubscriber } from '../observability/query-tracing.subscriber';
import { AfterCommitSubscriber } from '../observability/after-commit';
import { assertSchemaName, ensureSchema } from './schema';

/** A class TypeORM instantiates itself (an entity or a migration). */
type TypeOrmClass = new (...args: never[]) => unknown;

export interface ServiceDatabaseOptions {
  /** Default schema name; the SCHEMA env var (or `<NAME>_DB_SCHEMA`) overrides it. */
  schema: string;
  entities: TypeOrmClass[];
  /** Migration classes in order. The outbox/processed-events migrations are prepended for every service. */
  migrations: TypeOrmClass[];
}

/** The schema a service uses: `<SERVICE>_DB_SCHEMA`, else its default (with AFYA_SCHEMA_SUFFIX, set per test file). */
export function schemaFor(defaultSchema: string): string {
  const suffix = process.env.AFYA_SCHEMA_SUFFIX;
  const fallback = suffix ? `${defaultSchema}_${suffix}` : defaultSchema;
  return assertSchemaName(env(`${defaultSchema.toUpperCase()}_DB_SCHEMA`, fallback));
}

/**
 * The database URL of a service: `<SCHEMA>_DATABASE_URL` (e.g. APPOINTMENT_DATABASE_URL), else DATABASE_URL. In k8s
 * each pod only has DATABASE_URL (its runtime role's, from a Secret; the migration Job gets the migrator's); the
 * per-service name lets one process (a test platform) run services as different roles.
 */
export function serviceDatabaseUrl(defaultSchema: string): string {
  return env(`${defaultSchema.toUpperCase()}_DATABASE_URL`, databaseUrl());
}

/**
 * TypeORM options for a service that owns exactly one PostgreSQL schema: every connection's
 * search_path is that schema, so migrations use unqualified names and the schema is pure configuration.
 * Never `synchronize`: the schema comes from migrations, in tests too.
 */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions & { url?: string }): DataSourceOptions {
  const schema = schemaFor(options.schema);
  return {
    type: 'postgres',
    url: options.url ?? serviceDatabaseUrl(options.schema),
    schema,
    entities: [...options.entities, OutboxEventEntity, ProcessedEventEntity],
    subscribers: [DeadlineSubscriber, QueryTracingSubscriber, AfterCommitSubscriber],
    migrations: [EventTables1763700000000, OutboxContext1764200000050, ...options.migrations],
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: env('DB_MIGRATE_ON_START', 'true') === 'true',
    migrationsTransactionMode: 'each',
    // statement_timeout: no statement runs for ever (DB_STATEMENT_TIMEOUT_MS, default 15 s; requests with a
    // deadline get less, see DeadlineSubscriber); a session idle in a transaction (a crashed handler) is ended.
    extra: {
      options: `-c search_path=${schema} -c statement_timeout=${envInt('DB_STATEMENT_TIMEOUT_MS', 15_000)} -c idle_in_transaction_session_timeout=${envInt('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000)}`,
      max: envInt('DB_POOL_SIZE', 10),
    },
    logging: ['warn'],
    logger: new TypeOrmJsonLogger(), // JSON lines, never query parameters (logging/typeorm-logger.ts)
  };
}

@Module({})
export class ServiceDatabaseModule {
  static forService(options: ServiceDatabaseOptions): DynamicModule {
    return {
      module: ServiceDatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => serviceDataSourceOptions(options),
          dataSourceFactory: async (dataSourceOptions) => {
            const resolved = dataSourceOptions as DataSourceOptions & { url: string; schema: string };
            // only a pod that migrates creates its schema: a runtime role may not, and a missing schema then shows
            // as "pending migrations" on /health/ready instead of a crash loop
            if (resolved.migrationsRun) await ensureSchema(resolved.url, resolved.schema);
            const dataSource = await new DataSource(resolved).initialize();
            // Pool usage and outbox backlog on /metrics (read at scrape time only).
            observeDataSource(dataSource);
            return dataSource;
          },
        }),
        TypeOrmModule.forFeature(options.entities),
      ],
      // readiness: the database answers and every migration of this code is applied (migration-readiness.ts)
      providers: [DatabaseReadiness],
      exports: [TypeOrmModule],
    };
  }
}

/**
 * The runtime role gets write rights on every table of the schema through default privileges (roles.ts), the
 * migrations table included: take those back, so the history readiness trusts (migration-readiness.ts) is written
 * by the migrator only. Nothing to do where one role does everything (local runs, tests).
 */
async function keepMigrationHistoryReadOnly(dataSource: DataSource): Promise<void> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const writers: Array<{ grantee: string }> = await dataSource.query(
    `SELECT DISTINCT grantee FROM information_schema.role_table_grants
      WHERE table_schema = current_schema() AND table_name = $1 AND grantee <> current_user
        AND privilege_type IN ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE')`,
    [table],
  );
  for (const { grantee } of writers) {
    await dataSource.query(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "${table}" FROM "${grantee.replace(/"/g, '""')}"`);
  }
}

/** For a migration Job (k8s) or `npm run migrate`: run pending migrations, then exit. */
export async function runMigrations(options: ServiceDatabaseOptions, url?: string): Promise<string[]> {
  const dataSourceOptions = serviceDataSourceOptions({ ...options, url }) as DataSourceOptions & { url: string; schema: string };
  await ensureSchema(dataSourceOptions.url, dataSourceOptions.schema);
  // Migrations may build indexes on big tables: no statement timeout for them.
  const dataSource = await new DataSource({
    ...dataSourceOptions,
    migrationsRun: false,
    extra: { ...dataSourceOptions.extra, options: `-c search_path=${dataSourceOptions.schema}` },
  } as DataSourceOptions).initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    await keepMigrationHistoryReadOnly(dataSource);
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}
