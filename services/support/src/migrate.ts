import { runMigrations } from '@afya/service-shared';
import { supportDatabase } from './support.database';

runMigrations(supportDatabase)
  .then((applied) => {
    console.log(applied.length ? `support: applied ${applied.join(', ')}` : 'support: schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    console.error(`support: migration failed: ${error.message}`);
    process.exit(1);
  });
