import { configureProcessLogger, runMigrations } from '@afya/service-shared';
import { paymentDatabase } from './payment.database';

const logger = configureProcessLogger({ service: 'payment:migrate' });

runMigrations(paymentDatabase)
  .then((applied) => {
    logger.info({ applied }, applied.length ? `applied ${applied.join(', ')}` : 'schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    logger.error({ err: error }, `migration failed: ${error.message}`);
    process.exit(1);
  });
