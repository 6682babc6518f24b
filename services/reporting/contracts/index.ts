/**
 * The reporting service's contract: NATS patterns, payloads, replies and events. Other packages import only this
 * folder from services/reporting. Pure: no runtime imports, nothing evaluated at import; patterns are plain names,
 * callers put the bus namespace in front with `subject()`.
 */

/** Request-reply patterns (NATS subjects without the bus namespace). */
export const ReportingPatterns = {
  health: 'reporting.health',
} as const;
