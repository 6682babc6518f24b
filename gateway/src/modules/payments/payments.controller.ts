import { BadRequestException, Controller, Get, Headers, HttpCode, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BinaryTransfer, subject } from '@afya/service-shared';
import { MpesaCallbackReply, PaymentPatterns, ReceiptReply, StripeWebhookReply } from '@afya/payment-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { ProviderCallback } from '../../common/http/provider-callbacks';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { CallbackToken } from './callback-token';

/**
 * CONTRACT.md §7 "Payments" (card). The payment service checks ownership, status and amount again. The history, the
 * confirmation, the STK push, and the admin's list, disputes and refunds are declared in the payment contract
 * (PaymentCalls, decision 0095), with the checkout (payments.calls.ts: the request's Origin goes along); what stays
 * here: the receipt PDF and the providers' callbacks.
 */
@ApiTags('payments')
@ApiBearerAuth()
@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly bus: ServiceClient,
    private readonly transfer: BinaryTransfer,
  ) {}

  /** The receipt PDF of a completed payment (owner or admin). */
  @Roles('user', 'admin')
  @ApiOperation({ summary: 'The receipt PDF of a completed payment (owner or admin)' })
  @Get(':id/receipt')
  async receipt(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller, @Res() reply: FastifyReply): Promise<void> {
    const receipt = await this.bus.send<ReceiptReply>(subject(PaymentPatterns.receipt), { id }, caller, 20_000);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${receipt.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(await this.transfer.receive(receipt.file));
  }

  /**
   * Stripe's webhook. Public: the signature over the exact bytes received is the authentication, checked by
   * the payment service with stripe.webhooks.constructEvent. The raw body is kept by the JSON parser for this
   * one route (common/http/json-body.ts).
   */
  @ProviderCallback()
  @HttpCode(200)
  @ApiOperation({ summary: 'Stripe\'s webhook (signed)' })
  @Post('stripe/webhook')
  stripeWebhook(@Req() request: FastifyRequest & { rawBody?: string }, @Headers('stripe-signature') signature: string | undefined, @CurrentCaller() caller: Caller): Promise<StripeWebhookReply> {
    if (typeof request.rawBody !== 'string') throw new BadRequestException('Webhook body must be JSON');
    return this.bus.send(subject(PaymentPatterns.stripeWebhook), { raw_body: request.rawBody, signature: signature ?? null }, { ...caller, principal: null });
  }
}

/** M-Pesa (Safaricom Daraja STK push): the providers' callbacks (the push and its status are declared calls). */
@ApiTags('payments')
@ApiBearerAuth()
@Controller('mpesa')
export class MpesaController {
  constructor(
    private readonly bus: ServiceClient,
    private readonly callbackToken: CallbackToken,
  ) {}

  /**
   * Safaricom's callback. Public: the secret token in the path (MPESA_CALLBACK_TOKEN) is checked here and again by
   * the service (else 404); as a provider callback its token is redacted from logs and spans (common/http/provider-callbacks.ts). The body is read from the request, not through @Body(): the global pipe refuses numbers no
   * integer column holds, and Daraja's callbacks carry TransactionDate (20261123143015) and PhoneNumber
   * (254712345678) as such numbers. The payment service reads only the fields it knows, each checked.
   */
  @ProviderCallback()
  @HttpCode(200)
  @ApiOperation({ summary: 'Safaricom\'s M-Pesa payment callback' })
  @Post('callback/:token')
  callback(@Param('token') token: string, @Req() request: FastifyRequest, @CurrentCaller() caller: Caller): Promise<MpesaCallbackReply> {
    if (!this.callbackToken.matches(token)) throw new NotFoundException('Not found');
    return this.bus.send(subject(PaymentPatterns.mpesaCallback), { token, body: request.body ?? null }, { ...caller, principal: null }, 20_000);
  }

  /**
   * M-Pesa's answer to a Transaction Status query (the ResultURL, and the QueueTimeOutURL under /timeout), by which
   * the payment service confirms a receipt number a callback claimed. Public, authenticated like the callback.
   */
  @ProviderCallback()
  @HttpCode(200)
  @ApiOperation({ summary: 'M-Pesa\'s Transaction Status result, confirming a callback\'s receipt number' })
  @Post('transaction-status/:token')
  transactionStatus(@Param('token') token: string, @Req() request: FastifyRequest, @CurrentCaller() caller: Caller): Promise<MpesaCallbackReply> {
    return this.forwardTransactionStatus(token, 'result', request, caller);
  }

  @ProviderCallback()
  @HttpCode(200)
  @ApiOperation({ summary: 'M-Pesa\'s Transaction Status queue timeout' })
  @Post('transaction-status/:token/timeout')
  transactionStatusTimeout(@Param('token') token: string, @Req() request: FastifyRequest, @CurrentCaller() caller: Caller): Promise<MpesaCallbackReply> {
    return this.forwardTransactionStatus(token, 'timeout', request, caller);
  }

  private forwardTransactionStatus(token: string, outcome: 'result' | 'timeout', request: FastifyRequest, caller: Caller): Promise<MpesaCallbackReply> {
    if (!this.callbackToken.matches(token)) throw new NotFoundException('Not found');
    const payload = { token, outcome, body: request.body ?? null };
    return this.bus.send(subject(PaymentPatterns.mpesaTransactionStatus), payload, { ...caller, principal: null }, 20_000);
  }
}
