/**
 * The payment service's HTTP calls, each declared once (issue 34, decision 0095; the kit: @afya/service-shared/calls).
 * The gateway serves each from its declaration, /api/docs documents it, the web apps call it through
 * `calls.payments.<name>` with the reply typed from its schema.
 *
 * The gateway's handling (gateway/src/modules/payments/payments.calls.ts): a card payment's request sends its Origin to the
 * service; the M-Pesa status checks the CheckoutRequestID itself (its refusal, 'Invalid CheckoutRequestID', carries no
 * `errors` list, which a schema's refusal always does).
 *
 * GET /payments/history answers one page (RowsPage, subject `historyPage`): the bare array, X-Total-Count and Link.
 *
 * Still controller methods (gateway/src/modules/payments): the receipt PDF and the provider callbacks (Stripe's
 * webhook, M-Pesa's callback and transaction status: public, raw body, secret in the path).
 */
import { bodyOf, call, listOf, queryOf, reply } from '@afya/service-shared/calls';
import { idParam, pageQuery, z } from '@afya/service-shared/schema';
import { PaymentPatterns } from './patterns';
import {
  ConfirmCardPaymentReplySchema,
  ConfirmPaymentBodySchema,
  CreateCardPaymentReplySchema,
  CreatePaymentBodySchema,
  DisputeListReplySchema,
  PaymentHistoryReplySchema,
  PaymentViewSchema,
  RefundBodySchema,
  RefundReplySchema,
  StkPushBodySchema,
  StkPushReplySchema,
  StkStatusReplySchema,
} from './schemas';

const tags = ['payments'];
/** No input: the service is sent `{}` whatever the query string holds (as the controller routes did). */
const none = z.object({});

export const PaymentCalls = {
  /** The caller's payments (an admin's: everyone's), the bare array of one page, newest first. */
  history: call
    .route({ method: 'GET', path: '/payments/history', outputStructure: 'detailed', tags, summary: "The caller's payments, one page, newest first (admins: everyone's)" })
    .meta({ subject: PaymentPatterns.historyPage, roles: ['user', 'admin'], list: true })
    .input(z.object({ query: queryOf(pageQuery) }))
    .output(listOf(PaymentViewSchema)),

  /**
   * A Stripe Checkout Session for an own, payable appointment → {url, amount}. The appointment's amount is charged (a
   * differing `amount` is reported back as requested_amount); Stripe returns the browser to the request's Origin when
   * the payment service allows that origin, else to the platform.
   */
  create: call
    .route({ method: 'POST', path: '/payments/create', successStatus: 200, tags, summary: 'A Stripe Checkout Session for an own, payable appointment → {url, amount}' })
    .meta({ subject: PaymentPatterns.create, roles: ['user'], timeoutMs: 15_000, idempotencyKey: true })
    .input(z.object({ body: bodyOf(CreatePaymentBodySchema) }))
    .output(reply(CreateCardPaymentReplySchema)),

  /** Live status for the booking screen: pending | completed | failed (with a reason). */
  stkStatus: call
    .route({ method: 'GET', path: '/mpesa/status/{checkoutRequestId}', tags, summary: 'Live status for the booking screen' })
    .meta({ subject: PaymentPatterns.stkStatus, roles: ['user', 'admin'] })
    .input(z.object({ params: z.object({ checkoutRequestId: z.string().meta({ description: "The push's CheckoutRequestID (letters, digits, _ and -, at most 64)" }) }) }))
    .output(reply(StkStatusReplySchema)),

  /** The success page asks the server to check with Stripe; payment_status from the client is ignored. */
  confirm: call
    .route({ method: 'POST', path: '/payments/confirm', successStatus: 200, tags, summary: 'Confirm a card payment with Stripe (patients, admins)' })
    .meta({ subject: PaymentPatterns.confirm, roles: ['user', 'admin'], timeoutMs: 15_000 })
    .input(z.object({ body: bodyOf(ConfirmPaymentBodySchema) }))
    .output(reply(ConfirmCardPaymentReplySchema)),

  /** An M-Pesa STK push to the patient's phone for an own, payable appointment (its amount is charged). */
  stkPush: call
    .route({ method: 'POST', path: '/mpesa/stkpush', successStatus: 200, tags, summary: 'Start an M-Pesa payment (patients)' })
    .meta({ subject: PaymentPatterns.stkPush, roles: ['user'], timeoutMs: 20_000, idempotencyKey: true })
    .input(z.object({ body: bodyOf(StkPushBodySchema) }))
    .output(reply(StkPushReplySchema)),

  /** Admins: every payment and the total (the history without paging). */
  adminList: call
    .route({ method: 'GET', path: '/admin/payments', tags, summary: 'Every payment (admins)' })
    .meta({ subject: PaymentPatterns.history, roles: ['admin'] })
    .input(none)
    .output(reply(PaymentHistoryReplySchema)),

  /** Admins: Stripe disputes, amount mismatches, payments for cancelled appointments. */
  disputes: call
    .route({ method: 'GET', path: '/admin/payments/disputes', tags, summary: 'Payment disputes (admins)' })
    .meta({ subject: PaymentPatterns.disputes, roles: ['admin'] })
    .input(none)
    .output(reply(DisputeListReplySchema)),

  /** Card: refunded at Stripe; M-Pesa: marked refunded for a manual B2C payout. */
  refund: call
    .route({ method: 'POST', path: '/admin/payments/{id}/refund', successStatus: 200, tags, summary: 'Refund a payment (admins)' })
    .meta({ subject: PaymentPatterns.refund, roles: ['admin'], timeoutMs: 20_000 })
    .input(z.object({ params: z.object({ id: idParam }), body: bodyOf(RefundBodySchema) }))
    .output(reply(RefundReplySchema)),
};
