import { configureProcessLogger, runMigrations } from '@afya/service-shared';
import { readJobQueueSettings } from './communications/communications.config';
import { installJobQueue } from './communications/job-queue';
import { supportDatabase } from './support.database';

const logger = configureProcessLogger({ service: 'support:migrate' });

// The schema's tables, then the job queue's (pg-boss) in the same schema, both as the migrator.
runMigrations(supportDatabase)
  .then(async (applied) => {
    await installJobQueue(readJobQueueSettings());
    logger.info({ applied }, applied.length ? `applied ${applied.join(', ')}` : 'schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    logger.error({ err: error }, `migration failed: ${error.message}`);
    process.exit(1);
  });
