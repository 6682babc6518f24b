import { runMigrations } from '@afya/service-shared';
import { paymentDatabase } from './payment.database';

runMigrations(paymentDatabase)
  .then((applied) => {
    console.log(applied.length ? `payment: applied ${applied.join(', ')}` : 'payment: schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    console.error(`payment: migration failed: ${error.message}`);
    process.exit(1);
  });
