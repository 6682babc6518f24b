import { runMigrations } from '@afya/service-shared';
import { appointmentDatabase } from './appointment.database';

runMigrations(appointmentDatabase)
  .then((applied) => {
    console.log(applied.length ? `appointment: applied ${applied.join(', ')}` : 'appointment: schema up to date');
    process.exit(0);
  })
  .catch((error: Error) => {
    console.error(`appointment: migration failed: ${error.message}`);
    process.exit(1);
  });
