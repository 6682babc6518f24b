import { runMigrationJob } from '@afya/service-shared';
import { paymentDatabase } from './payment.database';

void runMigrationJob(paymentDatabase).then((code) => process.exit(code));
