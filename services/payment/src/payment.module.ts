import { Module } from '@nestjs/common';
import { createServiceHealthController, EventsModule, ServiceDatabaseModule, subject } from '@afya/service-shared';
import { PaymentPatterns } from '../contracts';
import { PAYMENT_CONFIG, PaymentConfig, readPaymentConfig } from './payment.config';
import { DataExportController } from './data-rights/data-export.controller';
import { ErasedUserConsumer } from './data-rights/erased-user.consumer';
import { paymentDatabase } from './payment.database';
import { AppointmentEventsConsumer } from './payments/appointment-events.consumer';
import { CardPaymentsService, STRIPE_CLIENT } from './payments/card-payments.service';
import { MpesaPaymentsService } from './payments/mpesa-payments.service';
import { MpesaReceiptsService } from './payments/mpesa-receipts.service';
import { PayableChecks } from './payments/payable-checks';
import { PaymentStore } from './payments/payment-store';
import { PaymentsController } from './payments/payments.controller';
import { PaymentsService } from './payments/payments.service';
import { ReceiptsService } from './payments/receipts.service';
import { DarajaClient } from './providers/daraja-client';
import { createStripeClient } from './providers/stripe-provider';

@Module({
  imports: [ServiceDatabaseModule.forService(paymentDatabase), EventsModule.forService('payment')],
  controllers: [createServiceHealthController('payment', subject(PaymentPatterns.health)), PaymentsController, DataExportController],
  providers: [
    { provide: PAYMENT_CONFIG, useFactory: readPaymentConfig },
    { provide: STRIPE_CLIENT, useFactory: (config: PaymentConfig) => createStripeClient(config.stripe), inject: [PAYMENT_CONFIG] },
    { provide: DarajaClient, useFactory: (config: PaymentConfig) => new DarajaClient(config.daraja), inject: [PAYMENT_CONFIG] },
    PaymentStore,
    PayableChecks,
    CardPaymentsService,
    MpesaPaymentsService,
    MpesaReceiptsService,
    PaymentsService,
    ReceiptsService,
    AppointmentEventsConsumer,
    ErasedUserConsumer,
  ],
})
export class PaymentModule {}
