import { configureProcessLogger, runMigrations } from '@afya/service-shared';
import { supportDatabase } from './support.database';

const logger = configureProcessLogger({ service: 'support:migrate' });

runMigrations(supportDatabase)
  .then((applied) => {
    logger.info({ applied }, applied.length ? `applied ${applied.join(', ')}` : 'schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    logger.error({ err: error }, `migration failed: ${error.message}`);
    process.exit(1);
  });
