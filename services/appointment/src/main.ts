import { runService } from '@afya/service-shared';
import { AppointmentModule } from './appointment.module';

void runService({ name: 'appointment', module: AppointmentModule });
