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
  amountMismatch: 'Amount does not match the appointment',
  notPayable: 'Only pending or confirmed appointments can be paid',
  alreadyPaid: 'This appointment is already paid',
  noAmount: 'This appointment has no amount to pay',
  paymentNotFound: 'Payment not found',
  receiptOnlyCompleted: 'A receipt is available for completed payments only',
  refunded: 'Payment refunded',
  refundOnlyCompleted: 'Only completed payments can be refunded',
  refundReasonRequired: 'Please give a reason for the refund',
} as const;

/** Readable reasons for Daraja's STK result codes (shown on the booking screen). */
export const MPESA_RESULT_REASONS: Record<string, string> = {
  '1': 'The M-Pesa balance is insufficient for this payment.',
  '1032': 'The payment was cancelled on the phone.',
  '1037': 'The phone could not be reached in time (no response). Please try again.',
  '2001': 'The M-Pesa PIN entered was wrong.',
};

/** Payment methods (CONTRACT.md §9). */
export const PAYMENT_METHODS = ['card', 'mpesa'] as const;
export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'refunded'] as const;

/** A patient's cancellation at least this many hours before the start refunds a paid appointment automatically. */
export const AUTO_REFUND_MIN_HOURS = 24;
