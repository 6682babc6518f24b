/**
 * The payment service's contract: NATS patterns, payloads, replies and events. Other packages import only this
 * folder from services/payment. Pure: no runtime imports, nothing evaluated at import; patterns are plain names,
 * callers put the bus namespace in front with `subject()`.
 */

/** Request-reply patterns (NATS subjects without the bus namespace). */
export const PaymentPatterns = {
  health: 'payment.health',
} as const;
