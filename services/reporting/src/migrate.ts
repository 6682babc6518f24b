import { configureProcessLogger, runMigrations } from '@afya/service-shared';
import { reportingDatabase } from './reporting.database';

const logger = configureProcessLogger({ service: 'reporting:migrate' });

runMigrations(reportingDatabase)
  .then((applied) => {
    logger.info({ applied }, applied.length ? `applied ${applied.join(', ')}` : 'schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    logger.error({ err: error }, `migration failed: ${error.message}`);
    process.exit(1);
  });
