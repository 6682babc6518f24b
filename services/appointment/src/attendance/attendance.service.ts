import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { conflict, forbidden, notFound, parsePayload, Principal } from '@afya/service-shared';
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
  WalkInPayloadSchema,
  AttendanceIdPayloadSchema,
  type BookReply,
} from '../../contracts';
import { clinicToday } from '../../contracts/booking-rules';
import { BookingService } from '../appointments/booking.service';
import { isUniqueViolation, SLOT_INDEX } from '../appointments/appointment-records';
import { fullName, toAppointmentView } from '../appointments/appointment.sql';
import { DoctorsService } from '../doctors/doctors.service';
import {
  checkInRefusal,
  outcomeRefusal,
  queueState,
  queueStepRefusal,
  waitingMinutes,
} from './attendance.rules';
import { ATTENDANCE_COLUMNS, type AttendanceJson, type AttendanceRow, deskDoctor, fail, fromJson, PATIENT_NAME, toAttendanceView, type VisitRow, withNoShows } from './attendance.sql';

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
    const doctorId = await deskDoctor(this.doctors, actor, payload.doctor_id);
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
    const doctorId = await deskDoctor(this.doctors, actor, payload.doctor_id);
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
