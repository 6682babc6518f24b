/**
 * The support service's contract: NATS patterns, payloads, replies and events. Other packages import only this
 * folder from services/support. Pure: no runtime imports, nothing evaluated at import; patterns are plain names,
 * callers put the bus namespace in front with `subject()`.
 */

/** Request-reply patterns (NATS subjects without the bus namespace). */
export const SupportPatterns = {
  health: 'support.health',
} as const;
