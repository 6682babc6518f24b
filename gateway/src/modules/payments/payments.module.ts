import { Module } from '@nestjs/common';
import { CallbackToken } from './callback-token';
import { AdminPaymentsController, MpesaController, PaymentsController } from './payments.controller';

/** Card (Stripe) and M-Pesa payments, history, receipts, refunds and disputes (issue 9). */
@Module({
  controllers: [PaymentsController, MpesaController, AdminPaymentsController],
  providers: [{ provide: CallbackToken, useFactory: () => new CallbackToken() }],
})
export class PaymentsModule {}
