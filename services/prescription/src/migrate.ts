import { runMigrationJob } from '@afya/service-shared';
import { prescriptionDatabase } from './prescription.database';

void runMigrationJob(prescriptionDatabase).then((code) => process.exit(code));
