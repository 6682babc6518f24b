import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { badRequest, conflict, forbidden, notFound, parsePayload, Principal, recordEvents, RpcFailure } from '@afya/service-shared';
import {
  AppointmentEvents,
  AppointmentMessages,
  calendarProblem,
  type ClinicClosure,
  ClosureByIdPayloadSchema,
  ClosurePayloadSchema,
  type DayPlan,
  dayPlan,
  type DoctorCalendar,
  type DoctorHours,
  DoctorHoursMessages,
  DoctorOnlyPayloadSchema,
  hoursOn,
  hoursProblem,
  HoursPayloadSchema,
  isCalendarDate,
  LeaveByIdPayloadSchema,
  LeavePayloadSchema,
  leaveProblem,
  type NewTimeCause,
  type NewTimeNeededEventData,
  visitsOutsideHours,
  withHoursFrom,
} from '../../contracts';
import type { z } from '@afya/service-shared/schema';
import type { AddClosureReplySchema, AddLeaveReplySchema, AffectedAppointmentSchema, ClosureSchema, DoctorHoursSummarySchema, HoursReplySchema, LeaveSchema, NeedsNewTimeSchema, RemoveClosureReplySchema, RemoveLeaveReplySchema, SetHoursReplySchema } from '../../contracts';
import { DoctorRow, DoctorsService } from '../doctors/doctors.service';
import { fullName } from '../appointments/appointment.sql';
import { clinicToday } from '../../contracts/booking-rules';

type AffectedAppointment = z.output<typeof AffectedAppointmentSchema>;
/** An affected visit as read here: the reply's fields and its doctor (for the event). */
export type BookedVisit = AffectedAppointment & { doctor_id: number };
/** What the replies list: without the doctor (a leave's is in the path; a closure's list names each visit). */
export const listed = (visits: BookedVisit[]): AffectedAppointment[] => visits.map(({ doctor_id: _doctor, ...visit }) => visit);
type Leave = z.output<typeof LeaveSchema>;
type Closure = z.output<typeof ClosureSchema>;

/** Advisory lock keys: a doctor's calendar (their hours and leave), and the clinic's closures (doctor 0). */
const CALENDAR_LOCK = `hashtext('doctor-calendar')`;
const CLINIC = 0;

interface HoursRow {
  valid_from: string;
  slot_minutes: number;
  sessions: { weekday: number; start: string; end: string }[];
}

/** A doctor's hours as the calls answer them: the version in effect today (custom false: none) and any later one. */
function hoursSummary(doctorId: number, versions: HoursRow[], today: string): z.output<typeof HoursReplySchema> {
  const current = hoursOn(versions, today);
  const next = versions.find((row) => row.valid_from > today) ?? null;
  const shape = (row: HoursRow) => ({ sessions: sortSessions(row.sessions), slot_minutes: row.slot_minutes, valid_from: row.valid_from });
  return {
    doctor_id: doctorId,
    custom: current !== null,
    ...(current ? shape(current) : { sessions: [], slot_minutes: 30, valid_from: null }),
    next: next ? shape(next) : null,
  };
}

const sortSessions = (sessions: HoursRow['sessions']) =>
  [...sessions].sort((a, b) => a.weekday - b.weekday || (a.start < b.start ? -1 : a.start > b.start ? 1 : 0)).map(({ weekday, start, end }) => ({ weekday, start, end }));

/**
 * A doctor's own hours and leave, and the clinic's closures (issue 37; the rules: contracts/doctor-hours.ts). Booking,
 * reschedule and availability read a doctor's day from here (plan), under a shared advisory lock that a change of the
 * calendar takes exclusively: a booking and a leave over it cannot both commit unseen by each other.
 */
