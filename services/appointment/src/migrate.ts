import { configureProcessLogger, runMigrations } from '@afya/service-shared';
import { appointmentDatabase } from './appointment.database';

const logger = configureProcessLogger({ service: 'appointment:migrate' });

runMigrations(appointmentDatabase)
  .then((applied) => {
    logger.info({ applied }, applied.length ? `applied ${applied.join(', ')}` : 'schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    logger.error({ err: error }, `migration failed: ${error.message}`);
    process.exit(1);
  });
