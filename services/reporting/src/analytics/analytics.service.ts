import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, forbidden, Principal } from '@afya/service-shared';
import {
  AdminFeed,
  AnalyticsRange,
  AnalyticsSummaryReply,
  AppointmentStatusReply,
  BookingsReply,
  CLINIC_TIME_ZONE,
  MonthlyReply,
  OverviewReply,
  RangePayload,
  ReportingMessages,
  RevenueReply,
} from '../../contracts';
import { addDays, dayIn, daysEnding, growthRates, monthsEnding, parseRange, periodChange, series, statusShares } from '../rules/analytics.rules';
import { activityLine } from './activity-messages';

export function assertAdmin(principal: Principal): void {
  if (principal.role !== 'admin') throw forbidden();
}

function rangeOf(payload: RangePayload | undefined): AnalyticsRange {
  const range = parseRange(payload?.range);
  if (range === null) throw badRequest(ReportingMessages.range);
  return range;
}

const STATUS_ORDER = ['Pending', 'Confirmed', 'Completed', 'Cancelled'];
const num = (value: unknown) => Number(value ?? 0);

type Totals = AnalyticsSummaryReply['totals'];

/** The totals as select-list columns: a few counter rows and the daily roll-up, never the big tables. */
const TOTALS_COLUMNS = `
  (SELECT COALESCE(sum(n), 0) FROM rm_counts WHERE key LIKE 'users:%') AS users,
  (SELECT COALESCE(sum(n), 0) FROM rm_counts WHERE key = 'users:doctor:active') AS doctors,
  (SELECT COALESCE(sum(n), 0) FROM rm_counts WHERE key LIKE 'appointments:%') AS appointments,
  (SELECT COALESCE(sum(revenue), 0) FROM rm_daily) AS revenue`;

const totalsOf = (row: Record<string, unknown>): Totals => ({
  users: num(row.users),
  doctors: num(row.doctors),
  appointments: num(row.appointments),
  revenue: num(row.revenue),
});

