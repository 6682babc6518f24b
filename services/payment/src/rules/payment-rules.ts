import { AUTO_REFUND_MIN_HOURS, MPESA_RESULT_REASONS, PAYMENT_MESSAGES } from '../../contracts/catalog';

/**
 * Pure payment rules (issue 9). No I/O; `now` is injectable. Unit-tested in rules.spec.ts.
 */

/**
 * Kenyan mobile numbers as patients type them: 07XXXXXXXX, 01XXXXXXXX, +2547..., 2547... (spaces, dashes and
 * brackets ignored) → 2547XXXXXXXX / 2541XXXXXXXX, the form Daraja wants. null when it is not such a number.
 */
export function normalizeKenyanPhone(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const compact = input.replace(/[\s\-().]/g, '');
  const match = /^(?:\+?254|0)([17]\d{8})$/.exec(compact);
  return match ? `254${match[1]}` : null;
}

/** Ksh → the smallest unit Stripe wants for KES (a two-decimal currency for Stripe: cents). */
export function kesToCents(amount: number): number {
  return Math.round(amount * 100);
}

export function centsToKes(cents: number): number {
  return Math.round(cents) / 100;
}

/** Two amounts in Ksh are the same payment amount (to the cent). */
export function sameAmount(a: number, b: number): boolean {
  return Math.round(a * 100) === Math.round(b * 100);
}

export interface PayableAppointment {
  appointment_status: string;
  paid: boolean;
  total_amount: number;
}

/**
 * CONTRACT.md §4: paying is offered only for Pending or Confirmed and unpaid appointments with an amount.
 * Returns the message of the refusal (409), or null when it may be paid.
 */
export function refusalToPay(appointment: PayableAppointment): string | null {
  if (appointment.paid) return PAYMENT_MESSAGES.alreadyPaid;
  if (appointment.appointment_status !== 'Pending' && appointment.appointment_status !== 'Confirmed') return PAYMENT_MESSAGES.notPayable;
  if (!(appointment.total_amount > 0)) return PAYMENT_MESSAGES.noAmount;
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
