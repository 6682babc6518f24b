import { Module } from '@nestjs/common';
import { CallbackToken } from './callback-token';
import { MpesaController, PaymentsController } from './payments.controller';

/** Card (Stripe) and M-Pesa payments, history, receipts, refunds and disputes (issue 9); the declared ones: PaymentCalls. */
@Module({
  controllers: [PaymentsController, MpesaController],
  providers: [{ provide: CallbackToken, useFactory: () => new CallbackToken() }],
})
export class PaymentsModule {}
