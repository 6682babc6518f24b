import { Module } from '@nestjs/common';
import { GatewayAuthModule } from './common/auth/auth.module';
import { BusModule } from './common/bus/bus.module';
import { DeclaredCallsModule } from './common/calls/calls.module';
import { DataRightsController } from './modules/data-rights/data-rights.controller';
import { UserController } from './modules/auth/user.controller';
import { HealthController } from './modules/health/health.controller';
import { PaymentsModule } from './modules/payments/payments.module';
import { PrescriptionsGatewayModule } from './modules/prescriptions/prescriptions.module';
import { ReportsGatewayModule } from './modules/reports/reports.module';
import { NotificationsGatewayModule } from './modules/notifications/notifications.module';
import { SupportGatewayModule } from './modules/support/support.module';
import { UssdGatewayModule } from './modules/ussd/ussd.module';
import { VideoGatewayModule } from './modules/video/video.module';

@Module({
  imports: [
    BusModule,
    GatewayAuthModule,
    DeclaredCallsModule,
    ReportsGatewayModule,
    SupportGatewayModule,
    NotificationsGatewayModule,
    PaymentsModule,
    PrescriptionsGatewayModule,
    VideoGatewayModule,
    UssdGatewayModule,
  ],
  controllers: [
    HealthController,
    UserController,
    DataRightsController,
  ],
})
export class AppModule {}
