import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, forbidden, parsePayload, Principal } from '@afya/service-shared';
import {
  ATTENDANCE_REPORT_DEFAULT_DAYS,
  ATTENDANCE_REPORT_MAX_DAYS,
  type AttendanceDayRow,
  AttendanceMessages,
  AttendanceReportPayloadSchema,
  type AttendanceReportReply,
  UNRESOLVED_LOOKBACK_DAYS,
  type UnresolvedReply,
} from '../../contracts';
import { addDays, clinicToday, isCalendarDate } from '../../contracts/booking-rules';
import { fullName } from '../appointments/appointment.sql';
import { DoctorsService } from '../doctors/doctors.service';
import { attendanceCsv, averageWait, isUnresolved, weekOf, weeklyRows } from './attendance.rules';
import { type AttendanceJson, deskDoctor, fromJson, PATIENT_NAME, type VisitRow, withNoShows } from './attendance.sql';

/** The attendance lists staff read: the unresolved visits of the last days, and the attendance report and its CSV. */
@Injectable()
export class AttendanceReportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly doctors: DoctorsService,
  ) {}

  /** GET /attendance/unresolved: a doctor's own, an admin's every doctor's; oldest first. */
  async unresolved(actor: Principal, now: Date = new Date()): Promise<UnresolvedReply> {
    const doctorId = await deskDoctor(this.doctors, actor, undefined);
    const rows: (Omit<VisitRow, 'attendance'> & { attendance: AttendanceJson | null; first_name: string; last_name: string; time_slot: string; patient_name: string; no_shows: number })[] =
      await this.dataSource.query(
        withNoShows(
          `SELECT a.appointment_id, a.user_id, a.doctor_id, d.user_id AS doctor_user_id, a.appointment_status,
                  a.appointment_date::text AS appointment_date, a.time_slot, a.starts_at, a.duration,
                  d.first_name, d.last_name, ${PATIENT_NAME} AS patient_name,
                  CASE WHEN t.appointment_id IS NULL THEN NULL
                       ELSE json_build_object('arrived_at', t.arrived_at, 'called_at', t.called_at, 'seen_at', t.seen_at, 'left_at', t.left_at, 'outcome', t.outcome) END AS attendance
             FROM appointments a
             JOIN doctors d ON d.doctor_id = a.doctor_id
             LEFT JOIN user_directory u ON u.user_id = a.user_id
             LEFT JOIN appointment_attendance t ON t.appointment_id = a.appointment_id
            WHERE a.appointment_date BETWEEN $1::date AND $2::date
              AND a.appointment_status IN ('Pending', 'Confirmed')
              AND t.outcome IS NULL
              AND a.starts_at < $3
              AND ($4::int IS NULL OR a.doctor_id = $4)`,
          'ORDER BY listed.starts_at, listed.appointment_id',
        ),
        [addDays(clinicToday(now), -UNRESOLVED_LOOKBACK_DAYS), clinicToday(now), now, doctorId ?? null],
      );
    // The SQL narrows; the rule decides (the same rule the unit tests hold).
    const unresolved = rows
      .map((row) => ({ ...row, attendance: fromJson(row.attendance) }))
      .filter((row) => isUnresolved(row, now))
      .map((row) => ({
        appointment_id: row.appointment_id,
        doctor_id: row.doctor_id,
        doctor_name: `Dr. ${fullName(row.first_name, row.last_name) ?? ''}`.trim(),
        patient_name: row.patient_name,
        appointment_date: row.appointment_date,
        time_slot: row.time_slot,
        appointment_status: row.appointment_status,
        checked_in: Boolean(row.attendance?.arrived_at),
        patient_no_shows: row.no_shows,
      }));
    return { unresolved };
  }

  /** GET /admin/attendance (and, with `csv`, the CSV's text for GET /admin/reports/attendance.csv). */
  async report(actor: Principal, request: unknown, now: Date = new Date()): Promise<AttendanceReportReply & { csv?: string }> {
    if (actor.role !== 'admin') throw forbidden();
    const { from: askedFrom, to: askedTo } = parsePayload(AttendanceReportPayloadSchema, request);
    const csv = Boolean((request as { csv?: unknown } | null)?.csv);
    const to = askedTo ?? clinicToday(now);
    const from = askedFrom ?? addDays(to, -(ATTENDANCE_REPORT_DEFAULT_DAYS - 1));
    if (!isCalendarDate(from) || !isCalendarDate(to) || from > to || addDays(from, ATTENDANCE_REPORT_MAX_DAYS - 1) < to) {
      throw badRequest(AttendanceMessages.range);
    }
    const rows: (Omit<AttendanceDayRow, 'week' | 'doctor_name'> & { first_name: string; last_name: string })[] = await this.dataSource.query(
      `SELECT a.appointment_date::text AS date, a.doctor_id, d.first_name, d.last_name,
              count(*) FILTER (WHERE a.appointment_status <> 'Cancelled')::int AS visits,
              count(*) FILTER (WHERE t.outcome = 'attended')::int AS attended,
              count(*) FILTER (WHERE t.outcome = 'no_show')::int AS no_shows,
              count(*) FILTER (WHERE t.outcome = 'left_without_being_seen')::int AS left_without_being_seen,
              count(*) FILTER (WHERE t.outcome = 'late_cancellation')::int AS late_cancellations,
              count(*) FILTER (WHERE t.walk_in)::int AS walk_ins,
              count(*) FILTER (WHERE t.arrived_at IS NOT NULL AND t.called_at IS NOT NULL)::int AS waits,
              COALESCE(sum(extract(epoch FROM t.called_at - t.arrived_at) / 60) FILTER (WHERE t.arrived_at IS NOT NULL AND t.called_at IS NOT NULL), 0)::float8
                AS wait_minutes_total
         FROM appointments a
         JOIN doctors d ON d.doctor_id = a.doctor_id
         LEFT JOIN appointment_attendance t ON t.appointment_id = a.appointment_id
        WHERE a.appointment_date BETWEEN $1::date AND $2::date
        GROUP BY a.appointment_date, a.doctor_id, d.first_name, d.last_name
        ORDER BY a.appointment_date, a.doctor_id`,
      [from, to],
    );
    const days: AttendanceDayRow[] = rows.map(({ first_name, last_name, ...row }) => ({
      ...row,
      week: weekOf(row.date),
      doctor_name: `Dr. ${fullName(first_name, last_name) ?? ''}`.trim(),
    }));
    const walkIns = new Map<string, number>();
    for (const day of days) if (day.walk_ins > 0) walkIns.set(day.date, (walkIns.get(day.date) ?? 0) + day.walk_ins);
    const reply: AttendanceReportReply = {
      from,
      to,
      weeks: weeklyRows(days),
      walk_ins_per_day: [...walkIns].map(([date, walk_ins]) => ({ date, walk_ins })),
      average_wait_minutes: averageWait(days.reduce((total, d) => total + d.wait_minutes_total, 0), days.reduce((total, d) => total + d.waits, 0)),
      days,
    };
    return csv ? { ...reply, csv: attendanceCsv(days) } : reply;
  }
}
