import { Module } from '@nestjs/common';
import { createServiceHealthController, EventsModule, ServiceDatabaseModule, subject } from '@afya/service-shared';
import { ReportingPatterns } from '../contracts';
import { AnalyticsController } from './analytics/analytics.controller';
import { AnalyticsService } from './analytics/analytics.service';
import { ReadModelsConsumer } from './read-models/read-models.consumer';
import { ReportsController } from './reports/reports.controller';
import { ReportsService } from './reports/reports.service';
import { reportingDatabase } from './reporting.database';

@Module({
  imports: [ServiceDatabaseModule.forService(reportingDatabase), EventsModule.forService('reporting')],
  controllers: [AnalyticsController, ReportsController, createServiceHealthController('reporting', subject(ReportingPatterns.health))],
  providers: [AnalyticsService, ReportsService, ReadModelsConsumer],
})
export class ReportingModule {}
