import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PageRequest, requirePrincipal, rowsPage, RpcRequest, subject } from '@afya/service-shared';
import {
  ConfirmCardPaymentPayload,
  CreateCardPaymentPayload,
  MpesaCallbackPayload,
  MpesaTransactionStatusPayload,
  PaymentPatterns,
  ReceiptPayload,
  RefundPayload,
  StkPushPayload,
  StkStatusPayload,
  StripeWebhookPayload,
} from '../../contracts';
import { CardPaymentsService } from './card-payments.service';
import { MpesaPaymentsService } from './mpesa-payments.service';
import { MpesaReceiptsService } from './mpesa-receipts.service';
import { PaymentsService } from './payments.service';
import { ReceiptsService } from './receipts.service';

@Controller()
export class PaymentsController {
  constructor(
    private readonly card: CardPaymentsService,
    private readonly mpesa: MpesaPaymentsService,
    private readonly payments: PaymentsService,
    private readonly receipts: ReceiptsService,
    private readonly mpesaReceipts: MpesaReceiptsService,
  ) {}

  @MessagePattern(subject(PaymentPatterns.create))
  create(@Payload() request: RpcRequest<CreateCardPaymentPayload>) {
    return this.card.create(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(PaymentPatterns.confirm))
  confirm(@Payload() request: RpcRequest<ConfirmCardPaymentPayload>) {
    return this.card.confirm(requirePrincipal(request), request.payload);
  }

  /** No caller: Stripe's signature is the authentication. */
  @MessagePattern(subject(PaymentPatterns.stripeWebhook))
  stripeWebhook(@Payload() request: RpcRequest<StripeWebhookPayload>) {
    return this.card.webhook(request.payload);
  }

  @MessagePattern(subject(PaymentPatterns.stkPush))
  stkPush(@Payload() request: RpcRequest<StkPushPayload>) {
    return this.mpesa.stkPush(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(PaymentPatterns.stkStatus))
  stkStatus(@Payload() request: RpcRequest<StkStatusPayload>) {
    return this.mpesa.status(requirePrincipal(request), request.payload);
  }

  /** No caller: the secret token in the callback URL is the authentication. */
  @MessagePattern(subject(PaymentPatterns.mpesaCallback))
  mpesaCallback(@Payload() request: RpcRequest<MpesaCallbackPayload>) {
    return this.mpesa.callback(request.payload);
  }

  /** No caller either: M-Pesa's Transaction Status result about a claimed receipt number. */
  @MessagePattern(subject(PaymentPatterns.mpesaTransactionStatus))
  mpesaTransactionStatus(@Payload() request: RpcRequest<MpesaTransactionStatusPayload>) {
    return this.mpesaReceipts.result(request.payload);
  }

  @MessagePattern(subject(PaymentPatterns.history))
  history(@Payload() request: RpcRequest<PageRequest>) {
    return this.payments.history(requirePrincipal(request), request.payload ?? {});
  }

  @MessagePattern(subject(PaymentPatterns.historyPage))
  async historyPage(@Payload() request: RpcRequest<PageRequest>) {
    const { payments, total } = await this.payments.history(requirePrincipal(request), request.payload ?? {});
    return rowsPage(payments, total);
  }

  @MessagePattern(subject(PaymentPatterns.receipt))
  receipt(@Payload() request: RpcRequest<ReceiptPayload>) {
    return this.receipts.receipt(requirePrincipal(request), request.payload.id);
  }

  @MessagePattern(subject(PaymentPatterns.refund))
  refund(@Payload() request: RpcRequest<RefundPayload>) {
    return this.payments.refund(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(PaymentPatterns.disputes))
  disputes(@Payload() request: RpcRequest) {
    return this.payments.disputes(requirePrincipal(request));
  }
}
