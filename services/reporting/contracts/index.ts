/**
 * The reporting service's contract: NATS patterns, payloads, replies and events. Other packages import only this
 * folder from services/reporting. The request shapes are zod schemas (schemas.ts): a web app imports only types from
 * here (and catalog.ts at runtime). Patterns are plain names, callers put the bus namespace in front with `subject()`.
 *
 * Every figure comes from read models fed by the other services' events (users, appointments, doctors,
 * payments, prescriptions, tickets); money is Ksh; days are Africa/Nairobi days.
 */

import type { z } from 'zod';
import type { ReportType } from './catalog';
import type {
  ActivityEntrySchema,
  ActivityMessageSchema,
  AnalyticsSummaryReplySchema,
  BookingsReplySchema,
  AppointmentStatusReplySchema,
  DailyBookingsSchema,
  MonthlyReplySchema,
  MonthlyRowSchema,
  OverviewReplySchema,
  PeriodChangeSchema,
  RangeQuerySchema,
  ReportQuerySchema,
  RevenueReplySchema,
  StatusBreakdownEntrySchema,
} from './schemas';

export * from './catalog';
export * from './schemas';
export * from './patterns';
export * from './calls';


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

/** GET /admin/analytics/*: the range in days. */
export type RangePayload = z.output<typeof RangeQuerySchema>;

/** The replies' types are their schemas' output (schemas.ts); the analytics calls are declared in calls.ts. */
export type PeriodChange = z.output<typeof PeriodChangeSchema>;
export type AnalyticsSummaryReply = z.output<typeof AnalyticsSummaryReplySchema>;
export type AdminFeed = Pick<AnalyticsSummaryReply, 'pendingDoctors' | 'unresolvedTickets' | 'paymentDisputes' | 'recentUsers' | 'recentAppointments' | 'recentPayments'>;
export type DailyBookings = z.output<typeof DailyBookingsSchema>;
/** The analytics' bookings series (over the bus and HTTP, reporting.analytics.bookings answers its `bookings` as one page). */
export type BookingsReply = z.output<typeof BookingsReplySchema>;
export type RevenueReply = z.output<typeof RevenueReplySchema>;
export type StatusBreakdownEntry = z.output<typeof StatusBreakdownEntrySchema>;
export type AppointmentStatusReply = z.output<typeof AppointmentStatusReplySchema>;
export type MonthlyRow = z.output<typeof MonthlyRowSchema>;
export type MonthlyReply = z.output<typeof MonthlyReplySchema>;
export type ActivityKind = ActivityEntry['kind'];
export type ActivityMessage = z.output<typeof ActivityMessageSchema>;
export type ActivityEntry = z.output<typeof ActivityEntrySchema>;
export type OverviewReply = z.output<typeof OverviewReplySchema>;

/**
 * GET /admin/reports/{file} as the service reads it: which report, and the query (first and last day, YYYY-MM-DD,
 * inclusive, Africa/Nairobi; ?lang=sw: the header row in Kiswahili, the columns, their order and values as in English).
 */
export type OpenReportPayload = z.output<typeof ReportQuerySchema> & { report: ReportType };

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
