import { runMigrationJob } from '@afya/service-shared';
import { readJobQueueSettings } from './communications/communications.config';
import { installJobQueue } from './communications/job-queue';
import { supportDatabase } from './support.database';

// The schema's tables, then the job queue's (pg-boss) in the same schema, both as the migrator.
void runMigrationJob(supportDatabase, () => installJobQueue(readJobQueueSettings())).then((code) => process.exit(code));
