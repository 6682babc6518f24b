import { runService } from '@afya/service-shared';
import { ReportingModule } from './reporting.module';

void runService({ name: 'reporting', module: ReportingModule });
