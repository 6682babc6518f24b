/**
 * The reporting service's contract: NATS patterns, payloads, replies and events. Other packages import only this
 * folder from services/reporting. The request shapes are zod schemas (schemas.ts): a web app imports only types from
 * here (and catalog.ts at runtime). Patterns are plain names, callers put the bus namespace in front with `subject()`.
 *
 * Every figure comes from read models fed by the other services' events (users, appointments, doctors,
 * payments, prescriptions, tickets); money is Ksh; days are Africa/Nairobi days.
 */

import type { AnalyticsRange, ReportLanguage, ReportType } from './catalog';

export * from './catalog';
export * from './schemas';

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

/** Domain events (JetStream, through the outbox). */
export const ReportingEvents = {
  /** An admin opened a CSV report: the patients whose rows it holds (in parts), for their access logs. */
  reportExported: 'reporting.report.exported.v1',
} as const;

/** report.exported: one part of the patients a CSV download contains (at most REPORT_EXPORT_PART_SIZE each). */
export interface ReportExportedData {
  download_id: string;
  report: ReportType;
  from: string | null;
  to: string | null;
  actor_user_id: number;
  actor_role: 'user' | 'doctor' | 'admin';
  patient_user_ids: number[];
  at: string;
}
export const REPORT_EXPORT_PART_SIZE = 5000;


/** Clinic days (CONTRACT.md: time slots are Africa/Nairobi). */
export const CLINIC_TIME_ZONE = 'Africa/Nairobi';

export interface RangePayload {
  range?: number;
}

/** A figure of the last `range` days against the `range` days before them. */
export interface PeriodChange {
  current: number;
  previous: number;
  /** Percent change, one decimal; null when the previous period was 0 (no base to compare with). */
  percent: number | null;
}

/** The admin overview's lists and counts; the analytics summary carries them too. */
export interface AdminFeed {
  pendingDoctors: number;
  unresolvedTickets: number;
  paymentDisputes: number;
  /** Up to five each, newest first. */
  recentUsers: ActivityEntry[];
  recentAppointments: ActivityEntry[];
  recentPayments: ActivityEntry[];
}

/** GET /admin/analytics/summary: the totals, the period's changes, and the admin overview's lists and counts. */
export interface AnalyticsSummaryReply extends AdminFeed {
  range: AnalyticsRange;
  /** All-time: live users, active doctors, appointments, revenue (completed payments minus refunds, Ksh). */
  totals: { users: number; doctors: number; appointments: number; revenue: number };
  /**
   * New users, new doctors, bookings and revenue of the last `range` days against the period before. New users: the
   * accounts `totals.users` counts (not deleted) that registered in the period; new doctors: the accounts
   * `totals.doctors` counts (active doctors) that registered in it. So either is at most its total.
   */
  changes: { users: PeriodChange; doctors: PeriodChange; appointments: PeriodChange; revenue: PeriodChange };
  /** Appointments booked today (Africa/Nairobi). */
  today: number;
  pending: number;
  completedToday: number;
  cancelled: number;
}

/** A day of the bookings series. */
export interface DailyBookings {
  date: string;
  count: number;
}
/** reporting.analytics.bookings; over HTTP (GET /admin/analytics/bookings) the body is the bare `bookings` array. */
export interface BookingsReply {
  range: AnalyticsRange;
  /** One entry per day of the range, oldest first, zero-filled. */
  bookings: DailyBookings[];
}

/** GET /admin/analytics/revenue */
export interface RevenueReply {
  range: AnalyticsRange;
  /** Ksh per day (completed payments minus refunds), oldest first, zero-filled. */
  dailyRevenue: { date: string; revenue: number }[];
}

export interface StatusBreakdownEntry {
  status: string;
  count: number;
  /** Share of all appointments, one decimal (the entries' percents are rounded to sum to 100). */
  percent: number;
}

export interface AppointmentStatusReply {
  total: number;
  statusBreakdown: StatusBreakdownEntry[];
}

export interface MonthlyRow {
  /** YYYY-MM */
  month: string;
  appointments: number;
  revenue: number;
  /** Accounts registered that month and held now (not deleted), as `changes.users` counts them. */
  new_users: number;
  /** Percent change of appointments against the previous row, one decimal; null for the first row or a 0 base. */
  growth_rate: number | null;
}

export interface MonthlyReply {
  months: MonthlyRow[];
}

export type ActivityKind = 'user' | 'appointment' | 'payment';

/**
 * An activity line as a message key and its values, so a client says it in its reader's language (the admin remote
 * in Kiswahili). The entry's `title` and `detail` are the same line in English (SPEC's text), for clients that show
 * it as it comes. Values are data: a status or date as stored, an amount in Ksh as a number, a slot as booked.
 */
export type ActivityMessage =
  | { key: 'user.name'; params: { name: string } }
  | { key: 'user.id'; params: { id: number } }
  | { key: 'user.registered'; params: { role: 'patient' | 'doctor' | 'admin' } }
  | { key: 'appointment.id'; params: { id: number } }
  | { key: 'appointment.for'; params: { id: number; name: string } }
  | { key: 'appointment.when'; params: { status: string; date: string; slot: string } }
  | { key: 'payment.amount'; params: { id: number; amount: number } }
  | { key: 'payment.status'; params: { status: string; method: 'mpesa' | 'card' | null; appointment_id: number | null } };

export interface ActivityEntry {
  kind: ActivityKind;
  id: number;
  /** English, e.g. 'Appointment #12 for Amina Yusuf'. */
  title: string;
  /** English, e.g. 'Pending · 2026-11-28 09:00 AM'. */
  detail: string;
  /** `title` as a message key and values. */
  title_message: ActivityMessage;
  /** `detail` as a message key and values. */
  detail_message: ActivityMessage;
  at: string;
}

/** The admin home (CONTRACT.md §3 "Admin overview"). */
export interface OverviewReply extends AdminFeed {
  totals: { users: number; doctors: number; appointments: number; revenue: number };
  /** Up to five, newest first, users, appointments and payments merged. */
  recentActivity: ActivityEntry[];
  /** The last twelve months, oldest first. */
  revenueByMonth: { month: string; revenue: number }[];
  /** Accounts registered each month and held now, and the running total (the last month's is `totals.users`). */
  userGrowth: { month: string; new_users: number; total: number }[];
}

export interface OpenReportPayload {
  report: ReportType;
  /** YYYY-MM-DD, inclusive, Africa/Nairobi days. */
  from?: string;
  to?: string;
  /** ?lang=sw: the header row in Kiswahili. The columns, their order and every value stay as in English. */
  lang?: ReportLanguage;
}

/** The header row's languages (English unless asked). */

/**
 * The caller sends requests (empty body) to `subject` and gets the CSV in order: each reply is a chunk of
 * bytes; a reply with the header `Afya-Report-End` (value: rows sent) ends it, one with `Afya-Report-Error`
 * aborts it. A stream nobody pulls from for a while is closed by the service.
 */
export interface ReportOpenReply {
  subject: string;
  filename: string;
  /** Data rows the report will hold (the header row not counted): the page's progress. */
  rows: number;
}

export const REPORT_END_HEADER = 'Afya-Report-End';
export const REPORT_ERROR_HEADER = 'Afya-Report-Error';
