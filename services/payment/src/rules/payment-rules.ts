import { AUTO_REFUND_MIN_HOURS, MPESA_RESULT_REASONS, PAYMENT_MESSAGES } from '../../contracts/catalog';

/**
 * Pure payment rules (issue 9). No I/O; `now` is injectable. Unit-tested in rules.spec.ts.
 */

/** Ksh → the smallest unit Stripe wants for KES (a two-decimal currency for Stripe: cents). */
export function kesToCents(amount: number): number {
  return Math.round(amount * 100);
}

export function centsToKes(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * What a new payment's reply says about its amount: the amount charged (the appointment's), and, when the client
 * asked for a different one, that amount as requested_amount (a differing request is not an error).
 */
export function chargedAmount(charged: number, requested: unknown): { amount: number; requested_amount?: number } {
  return typeof requested === 'number' && Number.isFinite(requested) && !sameAmount(requested, charged)
    ? { amount: charged, requested_amount: requested }
    : { amount: charged };
}

/** The origin (scheme://host[:port]) of a URL, or null when it is not an http(s) URL. */
export function originOf(url: unknown): string | null {
  if (typeof url !== 'string' || url.length > 2048) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Where the provider's page sends the browser back to: the origin the payment was asked from when it is in the
 * allow-list (a client served from another site comes back to that site), else the platform's own address.
 */
export function returnBase(requestOrigin: unknown, allowed: readonly string[], fallback: string): string {
  const origin = originOf(requestOrigin);
  return origin && allowed.includes(origin) ? origin : fallback;
}

/** Two amounts in Ksh are the same payment amount (to the cent). */
export function sameAmount(a: number, b: number): boolean {
  return Math.round(a * 100) === Math.round(b * 100);
}

export interface PayableAppointment {
  appointment_status: string;
  paid: boolean;
  total_amount: number;
  /** Issue 38: what is due now (the co-pay with cover, the rest once the cover is rejected); absent from older replies. */
  amount_due_now?: number;
}

/** What a new payment is for: the amount due now as the appointment service says, else (an older reply) the amount. */
export function amountDueNow(appointment: PayableAppointment): number {
  return typeof appointment.amount_due_now === 'number' ? appointment.amount_due_now : appointment.total_amount;
}

/**
 * CONTRACT.md §4: paying is offered only for Pending or Confirmed and unpaid appointments with an amount due.
 * Returns the message of the refusal (409), or null when it may be paid.
 */
export function refusalToPay(appointment: PayableAppointment): string | null {
  if (appointment.paid) return PAYMENT_MESSAGES.alreadyPaid;
  if (appointment.appointment_status !== 'Pending' && appointment.appointment_status !== 'Confirmed') return PAYMENT_MESSAGES.notPayable;
  if (!(amountDueNow(appointment) > 0)) return PAYMENT_MESSAGES.noAmount;
  return null;
}

/** Daraja's timestamp: YYYYMMDDHHmmss in Africa/Nairobi (UTC+3 all year). One per request: password and body share it. */
export function darajaTimestamp(now: Date = new Date()): string {
  return new Date(now.getTime() + 3 * 3600 * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** Daraja's STK password: base64(shortcode + passkey + timestamp). */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

/** A readable reason for a failed STK push (shown on the booking screen). */
export function mpesaFailureReason(resultCode: string | number, resultDesc?: string | null): string {
  const known = MPESA_RESULT_REASONS[String(resultCode)];
  if (known) return known;
  return resultDesc ? `M-Pesa did not complete the payment: ${resultDesc}` : 'M-Pesa did not complete the payment.';
}

/** When an appointment starts (its clinic date and slot, Africa/Nairobi). null when unreadable. */
export function appointmentStart(date: string | null | undefined, slot: string | null | undefined): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  const s = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(slot ?? '');
  if (!d || !s) return null;
  let hour = Number(s[1]) % 12;
  if (s[3] === 'PM') hour += 12;
  return new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), hour - 3, Number(s[2])));
}

/** A cancellation at least AUTO_REFUND_MIN_HOURS before the start refunds a paid appointment automatically. */
export function cancellationRefundable(start: Date | null, cancelledAt: Date): boolean {
  if (!start) return false;
  return start.getTime() - cancelledAt.getTime() >= AUTO_REFUND_MIN_HOURS * 3600 * 1000;
}

/** The values Daraja's callback metadata carries, by name. */
export function callbackItems(items: unknown): Record<string, string | number | undefined> {
  const result: Record<string, string | number | undefined> = {};
  if (!Array.isArray(items)) return result;
  for (const item of items) {
    if (item && typeof item === 'object' && typeof (item as { Name?: unknown }).Name === 'string') {
      const value = (item as { Value?: unknown }).Value;
      result[(item as { Name: string }).Name] = typeof value === 'number' || typeof value === 'string' ? value : undefined;
    }
  }
  return result;
}

/** What M-Pesa's Transaction Status result says of a receipt a callback claimed for one of our payments. */
export interface ReceiptEvidence {
  resultCode: unknown;
  parameters: Record<string, string | number | undefined>;
}

/**
 * Whether M-Pesa's answer confirms `receipt` as this payment: found, completed, the same receipt number, the
 * amount we asked for (whole shillings) and paid from the phone we pushed to (DebitPartyName is "<msisdn> - <name>").
 * Returns null when it does, else why not.
 */
export function receiptRefusal(evidence: ReceiptEvidence, expected: { receipt: string; amount: number; phone: string | null }): string | null {
  if (String(evidence.resultCode) !== '0') return `M-Pesa does not know it (result ${String(evidence.resultCode)})`;
  const p = evidence.parameters;
  if (String(p.ReceiptNo ?? '') !== expected.receipt) return 'M-Pesa answered for another receipt number';
  if (String(p.TransactionStatus ?? '') !== 'Completed') return `the transaction is ${String(p.TransactionStatus ?? 'of unknown status')}`;
  if (Number(p.Amount) !== Math.ceil(expected.amount)) return `M-Pesa reports Ksh ${String(p.Amount)}, not Ksh ${Math.ceil(expected.amount)}`;
  const payer = String(p.DebitPartyName ?? '').split(' - ')[0].trim();
  if (!expected.phone || payer !== expected.phone) return 'it was paid from another phone number';
  return null;
}

/** Daraja's ResultParameters ({ResultParameter: [{Key, Value}]}) as a map. */
export function resultParameters(value: unknown): Record<string, string | number | undefined> {
  const list = (value as { ResultParameter?: unknown } | null)?.ResultParameter;
  const items = Array.isArray(list) ? list : list && typeof list === 'object' ? [list] : [];
  const result: Record<string, string | number | undefined> = {};
  for (const item of items) {
    if (item && typeof item === 'object' && typeof (item as { Key?: unknown }).Key === 'string') {
      const v = (item as { Value?: unknown }).Value;
      result[(item as { Key: string }).Key] = typeof v === 'number' || typeof v === 'string' ? v : undefined;
    }
  }
  return result;
}
