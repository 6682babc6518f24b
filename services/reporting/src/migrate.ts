import { runMigrations } from '@afya/service-shared';
import { reportingDatabase } from './reporting.database';

runMigrations(reportingDatabase)
  .then((applied) => {
    console.log(applied.length ? `reporting: applied ${applied.join(', ')}` : 'reporting: schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    console.error(`reporting: migration failed: ${error.message}`);
    process.exit(1);
  });
