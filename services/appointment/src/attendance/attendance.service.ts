import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { badRequest, conflict, forbidden, notFound, parsePayload, Principal, RpcFailure } from '@afya/service-shared';
import {
  AppointmentMessages,
  type AttendanceOutcome,
  type AttendanceReply,
  AttendanceMessages,
  type AttendanceView,
  CallNextPayloadSchema,
  DEFAULT_APPOINTMENT_TYPE,
  DEFAULT_VISIT_MODE,
  OutcomePayloadSchema,
  type QueueEntry,
  QueuePayloadSchema,
  type QueueReply,
  QueueStepPayloadSchema,
  type QueueStep,
  UNRESOLVED_LOOKBACK_DAYS,
  type UnresolvedReply,
  WalkInPayloadSchema,
  AttendanceIdPayloadSchema,
  type BookReply,
  ATTENDANCE_REPORT_DEFAULT_DAYS,
  ATTENDANCE_REPORT_MAX_DAYS,
  type AttendanceDayRow,
  AttendanceReportPayloadSchema,
  type AttendanceReportReply,
} from '../../contracts';
import { addDays, clinicToday, isCalendarDate } from '../../contracts/booking-rules';
import { BookingService } from '../appointments/booking.service';
import { isUniqueViolation, SLOT_INDEX } from '../appointments/appointment-records';
import { fullName, toAppointmentView } from '../appointments/appointment.sql';
import { DoctorsService } from '../doctors/doctors.service';
import {
  type AttendanceInstants,
  type AttendanceVisit,
  checkInRefusal,
  isUnresolved,
  outcomeRefusal,
  queueState,
  queueStepRefusal,
  type Refusal,
  waitingMinutes,
  weekOf,
  weeklyRows,
  averageWait,
  attendanceCsv,
} from './attendance.rules';

/** The attendance row as read (instants as Dates). */
interface AttendanceRow extends AttendanceInstants {
  appointment_id: number;
  queue_number: number | null;
  checked_in_by: number | null;
  walk_in: boolean;
}

/** A visit with its attendance, as the rules read it. */
interface VisitRow extends AttendanceVisit {
  appointment_id: number;
  doctor_id: number;
}

const ATTENDANCE_COLUMNS = `appointment_id, queue_number, arrived_at, checked_in_by, called_at, seen_at, left_at, outcome, walk_in`;

/** The attendance instants as json_build_object gives them (timestamps as text). */
type AttendanceJson = Record<'arrived_at' | 'called_at' | 'seen_at' | 'left_at' | 'outcome', string | null>;

function fromJson(json: AttendanceJson | null): AttendanceInstants | null {
  if (!json) return null;
  const instant = (value: string | null) => (value ? new Date(value) : null);
  return {
    arrived_at: instant(json.arrived_at),
    called_at: instant(json.called_at),
    seen_at: instant(json.seen_at),
    left_at: instant(json.left_at),
    outcome: (json.outcome as AttendanceOutcome | null) ?? null,
  };
}

const fail = (refusal: Refusal): RpcFailure => new RpcFailure(refusal.status, refusal.message);

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toAttendanceView(row: AttendanceRow): AttendanceView {
  return {
    appointment_id: row.appointment_id,
    queue_number: row.queue_number,
    arrived_at: iso(row.arrived_at),
    checked_in_by: row.checked_in_by,
    state: queueState(row),
    called_at: iso(row.called_at),
    seen_at: iso(row.seen_at),
    left_at: iso(row.left_at),
    outcome: row.outcome,
    walk_in: row.walk_in,
  };
}

/**
 * `rows` (a query with a user_id column) with each patient's recorded no-shows beside it (staff see the count beside
 * the name; never shown to patients), counted once per patient rather than once per row. MATERIALIZED: inlined, the
 * planner misjudged the list as one row and counted again for each (measured with one patient holding 20,000 visits:
 * the queue of 60 took 180 ms and 450 unresolved visits 1.3 s counted per row; 30 ms and 55 ms counted once).
 */
