import { runService } from '@afya/service-shared';
import { AuthModule } from './auth.module';

void runService({ name: 'auth', module: AuthModule });
