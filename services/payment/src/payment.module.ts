import { Module } from '@nestjs/common';
import { createServiceHealthController, EventsModule, ServiceDatabaseModule, subject } from '@afya/service-shared';
import { PaymentPatterns } from '../contracts';
import { paymentDatabase } from './payment.database';

@Module({
  imports: [ServiceDatabaseModule.forService(paymentDatabase), EventsModule.forService('payment')],
  controllers: [createServiceHealthController('payment', subject(PaymentPatterns.health))],
})
export class PaymentModule {}
