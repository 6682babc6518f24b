import { runMigrations } from '@afya/service-shared';
import { prescriptionDatabase } from './prescription.database';

runMigrations(prescriptionDatabase)
  .then((applied) => {
    console.log(applied.length ? `prescription: applied ${applied.join(', ')}` : 'prescription: schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    console.error(`prescription: migration failed: ${error.message}`);
    process.exit(1);
  });
