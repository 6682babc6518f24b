import { runMigrationJob } from '@afya/service-shared';
import { appointmentDatabase, installOfferExpiryQueue } from './appointment.database';

// The schema's tables, then the waitlist's job queue (pg-boss) in the same schema, both as the migrator.
void runMigrationJob(appointmentDatabase, installOfferExpiryQueue).then((code) => process.exit(code));
