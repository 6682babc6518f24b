/**
 * The payment service's contract: NATS patterns, payloads, replies and events. Other packages import only this
 * folder from services/payment. The request and reply shapes are zod schemas (schemas.ts): a web app imports only
 * types from here (and catalog.ts at runtime). Patterns are plain names, callers put the bus namespace in front with
 * `subject()`.
 */

import type { PayloadOf } from '@afya/service-shared/calls';
import type { z } from 'zod';
import type { PaymentCalls } from './calls';
import type {
  ConfirmCardPaymentReplySchema,
  CreateCardPaymentReplySchema,
  CreatePaymentBodySchema,
  DisputeListReplySchema,
  DisputeViewSchema,
  PaymentHistoryReplySchema,
  PaymentViewSchema,
  RefundPayloadSchema,
  RefundReplySchema,
  StkPushBodySchema,
  StkPushReplySchema,
  StkStatusReplySchema,
} from './schemas';

export * from './catalog';
export * from './provider-secrets';
export * from './schemas';
export * from './patterns';
export * from './calls';

/** What a client sends (the schemas' input): the web apps' types. */
export type CreatePaymentBody = z.input<typeof CreatePaymentBodySchema>;
export type StkPushBody = z.input<typeof StkPushBodySchema>;


/** Domain events (JetStream, through the outbox). */
export const PaymentEvents = {
  completed: 'payment.completed.v1',
  refunded: 'payment.refunded.v1',
  failed: 'payment.failed.v1',
  disputed: 'payment.disputed.v1',
} as const;

export type PaymentMethod = 'card' | 'mpesa';
/** CONTRACT.md §4. */
export type PaymentStatus = 'completed' | 'pending' | 'failed' | 'refunded';

// ---- Events ----

export interface PaymentEventData {
  payment_id: number;
  appointment_id: number;
  patient_id: number;
  doctor_id: number;
  /** Ksh (not cents) */
  amount: number;
  method: PaymentMethod;
  status: PaymentStatus;
  /** Stripe Checkout Session id (card) or M-Pesa receipt number (mpesa); for a failed push, the CheckoutRequestID. */
  provider_reference: string | null;
  occurred_at: string;
}
export type PaymentCompletedData = PaymentEventData;
export interface PaymentRefundedData extends PaymentEventData {
  refund_amount: number;
  reason: string;
}
export interface PaymentFailedData extends PaymentEventData {
  reason: string;
}
/** Stripe disputes, amount mismatches, a payment for a cancelled appointment. */
export interface PaymentDisputedData {
  payment_id: number;
  appointment_id: number;
  reason: string;
}

// ---- Views (CONTRACT.md §3 "Payment", plus method and M-Pesa receipt) ----

export type PaymentView = z.output<typeof PaymentViewSchema>;

/** The payment service's part of a patient's data export: every payment attempt of theirs. */
export interface DataExportPaymentsReply {
  payments: PaymentView[];
}

export type DisputeView = z.output<typeof DisputeViewSchema>;

// ---- Payloads and replies ----

/**
 * POST /payments/create as the service reads it: the body (the amount is what the client showed; the appointment's
 * amount is charged whatever it is) and the request's Origin header, which the gateway adds (Stripe returns there when
 * it is an allowed origin).
 */
export type CreateCardPaymentPayload = PayloadOf<typeof PaymentCalls.create> & { origin?: string };
/** What a new payment charged: the appointment's amount, and the client's differing amount when there was one. */
export interface ChargedAmount {
  amount: number;
  requested_amount?: number;
}
export type CreateCardPaymentReply = z.output<typeof CreateCardPaymentReplySchema>;

/** POST /payments/confirm as the service reads it (transaction_id: the Checkout Session id from the success_url). */
export type ConfirmCardPaymentPayload = PayloadOf<typeof PaymentCalls.confirm>;
export type ConfirmCardPaymentReply = z.output<typeof ConfirmCardPaymentReplySchema>;

export interface StripeWebhookPayload {
  /** The request body exactly as received (utf8). */
  raw_body: string;
  signature: string | null;
}
export interface StripeWebhookReply {
  received: true;
}

/** POST /mpesa/stkpush as the service reads it (the amount is what the client showed; the appointment's is charged). */
export type StkPushPayload = PayloadOf<typeof PaymentCalls.stkPush>;
export type StkPushReply = z.output<typeof StkPushReplySchema>;

export interface StkStatusPayload {
  checkout_request_id: string;
}
export type StkStatusReply = z.output<typeof StkStatusReplySchema>;

export interface MpesaCallbackPayload {
  token: string;
  /** The JSON Safaricom posted ({Body: {stkCallback: ...}}). */
  body: unknown;
}
/**
 * Daraja's Transaction Status result (`{Result: {...}}`) posted to our ResultURL, or its queue timeout
 * (QueueTimeOutURL): how a receipt number a callback claimed is confirmed by M-Pesa itself.
 */
export interface MpesaTransactionStatusPayload {
  token: string;
  outcome: 'result' | 'timeout';
  body: unknown;
}

/** What Safaricom expects back. */
export interface MpesaCallbackReply {
  ResultCode: 0;
  ResultDesc: string;
}

/**
 * GET /payments/history: one page (payload `limit`, `offset`; without them the first 1,000, newest first) and the
 * whole list's total. Over HTTP the body is the bare array and the total is in X-Total-Count.
 */
export type PaymentHistoryReply = z.output<typeof PaymentHistoryReplySchema>;

export interface ReceiptPayload {
  id: number;
}
/** A BinaryRef (see @afya/service-shared BinaryTransfer) to the PDF bytes, and the file name. */
export interface ReceiptReply {
  file: { inline: string } | { blob: string };
  filename: string;
}

export type RefundPayload = z.output<typeof RefundPayloadSchema>;
export type RefundReply = z.output<typeof RefundReplySchema>;

export type DisputeListReply = z.output<typeof DisputeListReplySchema>;
