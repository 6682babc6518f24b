/**
 * The reporting rules' constants and messages: analytics ranges, report types, the messages a person reads. Pure data:
 * no imports, nothing computed when the module loads, so the admin app imports it as it is.
 */
/** CONTRACT.md §9: analytics range options (days). */
export const ANALYTICS_RANGES = [7, 30, 90, 365] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

export const REPORT_TYPES = ['appointments', 'users', 'revenue', 'prescriptions'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** A report's header row in English (the column keys) or Kiswahili (?lang=sw); columns and values never change. */
export const REPORT_LANGUAGES = ['en', 'sw'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

export const ReportingMessages = {
  range: `range must be one of ${ANALYTICS_RANGES.join(', ')}`,
  report: `report must be one of ${REPORT_TYPES.join(', ')}`,
  date: 'from and to must be dates (YYYY-MM-DD)',
  dateOrder: 'from must not be after to',
  lang: 'lang must be en or sw',
  reportGone: 'The report stream has ended',
} as const;
