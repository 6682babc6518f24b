import { runService } from '@afya/service-shared';
import { PaymentModule } from './payment.module';

void runService({ name: 'payment', module: PaymentModule });