const withNoShows = (rows: string, order: string) => `
  WITH listed AS MATERIALIZED (${rows}),
       no_shows AS MATERIALIZED (SELECT y.user_id, count(*)::int AS n
                      FROM appointments y JOIN appointment_attendance x ON x.appointment_id = y.appointment_id AND x.outcome = 'no_show'
                     WHERE y.user_id IN (SELECT DISTINCT user_id FROM listed)
                     GROUP BY y.user_id)
  SELECT listed.*, COALESCE(no_shows.n, 0) AS no_shows FROM listed LEFT JOIN no_shows ON no_shows.user_id = listed.user_id
  ${order}`;
const PATIENT_NAME = `COALESCE(NULLIF(concat_ws(' ', NULLIF(trim(u.firstname), ''), NULLIF(trim(u.lastname), '')), ''), a.patient_full_name, '')`;

/**
 * Marking a visit Completed records "attended" when no outcome was set, and a checked-in patient still in the queue
 * as seen (in the status change's transaction: appointment-changes.service.ts calls it).
 */
export async function recordCompletedAttendance(manager: EntityManager, appointmentId: number, now: Date = new Date()): Promise<void> {
  await manager.query(
    `INSERT INTO appointment_attendance (appointment_id, doctor_id, outcome, outcome_at)
     SELECT appointment_id, doctor_id, 'attended', $2 FROM appointments WHERE appointment_id = $1
     ON CONFLICT (appointment_id) DO UPDATE
        SET outcome = COALESCE(appointment_attendance.outcome, 'attended'),
            outcome_at = COALESCE(appointment_attendance.outcome_at, $2),
            called_at = CASE WHEN appointment_attendance.arrived_at IS NOT NULL AND appointment_attendance.left_at IS NULL
                             THEN COALESCE(appointment_attendance.called_at, $2) ELSE appointment_attendance.called_at END,
            seen_at = CASE WHEN appointment_attendance.arrived_at IS NOT NULL AND appointment_attendance.left_at IS NULL
                           THEN COALESCE(appointment_attendance.seen_at, $2) ELSE appointment_attendance.seen_at END,
            updated_at = $2`,
    [appointmentId, now],
  );
}

/**
 * Arrival, the day's queue and attendance outcomes (issue 40; the rules in attendance.rules.ts). Every change locks
 * the visit's row first, so two desks acting on one visit apply one after the other; queue numbers come from a
 * per-doctor-and-day counter row incremented in the same transaction (never the same number twice, never reused).
 */
