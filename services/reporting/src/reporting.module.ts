import { Module } from '@nestjs/common';
import { createServiceHealthController, EventsModule, ServiceDatabaseModule, subject } from '@afya/service-shared';
import { ReportingPatterns } from '../contracts';
import { reportingDatabase } from './reporting.database';

@Module({
  imports: [ServiceDatabaseModule.forService(reportingDatabase), EventsModule.forService('reporting')],
  controllers: [createServiceHealthController('reporting', subject(ReportingPatterns.health))],
})
export class ReportingModule {}
