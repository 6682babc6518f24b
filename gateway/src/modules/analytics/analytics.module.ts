import { Module } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller';

/** /admin/analytics/* and /admin/overview (the reporting service). */
@Module({ controllers: [AnalyticsController] })
export class AnalyticsGatewayModule {}
