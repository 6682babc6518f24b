/**
 * The reporting service's HTTP calls, each declared once (issue 34, decision 0095; the kit: @afya/service-shared/calls).
 * The gateway serves each from its declaration, /api/docs documents it, the admin app calls it through
 * `calls.reporting.<name>` with the reply typed from its schema.
 *
 * The bookings series is a list answered whole (RowsPage: the bare array, X-Total-Count). Still controller methods
 * (gateway/src/modules/reports): the CSV reports (a stream).
 */
import { call, listOf, queryOf, reply } from '@afya/service-shared/calls';
import { z } from '@afya/service-shared/schema';
import { ReportingPatterns } from './patterns';
import { AnalyticsSummaryReplySchema, AppointmentStatusReplySchema, DailyBookingsSchema, MonthlyReplySchema, OverviewReplySchema, RangeQuerySchema, RevenueReplySchema } from './schemas';

const admin = ['admin'] as const;
const tags = ['admin'];
/** No input: the service is sent `{}` whatever the query string holds (as the controller routes did). */
const none = z.object({});

export const ReportingCalls = {
  /** The analytics page's cards: totals, the period's changes, the overview's lists and counts. */
  summary: call
    .route({ method: 'GET', path: '/admin/analytics/summary', tags, summary: 'Analytics totals and changes over a range (admins)' })
    .meta({ subject: ReportingPatterns.summary, roles: admin })
    .input(z.object({ query: queryOf(RangeQuerySchema) }))
    .output(reply(AnalyticsSummaryReplySchema)),

  /** Bookings per day of the range, oldest first: the bare array (one entry per day, so one page). */
  bookings: call
    .route({ method: 'GET', path: '/admin/analytics/bookings', outputStructure: 'detailed', tags, summary: 'Bookings per day of the range, oldest first (admins)' })
    .meta({ subject: ReportingPatterns.bookings, roles: admin, list: true })
    .input(z.object({ query: queryOf(RangeQuerySchema) }))
    .output(listOf(DailyBookingsSchema)),

  /** Revenue per day of the range, oldest first. */
  revenue: call
    .route({ method: 'GET', path: '/admin/analytics/revenue', tags, summary: 'Revenue per day over a range (admins)' })
    .meta({ subject: ReportingPatterns.revenue, roles: admin })
    .input(z.object({ query: queryOf(RangeQuerySchema) }))
    .output(reply(RevenueReplySchema)),

  /** Appointments by status, with their shares. */
  appointmentStatus: call
    .route({ method: 'GET', path: '/admin/analytics/appointment-status', tags, summary: 'Appointments by status (admins)' })
    .meta({ subject: ReportingPatterns.appointmentStatus, roles: admin })
    .input(none)
    .output(reply(AppointmentStatusReplySchema)),

  /** The 'Monthly Statistics' table: the last twelve months with growth rates. */
  monthly: call
    .route({ method: 'GET', path: '/admin/analytics/monthly', tags, summary: 'The last twelve months (admins)' })
    .meta({ subject: ReportingPatterns.monthly, roles: admin })
    .input(none)
    .output(reply(MonthlyReplySchema)),

  /** The admin home: totals, pending actions, recent activity, revenue and user-growth series. */
  overview: call
    .route({ method: 'GET', path: '/admin/overview', tags, summary: 'The admin home (admins)' })
    .meta({ subject: ReportingPatterns.overview, roles: admin })
    .input(none)
    .output(reply(OverviewReplySchema)),
};
