import { runMigrationJob } from '@afya/service-shared';
import { reportingDatabase } from './reporting.database';

void runMigrationJob(reportingDatabase).then((code) => process.exit(code));
