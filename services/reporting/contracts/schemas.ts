/**
 * The reporting calls' queries and replies, each written once (zod): the gateway validates and documents with them, the admin
 * app takes their types from them.
 */
import { z } from '@afya/service-shared/schema';
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, REPORT_LANGUAGES, ReportingMessages } from './catalog';

/** GET /admin/analytics/*: the range in days (7, 30, 90 or 365; written in digits in a query). */
export const RangeQuerySchema = z.object({
  range: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: ReportingMessages.range })
    .pipe(z.literal(ANALYTICS_RANGES, { error: ReportingMessages.range }))
    .optional()
    .meta({ default: DEFAULT_ANALYTICS_RANGE }),
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** GET /admin/reports/{file}: first and last day (YYYY-MM-DD, inclusive). */
export const ReportQuerySchema = z.object({
  from: z.string({ error: ReportingMessages.date }).regex(DAY, ReportingMessages.date).optional().meta({ description: 'First day (YYYY-MM-DD, inclusive)' }),
  to: z.string({ error: ReportingMessages.date }).regex(DAY, ReportingMessages.date).optional().meta({ description: 'Last day (YYYY-MM-DD, inclusive)' }),
  lang: z.enum(REPORT_LANGUAGES, { error: ReportingMessages.lang }).optional().meta({ description: 'sw: the header row in Kiswahili (columns and values unchanged)' }),
});

// ---- Replies (the analytics calls and the admin overview; their types are these schemas' output, index.ts) ----

const count = z.number().int();
const day = z.string().meta({ description: 'YYYY-MM-DD (Africa/Nairobi)' });
const month = z.string().meta({ description: 'YYYY-MM' });

/** A figure of the last `range` days against the `range` days before them. */
export const PeriodChangeSchema = z.object({
  current: z.number(),
  previous: z.number(),
  percent: z.number().nullable().meta({ description: 'Percent change, one decimal; null when the previous period was 0 (no base to compare with)' }),
});

/**
 * An activity line as a message key and its values, so a client says it in its reader's language (the admin remote
 * in Kiswahili). The entry's `title` and `detail` are the same line in English (the line CONTRACT.md §2 shows), for clients that show
 * it as it comes. Values are data: a status or date as stored, an amount in Ksh as a number, a slot as booked.
 */
export const ActivityMessageSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('user.name'), params: z.object({ name: z.string() }) }),
  z.object({ key: z.literal('user.id'), params: z.object({ id: count }) }),
  z.object({ key: z.literal('user.registered'), params: z.object({ role: z.enum(['patient', 'doctor', 'admin']) }) }),
  z.object({ key: z.literal('appointment.id'), params: z.object({ id: count }) }),
  z.object({ key: z.literal('appointment.for'), params: z.object({ id: count, name: z.string() }) }),
  z.object({ key: z.literal('appointment.when'), params: z.object({ status: z.string(), date: z.string(), slot: z.string() }) }),
  z.object({ key: z.literal('payment.amount'), params: z.object({ id: count, amount: z.number() }) }),
  z.object({
    key: z.literal('payment.status'),
    params: z.object({ status: z.string(), method: z.enum(['mpesa', 'card']).nullable(), appointment_id: count.nullable() }),
  }),
]);

export const ActivityEntrySchema = z.object({
  kind: z.enum(['user', 'appointment', 'payment']),
  id: count,
  title: z.string().meta({ description: "English, e.g. 'Appointment #12 for Amina Yusuf'" }),
  detail: z.string().meta({ description: "English, e.g. 'Pending · 2026-11-28 09:00 AM'" }),
  title_message: ActivityMessageSchema.meta({ description: '`title` as a message key and values' }),
  detail_message: ActivityMessageSchema.meta({ description: '`detail` as a message key and values' }),
  at: z.string(),
});

/** The admin overview's lists and counts; the analytics summary carries them too. */
const adminFeed = {
  pendingDoctors: count,
  unresolvedTickets: count,
  paymentDisputes: count,
  recentUsers: z.array(ActivityEntrySchema).meta({ description: 'Up to five, newest first' }),
  recentAppointments: z.array(ActivityEntrySchema).meta({ description: 'Up to five, newest first' }),
  recentPayments: z.array(ActivityEntrySchema).meta({ description: 'Up to five, newest first' }),
};
/** All-time: live users, active doctors, appointments, revenue (completed payments minus refunds, Ksh). */
const totals = z.object({ users: count, doctors: count, appointments: count, revenue: z.number() });

/** GET /admin/analytics/summary: the totals, the period's changes, and the admin overview's lists and counts. */
export const AnalyticsSummaryReplySchema = z.object({
  ...adminFeed,
  range: z.literal(ANALYTICS_RANGES),
  totals,
  /**
   * New users, new doctors, bookings and revenue of the last `range` days against the period before. New users: the
   * accounts `totals.users` counts (not deleted) that registered in the period; new doctors: the accounts
   * `totals.doctors` counts (active doctors) that registered in it. So either is at most its total.
   */
  changes: z.object({ users: PeriodChangeSchema, doctors: PeriodChangeSchema, appointments: PeriodChangeSchema, revenue: PeriodChangeSchema }),
  today: count.meta({ description: 'Appointments booked today (Africa/Nairobi)' }),
  pending: count,
  completedToday: count,
  cancelled: count,
});

/** A day of the bookings series. */
export const DailyBookingsSchema = z.object({ date: day, count });

/** GET /admin/analytics/revenue: Ksh per day (completed payments minus refunds), oldest first, zero-filled. */
/** The bookings series as the analytics reads it: one entry per day of the range, oldest first, zero-filled. */
export const BookingsReplySchema = z.object({ range: z.literal(ANALYTICS_RANGES), bookings: z.array(DailyBookingsSchema) });

export const RevenueReplySchema = z.object({
  range: z.literal(ANALYTICS_RANGES),
  dailyRevenue: z.array(z.object({ date: day, revenue: z.number() })),
});

export const StatusBreakdownEntrySchema = z.object({
  status: z.string(),
  count,
  percent: z.number().meta({ description: "Share of all appointments, one decimal (the entries' percents are rounded to sum to 100)" }),
});
/** GET /admin/analytics/appointment-status */
export const AppointmentStatusReplySchema = z.object({ total: count, statusBreakdown: z.array(StatusBreakdownEntrySchema) });

export const MonthlyRowSchema = z.object({
  month,
  appointments: count,
  revenue: z.number(),
  new_users: count.meta({ description: 'Accounts registered that month and held now (not deleted), as `changes.users` counts them' }),
  growth_rate: z.number().nullable().meta({ description: 'Percent change of appointments against the previous row, one decimal; null for the first row or a 0 base' }),
});
/** GET /admin/analytics/monthly: the 'Monthly Statistics' table, the last twelve months. */
export const MonthlyReplySchema = z.object({ months: z.array(MonthlyRowSchema) });

/** GET /admin/overview: the admin home (CONTRACT.md §3 "Admin overview"). */
export const OverviewReplySchema = z.object({
  ...adminFeed,
  totals,
  recentActivity: z.array(ActivityEntrySchema).meta({ description: 'Up to five, newest first, users, appointments and payments merged' }),
  revenueByMonth: z.array(z.object({ month, revenue: z.number() })).meta({ description: 'The last twelve months, oldest first' }),
  userGrowth: z
    .array(z.object({ month, new_users: count, total: count }))
    .meta({ description: "Accounts registered each month and held now, and the running total (the last month's is `totals.users`)" }),
});
