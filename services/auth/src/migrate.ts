import { runMigrations } from '@afya/service-shared';
import { authDatabase } from './auth.database';

runMigrations(authDatabase)
  .then((applied) => {
    console.log(applied.length ? `auth: applied ${applied.join(', ')}` : 'auth: schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    console.error(`auth: migration failed: ${error.message}`);
    process.exit(1);
  });
