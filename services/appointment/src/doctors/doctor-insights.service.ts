import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { forbidden, Principal } from '@afya/service-shared';
import { NotificationsReply, PerformanceReply } from '../../contracts';
import { fullName } from '../appointments/appointment.sql';
import { addDays, clinicToday } from '../../contracts/booking-rules';

/** Minutes after a slot's booked duration within which marking it Completed still counts as on time. */
export const ON_TIME_GRACE_MINUTES = 10;
/** The doctor dashboard's weekly panel covers the last 7 clinic days, today included. */
export const PERFORMANCE_DAYS = 7;
/** At most this many upcoming emergencies are listed in the doctor's notifications. */
export const EMERGENCY_NOTIFICATIONS_LIMIT = 20;

/**
 * The doctor dashboard's notifications and weekly performance, computed from this service's data.
 * Definitions (docs/decisions/0014-doctor-performance-definitions.md):
 * - patientsSeen: distinct patients with a Completed appointment dated in the last 7 days;
 * - avgConsultation: mean recorded duration (minutes) of those appointments (the doctor records the real
 *   length through PATCH /appointments/{id} {duration}; 25 until then);
 * - onTimeRate: percent of those appointments marked Completed no later than slot start + duration + 10 min;
 * - avgRating: mean of all the doctor's ratings (1-5), one decimal.
 */
@Injectable()
export class DoctorInsightsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private async doctorIdOf(actor: Principal): Promise<number | null> {
    if (actor.role !== 'doctor') throw forbidden();
    const rows: { doctor_id: number }[] = await this.dataSource.query(`SELECT doctor_id FROM doctors WHERE user_id = $1`, [actor.userId]);
    return rows[0]?.doctor_id ?? null;
  }

  /**
   * GET /doctor/notifications: the doctor's upcoming emergency appointments (not cancelled, not yet over,
   * soonest first) and lab results, as real records. Bookings open from tomorrow, so "today's only" would
   * never show a booked emergency.
   */
  async notifications(actor: Principal, now: Date = new Date()): Promise<NotificationsReply> {
    const doctorId = await this.doctorIdOf(actor);
    if (doctorId === null) return { emergencies: [], labResults: [] };
    const [emergencies, labResults] = await Promise.all([
      this.dataSource.query(
        `SELECT a.appointment_id, a.appointment_date::text AS appointment_date, a.time_slot, a.appointment_status, a.user_id,
                u.firstname, u.lastname, a.patient_full_name
           FROM appointments a LEFT JOIN user_directory u ON u.user_id = a.user_id
          WHERE a.doctor_id = $1 AND a.appointment_date >= $2 AND a.appointment_type = 'Emergency'
            AND a.appointment_status NOT IN ('Cancelled', 'Completed')
            AND a.starts_at + make_interval(mins => a.duration) > $3
          ORDER BY a.starts_at, a.appointment_id
          LIMIT $4`,
        [doctorId, clinicToday(now), now, EMERGENCY_NOTIFICATIONS_LIMIT],
      ) as Promise<
        {
          appointment_id: number;
          appointment_date: string;
          time_slot: string;
          appointment_status: NotificationsReply['emergencies'][number]['appointment_status'];
          user_id: number;
          firstname: string | null;
          lastname: string | null;
          patient_full_name: string | null;
        }[]
      >,
      this.dataSource.query(
        `SELECT l.lab_result_id, l.user_id, l.appointment_id, l.test_name, l.message, l.created_at, u.firstname, u.lastname
           FROM lab_results l LEFT JOIN user_directory u ON u.user_id = l.user_id
          WHERE l.doctor_id = $1 ORDER BY l.created_at DESC LIMIT 20`,
        [doctorId],
      ) as Promise<
        {
          lab_result_id: number;
          user_id: number | null;
          appointment_id: number | null;
          test_name: string;
          message: string;
          created_at: Date;
          firstname: string | null;
          lastname: string | null;
        }[]
      >,
    ]);
    return {
      emergencies: emergencies.map((e) => {
        const name = fullName(e.firstname, e.lastname) ?? e.patient_full_name ?? 'A patient';
        return {
          appointment_id: e.appointment_id,
          appointment_date: e.appointment_date,
          time_slot: e.time_slot,
          appointment_status: e.appointment_status,
          user_id: e.user_id,
          user: { firstname: e.firstname, lastname: e.lastname },
          patient_full_name: fullName(e.firstname, e.lastname) ?? e.patient_full_name,
          message: `Emergency appointment: ${name} at ${e.time_slot}`,
        };
      }),
      labResults: labResults.map((l) => ({
        lab_result_id: l.lab_result_id,
        user_id: l.user_id,
        appointment_id: l.appointment_id,
        test_name: l.test_name,
        message: l.message,
        created_at: l.created_at.toISOString(),
        user: { firstname: l.firstname, lastname: l.lastname },
      })),
    };
  }

  /** GET /doctor/performance. */
  async performance(actor: Principal, now: Date = new Date()): Promise<PerformanceReply> {
    const doctorId = await this.doctorIdOf(actor);
    const to = clinicToday(now);
    const from = addDays(to, -(PERFORMANCE_DAYS - 1));
    const empty: PerformanceReply = {
      patientsSeen: 0,
      avgRating: 0,
      ratingsCount: 0,
      onTimeRate: 0,
      avgConsultation: 0,
      completedCount: 0,
      totalPatients: 0,
      period: { from, to },
    };
    if (doctorId === null) return empty;
    const [week]: {
      completed: string;
      patients: string;
      avg_duration: string | null;
      on_time: string;
      timed: string;
    }[] = await this.dataSource.query(
      `SELECT count(*) AS completed,
              count(DISTINCT user_id) AS patients,
              avg(duration) AS avg_duration,
              count(*) FILTER (WHERE completed_at <= starts_at + make_interval(mins => duration + $4)) AS on_time,
              count(completed_at) AS timed
         FROM appointments
        WHERE doctor_id = $1 AND appointment_status = 'Completed' AND appointment_date BETWEEN $2 AND $3`,
      [doctorId, from, to, ON_TIME_GRACE_MINUTES],
    );
    const [ratings]: { avg: string | null; count: string }[] = await this.dataSource.query(
      `SELECT avg(rating) AS avg, count(*) AS count FROM appointment_ratings WHERE doctor_id = $1`,
      [doctorId],
    );
    const [total]: { patients: string }[] = await this.dataSource.query(
      // Total patients: different people with a booking that was not cancelled (rules/patients.ts).
      `SELECT count(DISTINCT user_id) AS patients FROM appointments WHERE doctor_id = $1 AND appointment_status <> 'Cancelled'`,
      [doctorId],
    );
    const timed = Number(week.timed);
    return {
      ...empty,
      patientsSeen: Number(week.patients),
      completedCount: Number(week.completed),
      avgConsultation: week.avg_duration === null ? 0 : Math.round(Number(week.avg_duration)),
      onTimeRate: timed ? Math.round((100 * Number(week.on_time)) / timed) : 0,
      avgRating: ratings.avg === null ? 0 : Math.round(Number(ratings.avg) * 10) / 10,
      ratingsCount: Number(ratings.count),
      totalPatients: Number(total.patients),
    };
  }
}
