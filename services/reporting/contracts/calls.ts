/**
 * The reporting service's HTTP calls, each declared once (issue 34, decision 0095; the kit: @afya/service-shared/calls).
 * The gateway serves each from its declaration, /api/docs documents it, the admin app calls it through
 * `calls.reporting.<name>` with the reply typed from its schema.
 *
 * Still controller methods (gateway/src/modules/analytics, reports): the bookings series (the service answers
 * `{range, bookings}`, the HTTP body is the bare array with X-Total-Count, not a paged JSON text) and the CSV reports
 * (a stream).
 */
import { call, queryOf, reply } from '@afya/service-shared/calls';
import { z } from '@afya/service-shared/schema';
import { ReportingPatterns } from './patterns';
import { AnalyticsSummaryReplySchema, AppointmentStatusReplySchema, MonthlyReplySchema, OverviewReplySchema, RangeQuerySchema, RevenueReplySchema } from './schemas';

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
