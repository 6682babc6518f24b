/** The reporting service's bus patterns (its own file, so calls.ts and index.ts do not import each other). */
/** Request-reply patterns (NATS subjects without the bus namespace). */
export const ReportingPatterns = {
  health: 'reporting.v1.health',
  /** GET /admin/analytics/summary?range=N */
  summary: 'reporting.v1.analytics.summary',
  /** GET /admin/analytics/bookings?range=N */
  bookings: 'reporting.v1.analytics.bookings',
  /** GET /admin/analytics/revenue?range=N */
  revenue: 'reporting.v1.analytics.revenue',
  /** GET /admin/analytics/appointment-status */
  appointmentStatus: 'reporting.v1.analytics.appointment-status',
  /** GET /admin/analytics/monthly */
  monthly: 'reporting.v1.analytics.monthly',
  /** GET /admin/overview */
  overview: 'reporting.v1.overview',
  /** Opens a CSV report: the reply names a subject the caller pulls chunks from (see ReportOpenReply). */
  openReport: 'reporting.v1.report.open',
} as const;
export type ReportingPattern = (typeof ReportingPatterns)[keyof typeof ReportingPatterns];
