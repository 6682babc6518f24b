import { runService } from '@afya/service-shared';
import { PrescriptionModule } from './prescription.module';

void runService({ name: 'prescription', module: PrescriptionModule });
