import { configureProcessLogger, runMigrations } from '@afya/service-shared';
import { appointmentDatabase, installOfferExpiryQueue } from './appointment.database';

const logger = configureProcessLogger({ service: 'appointment:migrate' });

// The schema's tables, then the waitlist's job queue (pg-boss) in the same schema, both as the migrator.
runMigrations(appointmentDatabase)
  .then(async (applied) => {
    await installOfferExpiryQueue();
    logger.info({ applied }, applied.length ? `applied ${applied.join(', ')}` : 'schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    logger.error({ err: error }, `migration failed: ${error.message}`);
    process.exit(1);
  });
