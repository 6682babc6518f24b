import { Module } from '@nestjs/common';
import { ReportsController } from './reports.controller';

/** /admin/reports/*.csv, streamed from the reporting service. */
@Module({ controllers: [ReportsController] })
export class ReportsGatewayModule {}
