/**
 * Payment messages and limits (CONTRACT.md §5, §8 and §9; issue 9): the one place they are written. The
 * payment service, the gateway's DTOs and the web app read them from here. Pure data, no imports.
 */
export const PAYMENT_MESSAGES = {
  initiateFailed: 'Failed to initiate payment. Please try again.',
  stkSent: 'STK Push sent! Check your phone to complete payment.',
  stkFailed: 'Failed to initiate M-Pesa payment.',
  historyFailed: 'Failed to load payment history. Please try again later.',
  receiptFailed: 'Failed to fetch receipt',
  missingInfo: 'Missing payment information',
  confirmFailed: 'Failed to confirm payment. Please contact support.',
  confirmed: 'Payment confirmed successfully!',
  notPaidYet: 'The payment has not been completed yet.',
  invalidPhone: 'Enter a valid Safaricom number, e.g. 0712 345 678',
  /** A phone is a single-line field: no line breaks or other control characters. */
  phoneOneLine: 'Phone number must be one line of text, without line breaks or control characters',
  notSafaricom: 'M-Pesa needs a Safaricom number (07xx or 011x, e.g. 0712 345 678). Airtel and Telkom numbers cannot pay by M-Pesa.',
  amountMismatch: 'Amount does not match the appointment',
  notPayable: 'Only pending or confirmed appointments can be paid',
  alreadyPaid: 'This appointment is already paid',
  noAmount: 'This appointment has no amount to pay',
  paymentNotFound: 'Payment not found',
  receiptOnlyCompleted: 'A receipt is available for completed payments only',
  refunded: 'Payment refunded',
  refundOnlyCompleted: 'Only completed payments can be refunded',
  refundReasonRequired: 'Please give a reason for the refund',
  stkPending: 'An M-Pesa request for this appointment is still waiting on the phone. Approve or cancel it there, then try again if needed.',
  stkPhoneLimit: 'Too many M-Pesa requests to this number: at most 3 in 10 minutes. Please wait a few minutes and try again.',
} as const;

/** STK pushes per phone number within the window (issue 22): a flood of prompts to someone's phone is refused with 429. */
export const MPESA_PUSHES_PER_PHONE = 3;
export const MPESA_PHONE_WINDOW_MINUTES = 10;

/** Readable reasons for Daraja's STK result codes (shown on the booking screen). */
export const MPESA_RESULT_REASONS: Record<string, string> = {
  '1': 'The M-Pesa balance is insufficient for this payment.',
  '1032': 'The payment was cancelled on the phone.',
  '1037': 'The phone could not be reached in time (no response). Please try again.',
  '2001': 'The M-Pesa PIN entered was wrong.',
};

/**
 * The refund reasons the server writes itself (an admin's reason is what they typed). A reply carries them in
 * English as written here; the gateway gives them in the reader's language like every server message.
 */
export const REFUND_REASONS = {
  automatic: 'Appointment cancelled at least 24 hours ahead: refunded automatically',
  // the clinic moved the visit's day away or its doctor cancelled it: the notice rule is the patient's, not the clinic's
  clinicCause: 'Appointment cancelled because the clinic changed or could not keep it: refunded in full',
} as const;

/** Payment methods (CONTRACT.md §9). */
export const PAYMENT_METHODS = ['card', 'mpesa'] as const;
export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'refunded'] as const;

/** A patient's cancellation at least this many hours before the start refunds a paid appointment automatically. */
export const AUTO_REFUND_MIN_HOURS = 24;

/**
 * M-Pesa takes Safaricom lines only. Their national numbers (2026): 0700-0729, 0740-0743, 0745, 0746, 0748,
 * 0757-0759, 0768, 0769, 0790-0799 and the 011x range (0110-0119). Other Kenyan mobiles (Airtel 0730-0739,
 * 0750-0756, 0780-0789, 010x; Telkom 077x) cannot be pushed to. Pure: the server and the web app both use it.
 */
const SAFARICOM_07 = /^7(?:[0-2]\d|4[0-35-6]|48|5[7-9]|6[89]|9\d)\d{6}$/;
const SAFARICOM_011 = /^11\d{7}$/;

export type MpesaPhoneCheck = { ok: true; msisdn: string; display: string } | { ok: false; message: string };

/**
 * A phone as patients type it (07.., 011.., +254.., 254..; spaces, dashes, dots and brackets ignored) →
 * the 2547XXXXXXXX / 25411XXXXXXX form Daraja wants, or the message to show.
 */
export function checkMpesaPhone(input: unknown): MpesaPhoneCheck {
  if (typeof input !== 'string') return { ok: false, message: PAYMENT_MESSAGES.invalidPhone };
  const match = /^(?:\+?254|0)([17]\d{8})$/.exec(input.replace(/[\s\-().]/g, ''));
  if (!match) return { ok: false, message: PAYMENT_MESSAGES.invalidPhone };
  const national = match[1];
  if (!SAFARICOM_07.test(national) && !SAFARICOM_011.test(national)) return { ok: false, message: PAYMENT_MESSAGES.notSafaricom };
  return { ok: true, msisdn: `254${national}`, display: `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}` };
}
