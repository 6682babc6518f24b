import { configureProcessLogger, runMigrations } from '@afya/service-shared';
import { prescriptionDatabase } from './prescription.database';

const logger = configureProcessLogger({ service: 'prescription:migrate' });

runMigrations(prescriptionDatabase)
  .then((applied) => {
    logger.info({ applied }, applied.length ? `applied ${applied.join(', ')}` : 'schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    logger.error({ err: error }, `migration failed: ${error.message}`);
    process.exit(1);
  });
