import { runMigrationJob } from '@afya/service-shared';
import { authDatabase } from './auth.database';

void runMigrationJob(authDatabase).then((code) => process.exit(code));