/** Analytics and the admin overview, read from the read models (mostly the daily roll-up and current counts). */
@Injectable()
export class AnalyticsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Today in the clinic's time zone (overridable for tests through `now`). */
  today(now = new Date()): string {
    return dayIn(CLINIC_TIME_ZONE, now);
  }

  /** Current totals from the consumers' counters (rm_counts: live users by role and status, appointments by status). */
  private async totals(): Promise<Totals> {
    const [row] = await this.dataSource.query(`SELECT ${TOTALS_COLUMNS}`);
    return totalsOf(row);
  }

  async summary(principal: Principal, payload: RangePayload, now = new Date()): Promise<AnalyticsSummaryReply> {
    assertAdmin(principal);
    const range = rangeOf(payload);
    const today = this.today(now);
    const currentFrom = addDays(today, -(range - 1));
    const previousFrom = addDays(today, -(2 * range - 1));
    // One statement (periods, totals and the small cards): under load, three parallel queries per call queued
    // for the pool (issue 12's bench: p99 327 ms with < 1 ms of SQL).
    const [[row], feed] = await Promise.all([
      this.dataSource.query(
      `SELECT p.*, ${TOTALS_COLUMNS},
              (SELECT COALESCE(sum(n), 0) FROM rm_counts WHERE key = 'appointments:Pending') AS pending,
              (SELECT COALESCE(sum(n), 0) FROM rm_counts WHERE key = 'appointments:Cancelled') AS cancelled,
              (SELECT count(*) FROM rm_appointments WHERE appointment_date = $3 AND status = 'Completed') AS completed_today
         FROM (SELECT COALESCE(sum(new_users) FILTER (WHERE day >= $2), 0) AS users_now,
                      COALESCE(sum(new_users) FILTER (WHERE day < $2), 0) AS users_before,
                      COALESCE(sum(new_doctors) FILTER (WHERE day >= $2), 0) AS doctors_now,
                      COALESCE(sum(new_doctors) FILTER (WHERE day < $2), 0) AS doctors_before,
                      COALESCE(sum(bookings) FILTER (WHERE day >= $2), 0) AS bookings_now,
                      COALESCE(sum(bookings) FILTER (WHERE day < $2), 0) AS bookings_before,
                      COALESCE(sum(revenue) FILTER (WHERE day >= $2), 0) AS revenue_now,
                      COALESCE(sum(revenue) FILTER (WHERE day < $2), 0) AS revenue_before,
                      COALESCE(sum(bookings) FILTER (WHERE day = $3), 0) AS today
                 FROM rm_daily WHERE day BETWEEN $1 AND $3) p`,
      [previousFrom, currentFrom, today],
      ),
      this.adminFeed(),
    ]);
    return {
      ...feed,
      range,
      totals: totalsOf(row),
      changes: {
        users: periodChange(num(row.users_now), num(row.users_before)),
        doctors: periodChange(num(row.doctors_now), num(row.doctors_before)),
        appointments: periodChange(num(row.bookings_now), num(row.bookings_before)),
        revenue: periodChange(num(row.revenue_now), num(row.revenue_before)),
      },
      today: num(row.today),
      pending: num(row.pending),
      completedToday: num(row.completed_today),
      cancelled: num(row.cancelled),
    };
  }

  private async daily(column: 'bookings' | 'revenue', range: AnalyticsRange, now: Date): Promise<{ days: string[]; values: Map<string, number> }> {
    const days = daysEnding(this.today(now), range);
    const rows: { day: string; value: string }[] = await this.dataSource.query(
      `SELECT day::text AS day, ${column} AS value FROM rm_daily WHERE day BETWEEN $1 AND $2`,
      [days[0], days[days.length - 1]],
    );
    return { days, values: new Map(rows.map((r) => [r.day, num(r.value)])) };
  }

  async bookings(principal: Principal, payload: RangePayload, now = new Date()): Promise<BookingsReply> {
    assertAdmin(principal);
    const range = rangeOf(payload);
    const { days, values } = await this.daily('bookings', range, now);
    return { range, bookings: series(days, values, 'count') };
  }

  async revenue(principal: Principal, payload: RangePayload, now = new Date()): Promise<RevenueReply> {
    assertAdmin(principal);
    const range = rangeOf(payload);
    const { days, values } = await this.daily('revenue', range, now);
    return { range, dailyRevenue: series(days, values, 'revenue') };
  }

  async appointmentStatus(principal: Principal): Promise<AppointmentStatusReply> {
    assertAdmin(principal);
    const rows: { key: string; n: string }[] = await this.dataSource.query(`SELECT key, n FROM rm_counts WHERE key LIKE 'appointments:%'`);
    const byStatus = new Map(rows.map((r) => [r.key.slice('appointments:'.length), num(r.n)]));
    const statuses = [...STATUS_ORDER, ...[...byStatus.keys()].filter((s) => !STATUS_ORDER.includes(s) && (byStatus.get(s) ?? 0) > 0).sort()];
    const counts = statuses.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
    return { total: counts.reduce((sum, c) => sum + c.count, 0), statusBreakdown: statusShares(counts) };
  }

  private async months(today: string): Promise<{ month: string; appointments: number; revenue: number; new_users: number }[]> {
    const months = monthsEnding(today, 12);
    const rows: { month: string; bookings: string; revenue: string; new_users: string }[] = await this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM') AS month, sum(bookings) AS bookings, sum(revenue) AS revenue, sum(new_users) AS new_users
         FROM rm_daily WHERE day >= $1::date GROUP BY 1`,
      [`${months[0]}-01`],
    );
    const byMonth = new Map(rows.map((r) => [r.month, r]));
    return months.map((month) => {
      const r = byMonth.get(month);
      return { month, appointments: num(r?.bookings), revenue: num(r?.revenue), new_users: num(r?.new_users) };
    });
  }

  /** The last twelve months (oldest first), with each month's growth in appointments over the month before. */
  async monthly(principal: Principal, now = new Date()): Promise<MonthlyReply> {
    assertAdmin(principal);
    const months = await this.months(this.today(now));
    const rates = growthRates(months.map((m) => m.appointments));
    return { months: months.map((m, i) => ({ ...m, growth_rate: rates[i] })) };
  }

  /** The admin overview's lists and counts, read by the overview and the analytics summary. */
  private async adminFeed(): Promise<AdminFeed> {
    const [[pending], users, appointments, payments] = await Promise.all([
      this.dataSource.query(`
        SELECT (SELECT count(*) FROM rm_users u WHERE u.role = 'doctor' AND u.status = 'active' AND NOT u.deleted
                   AND NOT EXISTS (SELECT 1 FROM rm_doctors d WHERE d.user_id = u.user_id AND d.approval_status = 'approved')) AS doctors,
               (SELECT count(*) FROM rm_tickets WHERE status NOT IN ('resolved', 'closed')) AS tickets,
               (SELECT count(*) FROM rm_payments WHERE disputed AND status <> 'refunded') AS disputes`),
      this.dataSource.query(
        `SELECT user_id, firstname, lastname, role, registered_at FROM rm_users WHERE NOT deleted ORDER BY registered_at DESC, user_id DESC LIMIT 5`,
      ),
      this.dataSource.query(
        `SELECT a.appointment_id, a.appointment_date::text AS appointment_date, a.time_slot, a.status, a.booked_at,
                u.firstname, u.lastname
           FROM (SELECT * FROM rm_appointments ORDER BY booked_at DESC, appointment_id DESC LIMIT 5) a
           LEFT JOIN rm_users u ON u.user_id = a.user_id ORDER BY a.booked_at DESC, a.appointment_id DESC`,
      ),
      this.dataSource.query(
        `SELECT payment_id, appointment_id, amount, method, status, occurred_at FROM rm_payments ORDER BY occurred_at DESC, payment_id DESC LIMIT 5`,
      ),
    ]);
    const iso = (value: Date | string) => new Date(value).toISOString();
    return {
      pendingDoctors: num(pending.doctors),
      unresolvedTickets: num(pending.tickets),
      paymentDisputes: num(pending.disputes),
      recentUsers: users.map((u: Record<string, string>) => {
        const name = `${u.firstname} ${u.lastname}`.trim();
        const role = u.role === 'user' ? 'patient' : (u.role as 'doctor' | 'admin');
        return {
          kind: 'user' as const,
          id: Number(u.user_id),
          ...activityLine(name ? { key: 'user.name', params: { name } } : { key: 'user.id', params: { id: Number(u.user_id) } }, { key: 'user.registered', params: { role } }),
          at: iso(u.registered_at),
        };
      }),
      recentAppointments: appointments.map((a: Record<string, string>) => {
        const id = Number(a.appointment_id);
        return {
          kind: 'appointment' as const,
          id,
          ...activityLine(
            a.firstname ? { key: 'appointment.for', params: { id, name: `${a.firstname} ${a.lastname}` } } : { key: 'appointment.id', params: { id } },
            { key: 'appointment.when', params: { status: a.status, date: a.appointment_date, slot: a.time_slot } },
          ),
          at: iso(a.booked_at),
        };
      }),
      recentPayments: payments.map((p: Record<string, string>) => {
        const id = Number(p.payment_id);
        return {
          kind: 'payment' as const,
          id,
          ...activityLine(
            { key: 'payment.amount', params: { id, amount: num(p.amount) } },
            {
              key: 'payment.status',
              params: { status: p.status, method: p.method ? (p.method === 'mpesa' ? 'mpesa' : 'card') : null, appointment_id: p.appointment_id ? Number(p.appointment_id) : null },
            },
          ),
          at: iso(p.occurred_at),
        };
      }),
    };
  }

  async overview(principal: Principal, now = new Date()): Promise<OverviewReply> {
    assertAdmin(principal);
    const today = this.today(now);
    const [totals, feed, months, [before]] = await Promise.all([
      this.totals(),
      this.adminFeed(),
      this.months(today),
      this.dataSource.query(`SELECT COALESCE(sum(new_users), 0) AS n FROM rm_daily WHERE day < $1::date`, [`${monthsEnding(today, 12)[0]}-01`]),
    ]);
    const recentActivity = [...feed.recentUsers, ...feed.recentAppointments, ...feed.recentPayments].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id).slice(0, 5); // ties (one event's rows) newest id first
    let running = num(before.n);
    return {
      totals,
      ...feed,
      recentActivity,
      revenueByMonth: months.map((m) => ({ month: m.month, revenue: m.revenue })),
      userGrowth: months.map((m) => ({ month: m.month, new_users: m.new_users, total: (running += m.new_users) })),
    };
  }
}
