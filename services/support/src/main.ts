import { runService } from '@afya/service-shared';
import { SupportModule } from './support.module';

void runService({ name: 'support', module: SupportModule });