@Injectable()
export class AttendanceService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly doctors: DoctorsService,
    private readonly booking: BookingService,
  ) {}

  /** POST /appointments/{id}/check-in */
  async checkIn(actor: Principal, request: unknown, now: Date = new Date()): Promise<AttendanceReply> {
    const { id } = parsePayload(AttendanceIdPayloadSchema, request);
    const row = await this.dataSource.transaction(async (manager) => {
      const visit = await this.lockedVisit(manager, id);
      const refusal = checkInRefusal(actor, visit, now);
      if (refusal) throw fail(refusal);
      return this.enqueue(manager, visit, actor.userId, now, false);
    });
    return { attendance: toAttendanceView(row), message: `Checked in: number ${row.queue_number}` };
  }

  /** GET /queue: the day's checked-in patients, each doctor's in queue order. */
  async queue(actor: Principal, request: unknown, now: Date = new Date()): Promise<QueueReply> {
    const payload = parsePayload(QueuePayloadSchema, request);
    const doctorId = await this.deskDoctor(actor, payload.doctor_id);
    const date = payload.date ?? clinicToday(now);
    const rows: (AttendanceRow & { doctor_id: number; first_name: string; last_name: string; time_slot: string; patient_name: string; no_shows: number })[] =
      await this.dataSource.query(
        withNoShows(
          `SELECT t.appointment_id, t.queue_number, t.arrived_at, t.called_at, t.seen_at, t.left_at, t.outcome, t.walk_in, t.doctor_id,
                  d.first_name, d.last_name, a.time_slot, a.user_id, ${PATIENT_NAME} AS patient_name
             FROM appointment_attendance t
             JOIN appointments a ON a.appointment_id = t.appointment_id
             JOIN doctors d ON d.doctor_id = t.doctor_id
             LEFT JOIN user_directory u ON u.user_id = a.user_id
            WHERE t.queue_date = $1 AND ($2::int IS NULL OR t.doctor_id = $2)`,
          'ORDER BY listed.doctor_id, listed.queue_number',
        ),
        [date, doctorId ?? null],
      );
    const queue: QueueEntry[] = rows.map((row) => ({
      appointment_id: row.appointment_id,
      queue_number: row.queue_number!,
      patient_name: row.patient_name,
      arrived_at: row.arrived_at!.toISOString(),
      waiting_minutes: waitingMinutes({ ...row, arrived_at: row.arrived_at! }, now),
      state: queueState(row)!,
      doctor_id: row.doctor_id,
      doctor_name: `Dr. ${fullName(row.first_name, row.last_name) ?? ''}`.trim(),
      time_slot: row.time_slot,
      walk_in: row.walk_in,
      patient_no_shows: row.no_shows,
    }));
    return { queue, date };
  }

  /** POST /queue/next: the doctor's lowest waiting number of today is called in. */
  async callNext(actor: Principal, request: unknown, now: Date = new Date()): Promise<AttendanceReply> {
    const payload = parsePayload(CallNextPayloadSchema, request);
    const doctorId = await this.deskDoctor(actor, payload.doctor_id);
    if (doctorId === undefined) throw notFound(AttendanceMessages.doctor);
    const row = await this.dataSource.transaction(async (manager) => {
      // SKIP LOCKED: two "Call next" pressed together call two different patients, never the same one twice.
      const [next]: { appointment_id: number }[] = await manager.query(
        `SELECT appointment_id FROM appointment_attendance
          WHERE doctor_id = $1 AND queue_date = $2 AND called_at IS NULL AND seen_at IS NULL AND left_at IS NULL
          ORDER BY queue_number LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [doctorId, clinicToday(now)],
      );
      if (!next) throw conflict(AttendanceMessages.nobodyWaiting);
      return this.applyStep(manager, next.appointment_id, 'call', now);
    });
    return { attendance: toAttendanceView(row), message: `Number ${row.queue_number} called` };
  }

  /** POST /appointments/{id}/queue */
  async queueStep(actor: Principal, request: unknown, now: Date = new Date()): Promise<AttendanceReply> {
    const { id, step } = parsePayload(QueueStepPayloadSchema, request);
    const row = await this.dataSource.transaction(async (manager) => {
      const visit = await this.lockedVisit(manager, id);
      const refusal = queueStepRefusal(actor, visit, step);
      if (refusal) throw fail(refusal);
      return this.applyStep(manager, id, step, now);
    });
    return { attendance: toAttendanceView(row), message: 'Queue updated' };
  }

  /** POST /appointments/{id}/attendance */
  async setOutcome(actor: Principal, request: unknown, now: Date = new Date()): Promise<AttendanceReply> {
    const { id, outcome } = parsePayload(OutcomePayloadSchema, request);
    const row = await this.dataSource.transaction(async (manager) => {
      const visit = await this.lockedVisit(manager, id);
      const refusal = outcomeRefusal(actor, visit, outcome, now);
      if (refusal) throw fail(refusal);
      return this.writeOutcome(manager, visit, outcome, now);
    });
    return { attendance: toAttendanceView(row), message: 'Attendance recorded' };
  }

  /** GET /attendance/unresolved: a doctor's own, an admin's every doctor's; oldest first. */
  async unresolved(actor: Principal, now: Date = new Date()): Promise<UnresolvedReply> {
    const doctorId = await this.deskDoctor(actor, undefined);
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

  /**
   * POST /walk-ins: the desk books a free slot of today for a patient found by their phone and checks them in at
   * once (queue number, walk_in). The booking is the ordinary one (the doctor's calendar, the slot's unique index, the
   * events), made in the patient's name; it stays Pending until paid at the desk or by M-Pesa. The clinic's weekly
   * hours are not applied: a desk open for walk-ins is the clinic open that day (a closure or the doctor's leave still refuses).
   */
  async walkIn(actor: Principal, request: unknown, requestId?: string, now: Date = new Date()): Promise<BookReply & { attendance: AttendanceView }> {
    if (actor.role !== 'admin') throw forbidden(AttendanceMessages.staffOnly);
    const payload = parsePayload(WalkInPayloadSchema, request);
    const patient = await this.patientByPhone(payload.phone);
    const today = clinicToday(now);
    try {
      const { appointment, attendance } = await this.dataSource.transaction(async (manager) => {
        const booked = await this.booking.insertBooking(
          manager,
          { userId: patient.user_id, role: 'user' },
          { doctor_id: payload.doctor_id, appointment_date: today, time_slot: payload.time_slot, appointment_type: DEFAULT_APPOINTMENT_TYPE, notes: 'Walk-in', visit_mode: DEFAULT_VISIT_MODE },
          requestId,
        );
        const visit = await this.lockedVisit(manager, booked.appointment_id);
        return { appointment: booked, attendance: await this.enqueue(manager, visit, actor.userId, now, true) };
      });
      return {
        appointment: toAppointmentView(appointment),
        appointment_id: appointment.appointment_id,
        attendance: toAttendanceView(attendance),
        message: `Walk-in booked and checked in: number ${attendance.queue_number}`,
      };
    } catch (error) {
      if (isUniqueViolation(error, SLOT_INDEX)) throw conflict(AppointmentMessages.slotTaken, 'SLOT_TAKEN');
      throw error;
    }
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

  // ---------- helpers ----------

  /** The visit and its attendance, its row locked until the transaction ends (404 when there is none). */
  private async lockedVisit(manager: EntityManager, id: number): Promise<VisitRow> {
    const [row]: (Omit<VisitRow, 'attendance'> & { attendance: AttendanceJson | null })[] = await manager.query(
      `SELECT a.appointment_id, a.user_id, a.doctor_id, d.user_id AS doctor_user_id, a.appointment_status,
              a.appointment_date::text AS appointment_date, a.starts_at, a.duration,
              (SELECT json_build_object('arrived_at', t.arrived_at, 'called_at', t.called_at, 'seen_at', t.seen_at, 'left_at', t.left_at, 'outcome', t.outcome)
                 FROM appointment_attendance t WHERE t.appointment_id = a.appointment_id) AS attendance
         FROM appointments a JOIN doctors d ON d.doctor_id = a.doctor_id
        WHERE a.appointment_id = $1
          FOR UPDATE OF a`,
      [id],
    );
    if (!row) throw notFound(AppointmentMessages.appointmentNotFound);
    return { ...row, attendance: fromJson(row.attendance) };
  }

  /** The day's next number for the visit's doctor, and the arrival (the counter row's lock orders racing check-ins). */
  private async enqueue(manager: EntityManager, visit: VisitRow, checkedInBy: number, now: Date, walkIn: boolean): Promise<AttendanceRow> {
    const date = clinicToday(now);
    const [{ last_number }]: { last_number: number }[] = await manager.query(
      `INSERT INTO queue_counters (doctor_id, queue_date, last_number) VALUES ($1, $2, 1)
       ON CONFLICT (doctor_id, queue_date) DO UPDATE SET last_number = queue_counters.last_number + 1
       RETURNING last_number`,
      [visit.doctor_id, date],
    );
    const [row]: AttendanceRow[] = await manager.query(
      `INSERT INTO appointment_attendance (appointment_id, doctor_id, queue_date, queue_number, arrived_at, checked_in_by, walk_in)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (appointment_id) DO UPDATE
          SET queue_date = $3, queue_number = $4, arrived_at = $5, checked_in_by = $6, walk_in = $7, updated_at = $5
       RETURNING ${ATTENDANCE_COLUMNS}`,
      [visit.appointment_id, visit.doctor_id, date, last_number, now, checkedInBy, walkIn],
    );
    return row;
  }

  /** A queue step already allowed by the rules (the visit's row is locked). */
  private async applyStep(manager: EntityManager, id: number, step: QueueStep, now: Date): Promise<AttendanceRow> {
    const set = {
      call: `called_at = $2`,
      seen: `called_at = COALESCE(called_at, $2), seen_at = $2, outcome = COALESCE(outcome, 'attended'), outcome_at = COALESCE(outcome_at, $2)`,
      left: `left_at = $2, outcome = 'left_without_being_seen', outcome_at = $2`,
    }[step];
    const [[row]]: [AttendanceRow[]] = await manager.query(
      `UPDATE appointment_attendance SET ${set}, updated_at = $2 WHERE appointment_id = $1 RETURNING ${ATTENDANCE_COLUMNS}`,
      [id, now],
    );
    return row;
  }

  /** The outcome, written beside the visit (a patient marked as having left also leaves the queue). */
  private async writeOutcome(manager: EntityManager, visit: VisitRow, outcome: AttendanceOutcome, now: Date): Promise<AttendanceRow> {
    const inQueue = queueState(visit.attendance) === 'waiting' || queueState(visit.attendance) === 'called';
    const [row]: AttendanceRow[] = await manager.query(
      `INSERT INTO appointment_attendance (appointment_id, doctor_id, outcome, outcome_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (appointment_id) DO UPDATE
          SET outcome = $3, outcome_at = $4, updated_at = $4,
              left_at = CASE WHEN $5 AND $3 = 'left_without_being_seen' THEN $4 ELSE appointment_attendance.left_at END,
              seen_at = CASE WHEN $5 AND $3 = 'attended' THEN $4 ELSE appointment_attendance.seen_at END
       RETURNING ${ATTENDANCE_COLUMNS}`,
      [visit.appointment_id, visit.doctor_id, outcome, now, inQueue],
    );
    return row;
  }

  /**
   * Whose queue the caller asks for: a doctor's own (another doctor's: 403); an admin's, the one named or every
   * doctor's (undefined).
   */
  private async deskDoctor(actor: Principal, doctorId: number | undefined): Promise<number | undefined> {
    if (actor.role === 'admin') return doctorId;
    if (actor.role !== 'doctor') throw forbidden(AttendanceMessages.staffOnly);
    const own = await this.doctors.findByUser(actor.userId);
    if (!own) throw notFound(AppointmentMessages.doctorNotFound);
    if (doctorId !== undefined && doctorId !== own.doctor_id) throw forbidden(AttendanceMessages.otherDoctor);
    return own.doctor_id;
  }

  /** The patient with this phone (Kenyan numbers match as 07…, 254… or +254…); 404 when none, 409 for a staff account. */
  private async patientByPhone(phone: string): Promise<{ user_id: number }> {
    const digits = phone.replace(/\D/g, '');
    const national = digits.startsWith('254') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits;
    const rows: { user_id: number; role: string }[] = await this.dataSource.query(
      `SELECT user_id, role FROM user_directory
        WHERE NOT deleted AND status = 'active'
          AND regexp_replace(COALESCE(contact_phone, ''), '\\D', '', 'g') IN ($1, '0' || $2, '254' || $2)
        ORDER BY (role = 'user') DESC, user_id
        LIMIT 1`,
      [digits, national],
    );
    const [found] = rows;
    if (!found) throw notFound(AttendanceMessages.unknownPhone);
    if (found.role !== 'user') throw conflict(AttendanceMessages.notPatient);
    return found;
  }
}
