/**
 * The prescription service's contract: NATS patterns, payloads, replies and events. Other packages import only this
 * folder from services/prescription. Pure: no runtime imports, nothing evaluated at import; patterns are plain names,
 * callers put the bus namespace in front with `subject()`.
 */

/** Request-reply patterns (NATS subjects without the bus namespace). */
export const PrescriptionPatterns = {
  health: 'prescription.health',
} as const;