@Injectable()
export class DoctorCalendarService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly doctors: DoctorsService,
  ) {}

  // ---------- what booking reads ----------

  /**
   * The doctor's plan for one date (closure, leave, their hours, or `clinic`: none set, the old rules apply). With
   * `lock`, inside the caller's transaction, the doctor's and the clinic's calendars are held (shared) until it ends.
   */
  async plan(manager: EntityManager, doctorId: number, date: string, lock = false): Promise<DayPlan> {
    if (lock) {
      await manager.query(`SELECT pg_advisory_xact_lock_shared(${CALENDAR_LOCK}, $1), pg_advisory_xact_lock_shared(${CALENDAR_LOCK}, $2)`, [doctorId, CLINIC]);
    }
    return dayPlan(date, await this.calendar(manager, doctorId, date, date));
  }

  /**
   * Why this booking (or move) cannot go to that slot by the doctor's calendar: a 409 for a closure, a leave or a
   * time outside their hours, thrown; `clinic` when the doctor has no hours (the caller then checks available_days).
   */
  async assertBookable(manager: EntityManager, doctor: DoctorRow, date: string, slot: string): Promise<DayPlan> {
    const plan = await this.plan(manager, doctor.doctor_id, date, true);
    const problem = calendarProblem(plan, date, slot, `Dr. ${fullName(doctor.first_name, doctor.last_name) ?? ''}`.trim());
    if (problem) throw conflict(problem, 'DOCTOR_UNAVAILABLE');
    return plan;
  }

  /** The doctor's hours (every version), their leave, their dates' own hours and the clinic's closures touching [from, to]. */
  async calendar(manager: EntityManager, doctorId: number, from: string, to: string): Promise<DoctorCalendar> {
    const [rows] = (await manager.query(
      `SELECT
         (SELECT coalesce(json_agg(json_build_object('valid_from', valid_from::text, 'slot_minutes', slot_minutes, 'sessions', sessions)), '[]')
            FROM doctor_hours WHERE doctor_id = $1) AS hours,
         (SELECT coalesce(json_agg(json_build_object('from', date_from::text, 'to', date_to::text)), '[]')
            FROM doctor_leave WHERE doctor_id = $1 AND date_from <= $3::date AND date_to >= $2::date) AS leave,
         (SELECT coalesce(json_agg(json_build_object('date', closure_date::text, 'name', name)), '[]')
            FROM clinic_closures WHERE closure_date BETWEEN $2::date AND $3::date) AS closures,
         (SELECT coalesce(json_agg(json_build_object('date', override_date::text, 'sessions', sessions)), '[]')
            FROM doctor_date_overrides WHERE doctor_id = $1 AND override_date BETWEEN $2::date AND $3::date) AS overrides`,
      [doctorId, from, to],
    )) as (DoctorCalendar & { hours: DoctorHours[]; closures: ClinicClosure[] })[];
    return rows;
  }

  // ---------- hours ----------

  /** GET /doctors/{id}/hours */
  async hours(actor: Principal, request: unknown): Promise<z.output<typeof HoursReplySchema>> {
    const { doctor_id } = parsePayload(DoctorOnlyPayloadSchema, request);
    await this.ownDoctor(actor, doctor_id);
    return this.hoursReply(this.dataSource.manager, doctor_id);
  }

  /**
   * PUT /doctors/{id}/hours: the version from valid_from (default today) replaces it and any later one. Booked visits
   * from valid_from on whose slot the new hours no longer hold, without confirm: 409 listing them, nothing saved (as a
   * leave). With confirm: saved, and each of them needs a new time (cause `hours`).
   */
  async setHours(actor: Principal, request: unknown): Promise<z.output<typeof SetHoursReplySchema>> {
    const payload = parsePayload(HoursPayloadSchema, request);
    const today = clinicToday();
    const hours: DoctorHours = { sessions: payload.sessions, slot_minutes: payload.slot_minutes, valid_from: payload.valid_from ?? today };
    const problem = hoursProblem(hours, today);
    if (problem) throw badRequest(problem);
    await this.ownDoctor(actor, payload.doctor_id);
    const reply = await this.dataSource.transaction(async (manager) => {
      await this.lockExclusive(manager, payload.doctor_id);
      const affected = await this.visitsOutside(manager, payload.doctor_id, hours);
      if (affected.length && payload.confirm !== true) {
        throw new RpcFailure(409, DoctorHoursMessages.hoursHaveAppointments(affected.length), 'HOURS_HAVE_APPOINTMENTS', { appointments: listed(affected) });
      }
      await manager.query(`DELETE FROM doctor_hours WHERE doctor_id = $1 AND valid_from >= $2`, [payload.doctor_id, hours.valid_from]);
      await manager.query(`INSERT INTO doctor_hours (doctor_id, valid_from, slot_minutes, sessions) VALUES ($1, $2, $3, $4::jsonb)`, [
        payload.doctor_id,
        hours.valid_from,
        hours.slot_minutes,
        JSON.stringify(sortSessions(hours.sessions)),
      ]);
      await this.needNewTime(manager, affected, 'hours', null);
      return { ...(await this.hoursReply(manager, payload.doctor_id)), needs_new_time: listed(affected) };
    });
    return { ...reply, message: DoctorHoursMessages.hoursSaved };
  }

  /** The doctor's booked visits from the new hours' valid_from on that those hours (with their leave and the closures) leave without a slot. */
  private async visitsOutside(manager: EntityManager, doctorId: number, hours: DoctorHours): Promise<BookedVisit[]> {
    const visits = await this.bookedVisits(manager, 'a.doctor_id = $1 AND a.appointment_date >= $2::date', [doctorId, hours.valid_from]);
    if (!visits.length) return [];
    const last = visits.reduce((latest, visit) => (visit.appointment_date > latest ? visit.appointment_date : latest), hours.valid_from);
    const calendar = await this.calendar(manager, doctorId, hours.valid_from, last);
    return visitsOutsideHours(visits, { ...calendar, hours: withHoursFrom(calendar.hours, hours) });
  }

  private async hoursReply(manager: EntityManager, doctorId: number): Promise<z.output<typeof HoursReplySchema>> {
    const rows: HoursRow[] = await manager.query(
      `SELECT valid_from::text AS valid_from, slot_minutes, sessions FROM doctor_hours WHERE doctor_id = $1 ORDER BY valid_from`,
      [doctorId],
    );
    return hoursSummary(doctorId, rows, clinicToday());
  }

  /** GET /admin/doctor-hours: every active doctor's hours (in effect today, and any later version), by name; one query. */
  async allHours(actor: Principal): Promise<z.output<typeof DoctorHoursSummarySchema>[]> {
    if (actor.role !== 'admin') throw forbidden();
    const doctors: (Pick<DoctorRow, 'doctor_id' | 'specialization' | 'approval_status'> & { doctor_name: string | null; available_days: string[] | null; versions: HoursRow[] })[] =
      await this.dataSource.query(
        `SELECT d.doctor_id, NULLIF(trim(d.first_name || ' ' || d.last_name), '') AS doctor_name, d.specialization, d.approval_status, d.available_days,
                coalesce((SELECT json_agg(json_build_object('valid_from', h.valid_from::text, 'slot_minutes', h.slot_minutes, 'sessions', h.sessions) ORDER BY h.valid_from)
                            FROM doctor_hours h WHERE h.doctor_id = d.doctor_id), '[]') AS versions
           FROM doctors d
          WHERE d.active
          ORDER BY d.last_name, d.first_name, d.doctor_id`,
      );
    const today = clinicToday();
    return doctors.map(({ versions, available_days, ...doctor }) => ({ ...doctor, available_days: available_days ?? [], ...hoursSummary(doctor.doctor_id, versions, today) }));
  }

  // ---------- leave ----------

  /** GET /doctors/{id}/leave: leave that has not ended, soonest first. */
  async leave(actor: Principal, request: unknown): Promise<Leave[]> {
    const { doctor_id } = parsePayload(DoctorOnlyPayloadSchema, request);
    await this.ownDoctor(actor, doctor_id);
    return this.dataSource.query(`${LEAVE_SELECT} WHERE doctor_id = $1 AND date_to >= $2 ORDER BY date_from, leave_id`, [doctor_id, clinicToday()]);
  }

  /**
   * POST /doctors/{id}/leave. Booked visits in the range and no confirm: 409 listing them, nothing saved. With
   * confirm: the leave, and each of them needs a new time (a record beside the visit; its status stays).
   */
  async addLeave(actor: Principal, request: unknown): Promise<z.output<typeof AddLeaveReplySchema>> {
    const payload = parsePayload(LeavePayloadSchema, request);
    const problem = leaveProblem(payload, clinicToday());
    if (problem) throw badRequest(problem);
    await this.ownDoctor(actor, payload.doctor_id);
    return this.dataSource.transaction(async (manager) => {
      await this.lockExclusive(manager, payload.doctor_id);
      const affected = await this.bookedVisits(manager, 'a.doctor_id = $3 AND a.appointment_date BETWEEN $1::date AND $2::date', [payload.from, payload.to, payload.doctor_id]);
      if (affected.length && payload.confirm !== true) {
        throw new RpcFailure(409, `${affected.length} booked visits fall in this leave. Confirm to save it: each of them will need a new time.`, 'LEAVE_HAS_APPOINTMENTS', {
          appointments: listed(affected),
        });
      }
      const [leave]: Leave[] = await manager.query(
        `WITH inserted AS (INSERT INTO doctor_leave (doctor_id, date_from, date_to, reason) VALUES ($1, $2, $3, $4) RETURNING *)
         ${LEAVE_SELECT.replace('FROM doctor_leave', 'FROM inserted')}`,
        [payload.doctor_id, payload.from, payload.to, payload.reason || null],
      );
      await this.needNewTime(manager, affected, 'leave', leave.leave_id);
      return { leave, needs_new_time: listed(affected), message: DoctorHoursMessages.leaveSaved };
    });
  }

  /** DELETE /doctors/{id}/leave/{leave_id}. Visits it made need a new time keep their record. */
  async removeLeave(actor: Principal, request: unknown): Promise<z.output<typeof RemoveLeaveReplySchema>> {
    const { doctor_id, leave_id } = parsePayload(LeaveByIdPayloadSchema, request);
    await this.ownDoctor(actor, doctor_id);
    return this.dataSource.transaction(async (manager) => {
      await this.lockExclusive(manager, doctor_id);
      const removed: unknown[] = await manager.query(`DELETE FROM doctor_leave WHERE leave_id = $1 AND doctor_id = $2 RETURNING leave_id`, [leave_id, doctor_id]);
      if (!rowsOf(removed).length) throw notFound(DoctorHoursMessages.leaveNotFound);
      return { leave_id, message: DoctorHoursMessages.leaveRemoved };
    });
  }

  // ---------- closures ----------

  /** GET /admin/closures: from today on, in date order. */
  async closures(actor: Principal): Promise<Closure[]> {
    if (actor.role !== 'admin') throw forbidden();
    return this.dataSource.query(`${CLOSURE_SELECT} WHERE closure_date >= $1 ORDER BY closure_date`, [clinicToday()]);
  }

  /** POST /admin/closures: as a leave, for every doctor at once. */
  async addClosure(actor: Principal, request: unknown): Promise<z.output<typeof AddClosureReplySchema>> {
    if (actor.role !== 'admin') throw forbidden();
    const { date, name, confirm } = parsePayload(ClosurePayloadSchema, request);
    if (!isCalendarDate(date)) throw badRequest(DoctorHoursMessages.closureDate);
    if (date < clinicToday()) throw badRequest(DoctorHoursMessages.closurePast);
    return this.dataSource.transaction(async (manager) => {
      await this.lockExclusive(manager, CLINIC);
      const existing: unknown[] = await manager.query(`SELECT 1 FROM clinic_closures WHERE closure_date = $1`, [date]);
      if (existing.length) throw conflict(DoctorHoursMessages.closureExists, 'CLOSURE_EXISTS');
      const affected = await this.bookedVisits(manager, 'a.appointment_date = $1::date', [date]);
      if (affected.length && confirm !== true) {
        throw new RpcFailure(409, `${affected.length} booked visits fall on this date. Confirm to close the clinic: each of them will need a new time.`, 'CLOSURE_HAS_APPOINTMENTS', {
          appointments: listed(affected),
        });
      }
      const [closure]: Closure[] = await manager.query(
        `WITH inserted AS (INSERT INTO clinic_closures (closure_date, name) VALUES ($1, $2) RETURNING *)
         ${CLOSURE_SELECT.replace('FROM clinic_closures', 'FROM inserted')}`,
        [date, name],
      );
      await this.needNewTime(manager, affected, 'closure', closure.closure_id);
      return { closure, needs_new_time: listed(affected), message: DoctorHoursMessages.closureSaved };
    });
  }

  /** DELETE /admin/closures/{id} */
  async removeClosure(actor: Principal, request: unknown): Promise<z.output<typeof RemoveClosureReplySchema>> {
    if (actor.role !== 'admin') throw forbidden();
    const { closure_id } = parsePayload(ClosureByIdPayloadSchema, request);
    return this.dataSource.transaction(async (manager) => {
      await this.lockExclusive(manager, CLINIC);
      const removed: unknown[] = await manager.query(`DELETE FROM clinic_closures WHERE closure_id = $1 RETURNING closure_id`, [closure_id]);
      if (!rowsOf(removed).length) throw notFound(DoctorHoursMessages.closureNotFound);
      return { closure_id, message: DoctorHoursMessages.closureRemoved };
    });
  }

  /** GET /admin/needs-new-time: open records whose visit is still Pending or Confirmed, soonest first. */
  async needsNewTime(actor: Principal): Promise<z.output<typeof NeedsNewTimeSchema>[]> {
    if (actor.role !== 'admin') throw forbidden();
    return this.dataSource.query(
      `SELECT a.appointment_id, a.user_id, a.appointment_date::text AS appointment_date, a.time_slot, a.appointment_status,
              coalesce(NULLIF(trim(u.firstname || ' ' || u.lastname), ''), a.patient_full_name) AS patient_full_name,
              a.doctor_id, NULLIF(trim(d.first_name || ' ' || d.last_name), '') AS doctor_name, d.specialization, n.cause,
              to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS since
         FROM appointment_new_time_needed n
         JOIN appointments a ON a.appointment_id = n.appointment_id
         JOIN doctors d ON d.doctor_id = a.doctor_id
         LEFT JOIN user_directory u ON u.user_id = a.user_id
        WHERE n.resolved_at IS NULL AND a.appointment_status IN ('Pending', 'Confirmed')
        ORDER BY a.starts_at, a.appointment_id`,
    );
  }

  // ---------- shared ----------

  /** The doctor's profile, when the caller may read and change their calendar: the doctor themself (else 403) or an admin. */
  async ownDoctor(actor: Principal, doctorId: number): Promise<DoctorRow> {
    if (actor.role !== 'doctor' && actor.role !== 'admin') throw forbidden();
    const doctor = await this.doctors.findById(doctorId);
    if (!doctor || !doctor.active) throw notFound(AppointmentMessages.doctorNotFound);
    if (actor.role === 'doctor' && doctor.user_id !== actor.userId) throw forbidden(DoctorHoursMessages.notYourHours);
    return doctor;
  }

  async lockExclusive(manager: EntityManager, key: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(${CALENDAR_LOCK}, $1)`, [key]);
  }

  /** Pending and Confirmed visits still ahead that match `where`, and that do not already need a new time. */
  bookedVisits(manager: EntityManager, where: string, params: unknown[]): Promise<BookedVisit[]> {
    return manager.query(
      `SELECT a.appointment_id, a.user_id, a.doctor_id, a.appointment_date::text AS appointment_date, a.time_slot, a.appointment_status,
              coalesce(NULLIF(trim(u.firstname || ' ' || u.lastname), ''), a.patient_full_name) AS patient_full_name
         FROM appointments a
         LEFT JOIN user_directory u ON u.user_id = a.user_id
        WHERE ${where} AND a.appointment_status IN ('Pending', 'Confirmed') AND a.starts_at > now()
          AND NOT EXISTS (SELECT 1 FROM appointment_new_time_needed n WHERE n.appointment_id = a.appointment_id AND n.resolved_at IS NULL)
        ORDER BY a.starts_at, a.appointment_id`,
      params,
    );
  }

  /** `id`: the leave's or the closure's (null for new hours). */
  async needNewTime(manager: EntityManager, visits: BookedVisit[], cause: NewTimeCause, id: number | null): Promise<void> {
    if (!visits.length) return;
    await manager.query(
      `INSERT INTO appointment_new_time_needed (appointment_id, cause, leave_id, closure_id)
       SELECT unnest($1::int[]), $2, $3, $4
       ON CONFLICT (appointment_id) DO UPDATE
         SET cause = excluded.cause, leave_id = excluded.leave_id, closure_id = excluded.closure_id, created_at = now(), resolved_at = NULL`,
      [visits.map((v) => v.appointment_id), cause, cause === 'leave' ? id : null, cause === 'closure' ? id : null],
    );
    // each patient is asked for a new time (the support service's SMS and email), once: in this transaction, through
    // the outbox, and a visit already waiting for a new time is not listed again (bookedVisits)
    await recordEvents(
      manager,
      visits.map(({ appointment_id, user_id, doctor_id, appointment_date, time_slot }) => ({
        type: AppointmentEvents.newTimeNeeded,
        data: { appointment_id, user_id, doctor_id, appointment_date, time_slot, cause } satisfies NewTimeNeededEventData,
      })),
    );
  }

  /** A visit that moved or was cancelled no longer needs a new time. */
  async resolveNewTime(manager: EntityManager, appointmentId: number): Promise<void> {
    await manager.query(`UPDATE appointment_new_time_needed SET resolved_at = now() WHERE appointment_id = $1 AND resolved_at IS NULL`, [appointmentId]);
  }
}

const LEAVE_SELECT = `SELECT leave_id, doctor_id, date_from::text AS "from", date_to::text AS "to", reason,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM doctor_leave`;
const CLOSURE_SELECT = `SELECT closure_id, closure_date::text AS date, name,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM clinic_closures`;

/** TypeORM answers DELETE ... RETURNING with [rows, affected]. */
const rowsOf = (result: unknown[]): unknown[] => (Array.isArray(result[0]) ? (result[0] as unknown[]) : result);
