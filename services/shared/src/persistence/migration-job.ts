import { configureProcessLogger } from '../logging/logger';
import { runMigrations, type ServiceDatabaseOptions } from './database.module';

/**
 * A service's migration Job (`node dist/src/migrate.js`, as the migrator): the schema's migrations, then `after`
 * (the job queue's tables, where a service has one), logged as `<schema>:migrate`. The exit code: 0 once done, 1
 * when anything failed (logged). The entry point exits with it: `runMigrationJob(db).then((code) => process.exit(code))`.
 */
export async function runMigrationJob(database: ServiceDatabaseOptions, after?: () => Promise<void>): Promise<0 | 1> {
  const logger = configureProcessLogger({ service: `${database.schema}:migrate` });
  try {
    const applied = await runMigrations(database);
    await after?.();
    logger.info({ applied }, applied.length ? `applied ${applied.join(', ')}` : 'schema up to date');
    return 0;
  } catch (error) {
    logger.error({ err: error }, `migration failed: ${(error as Error).message}`);
    return 1;
  }
}
