/**
 * The payment calls' request bodies and replies, each written once (zod): the gateway validates and documents with
 * them, the payment service reads its bus payloads with them, the web apps take their types from them. What needs
 * the appointment or the provider (the amount charged, a Safaricom number, the payment's state) stays in the service.
 */
import { decimalNumber, singleLine, wholeNumber, z } from '@afya/service-shared/schema';
import { PAYMENT_MESSAGES, PAYMENT_METHODS, PAYMENT_STATUSES } from './catalog';

const appointmentAndAmount = {
  appointment_id: wholeNumber('appointment_id must be a positive whole number', { min: 1 }).meta({ example: 12 }),
  amount: decimalNumber(PAYMENT_MESSAGES.amountMismatch, { min: 0 }).meta({
    example: 150,
    description: "Ksh, the amount the client shows; the appointment's amount is what is charged",
  }),
};

// ---- Requests ----

/** POST /payments/create */
export const CreatePaymentBodySchema = z.object(appointmentAndAmount);

/** POST /payments/confirm. payment_status is accepted (CONTRACT.md sends 'completed') and ignored. */
export const ConfirmPaymentBodySchema = z.object({
  ...appointmentAndAmount,
  transaction_id: z
    .string({ error: PAYMENT_MESSAGES.missingInfo })
    .trim()
    .min(1, PAYMENT_MESSAGES.missingInfo)
    .max(255, PAYMENT_MESSAGES.missingInfo)
    .meta({ description: 'The Checkout Session id (session_id of the success page)' }),
  payment_status: z
    .string({ error: 'payment_status must be a string' })
    .max(40, 'payment_status must be shorter than or equal to 40 characters')
    .nullish()
    .meta({ description: 'Ignored: the server asks Stripe' }),
});

/** POST /mpesa/stkpush: the phone is checked by the service (a Safaricom number, in any of its written forms). */
export const StkPushBodySchema = z.object({
  ...appointmentAndAmount,
  phone: singleLine(PAYMENT_MESSAGES.phoneOneLine, PAYMENT_MESSAGES.invalidPhone).max(20, PAYMENT_MESSAGES.invalidPhone).meta({ example: '0712 345 678' }),
});

/** POST /admin/payments/{id}/refund */
export const RefundBodySchema = z.object({
  reason: z
    .string({ error: PAYMENT_MESSAGES.refundReasonRequired })
    .trim()
    .min(1, PAYMENT_MESSAGES.refundReasonRequired)
    .max(500, 'The reason can be at most 500 characters')
    .meta({ example: 'Doctor unavailable' }),
});
export const RefundPayloadSchema = RefundBodySchema.extend({ id: wholeNumber('Invalid id', { min: 1 }) });

// ---- Replies ----

export const PaymentViewSchema = z.object({
  payment_id: z.number().int(),
  appointment_id: z.number().int(),
  transaction_id: z.string().nullable().meta({ description: 'Stripe session id (card) or M-Pesa receipt number when there is one, else the CheckoutRequestID' }),
  amount: z.number(),
  payment_status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  mpesa_receipt: z.string().nullable(),
  phone: z.string().nullable(),
  failure_reason: z.string().nullable(),
  refund_reason: z.string().nullable(),
  refunded_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  user_id: z.number().int(),
  patient_name: z.string().nullable(),
  appointment: z.object({
    appointment_date: z.string().nullable(),
    time_slot: z.string().nullable(),
    doctor: z.object({ doctor_id: z.number().int(), first_name: z.string().nullable(), last_name: z.string().nullable() }),
  }),
});

/** What a new payment charged: the appointment's amount, and the client's differing amount when there was one. */
const charged = { amount: z.number(), requested_amount: z.number().optional() };
export const CreateCardPaymentReplySchema = z.object({ ...charged, url: z.string(), session_id: z.string(), payment_id: z.number().int() });
export const ConfirmCardPaymentReplySchema = z.object({
  message: z.string().meta({ description: "'Payment confirmed successfully!' when paid; otherwise why not" }),
  paid: z.boolean(),
  payment: PaymentViewSchema.nullable(),
});
export const StkPushReplySchema = z.object({ ...charged, message: z.string(), checkout_request_id: z.string(), payment_id: z.number().int() });
export const RefundReplySchema = z.object({ message: z.string(), payment: PaymentViewSchema });

/** GET /mpesa/status/{checkoutRequestId}: the push's live status for the booking screen. */
export const StkStatusReplySchema = z.object({
  checkout_request_id: z.string(),
  status: z.enum(['pending', 'completed', 'failed']),
  reason: z.string().nullable().meta({ description: 'Why it failed' }),
  mpesa_receipt: z.string().nullable(),
  payment_id: z.number().int(),
  appointment_id: z.number().int(),
});

/**
 * GET /admin/payments (the history pattern without paging): every payment and the list's total. Over
 * GET /payments/history the body is the bare array and the total is in X-Total-Count.
 */
export const PaymentHistoryReplySchema = z.object({ payments: z.array(PaymentViewSchema), total: z.number().int() });

export const DisputeViewSchema = z.object({
  dispute_id: z.number().int(),
  payment_id: z.number().int().nullable(),
  appointment_id: z.number().int(),
  reason: z.string(),
  source: z.enum(['stripe', 'amount_mismatch', 'cancelled_appointment', 'other']),
  amount: z.number().nullable(),
  resolved: z.boolean(),
  created_at: z.string(),
});
/** GET /admin/payments/disputes: every dispute and how many are open. */
export const DisputeListReplySchema = z.object({ disputes: z.array(DisputeViewSchema), open: z.number().int() });
