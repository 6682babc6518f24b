import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Principal } from '@afya/service-shared';
import { APPOINTMENT_STATUSES, AppointmentStatus, AppointmentView, DashboardReply } from '../../contracts';
import { AuditTrail } from '../audit/audit-trail';
import { APPOINTMENT_SELECT, AppointmentRow, toAppointmentView } from '../appointments/appointment.sql';
import { AppointmentReadsService, countByStatus } from '../appointments/appointment-reads.service';
import { countDistinctPatients } from '../rules/patients';
import { clinicToday } from '../../contracts/booking-rules';

/** How many appointments the dashboards show (CONTRACT.md §9: 2; admin recent activity: 5). */
export const DASHBOARD_APPOINTMENTS = 2;
export const ADMIN_RECENT = 5;

/**
 * GET /user/dashboard {stats}: what this service knows. A patient gets today's count, upcoming and status
 * counts and the two appointments to show; a doctor today's list and counts; an admin the appointment and
 * doctor figures (users come from auth, revenue from payment: not here).
 */
@Injectable()
export class DashboardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly appointments: AppointmentReadsService,
    private readonly audit: AuditTrail,
  ) {}

  async dashboard(actor: Principal, requestId?: string): Promise<DashboardReply> {
    if (actor.role === 'admin') return this.admin(actor, requestId);
    const rows = await this.appointments.ownRows(actor);
    const today = clinicToday();
    const now = Date.now();
    const active = rows.filter((r) => r.appointment_status !== 'Cancelled');
    const upcoming = active.filter((r) => r.starts_at.getTime() > now).sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
    const todays = active.filter((r) => r.appointment_date === today).sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
    const shown: AppointmentRow[] =
      actor.role === 'doctor' ? todays : upcoming.length ? upcoming.slice(0, DASHBOARD_APPOINTMENTS) : rows.slice(0, DASHBOARD_APPOINTMENTS);
    await this.audit.recordAccess(actor, 'read', shown, 'success', requestId);
    const counts = countByStatus(rows);
    const common = {
      todayCount: todays.length,
      todayAppointments: todays.length,
      upcomingCount: upcoming.length,
      totalAppointments: rows.length,
      pendingCount: counts.Pending,
      confirmedCount: counts.Confirmed,
      completedCount: counts.Completed,
      cancelledCount: counts.Cancelled,
      byStatus: counts,
    };
    if (actor.role === 'doctor') {
      return {
        stats: {
          ...common,
          totalPatients: countDistinctPatients(rows),
          today: todays.map(toAppointmentView),
        },
      };
    }
    const view = (list: AppointmentRow[]): AppointmentView[] => list.map(toAppointmentView);
    return {
      stats: {
        ...common,
        unpaidCount: active.filter((r) => !r.paid && r.appointment_status !== 'Completed' && Number(r.total_amount) > 0).length,
        /** The next two future appointments; when none, the two most recent ('Recent Appointments'). */
        upcomingTitle: upcoming.length ? 'Upcoming Appointments' : 'Recent Appointments',
        upcomingAppointments: view(upcoming.slice(0, DASHBOARD_APPOINTMENTS)),
        recentAppointments: view(upcoming.length ? [] : rows.slice(0, DASHBOARD_APPOINTMENTS)),
        nextAppointments: view(shown),
      },
    };
  }

  private async admin(actor: Principal, requestId?: string): Promise<DashboardReply> {
    const today = clinicToday();
    const [[totals], statusRows, recent] = await Promise.all([
      this.dataSource.query(
        `SELECT (SELECT count(*) FROM appointments)::int AS appointments,
                (SELECT count(*) FROM appointments WHERE appointment_date = $1 AND appointment_status <> 'Cancelled')::int AS today,
                (SELECT count(*) FROM doctors WHERE active AND approval_status = 'approved')::int AS doctors,
                (SELECT count(*) FROM doctors WHERE active AND approval_status = 'pending')::int AS pending_doctors,
                (SELECT COALESCE(sum(total_amount), 0)::float8 FROM appointments WHERE paid) AS paid_amount,
                (SELECT COALESCE(sum(total_amount), 0)::float8 FROM appointments WHERE appointment_status <> 'Cancelled') AS booked_amount`,
        [today],
      ),
      this.dataSource.query(`SELECT appointment_status AS status, count(*)::int AS count FROM appointments GROUP BY appointment_status`),
      this.dataSource.query(`${APPOINTMENT_SELECT} ORDER BY a.created_at DESC, a.appointment_id DESC LIMIT ${ADMIN_RECENT}`) as Promise<AppointmentRow[]>,
    ]);
    await this.audit.recordAccess(actor, 'read', recent, 'success', requestId);
    const byStatus: Record<AppointmentStatus, number> = { Pending: 0, Confirmed: 0, Completed: 0, Cancelled: 0 };
    for (const row of statusRows as { status: AppointmentStatus; count: number }[]) byStatus[row.status] = row.count;
    return {
      stats: {
        source: 'appointment',
        totalAppointments: totals.appointments,
        todayCount: totals.today,
        doctors: totals.doctors,
        pendingDoctors: totals.pending_doctors,
        paidAmount: totals.paid_amount,
        bookedAmount: totals.booked_amount,
        byStatus,
        statusBreakdown: APPOINTMENT_STATUSES.map((status) => ({ status, count: byStatus[status] })),
        recentAppointments: recent.map(toAppointmentView),
      },
    };
  }
}
