// What the attendance services share: the row shapes as read, their views, the SQL parts, and whose desk a caller is.
import { EntityManager } from 'typeorm';
import { forbidden, notFound, Principal, RpcFailure } from '@afya/service-shared';
import { AppointmentMessages, type AttendanceOutcome, AttendanceMessages, type AttendanceView } from '../../contracts';
import { DoctorsService } from '../doctors/doctors.service';
import { type AttendanceInstants, type AttendanceVisit, queueState, type Refusal } from './attendance.rules';

/** The attendance row as read (instants as Dates). */
export interface AttendanceRow extends AttendanceInstants {
  appointment_id: number;
  queue_number: number | null;
  checked_in_by: number | null;
  walk_in: boolean;
}

/** A visit with its attendance, as the rules read it. */
export interface VisitRow extends AttendanceVisit {
  appointment_id: number;
  doctor_id: number;
}

export const ATTENDANCE_COLUMNS = `appointment_id, queue_number, arrived_at, checked_in_by, called_at, seen_at, left_at, outcome, walk_in`;

/** The attendance instants as json_build_object gives them (timestamps as text). */
export type AttendanceJson = Record<'arrived_at' | 'called_at' | 'seen_at' | 'left_at' | 'outcome', string | null>;

export function fromJson(json: AttendanceJson | null): AttendanceInstants | null {
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

export const fail = (refusal: Refusal): RpcFailure => new RpcFailure(refusal.status, refusal.message);

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
export const withNoShows = (rows: string, order: string) => `
  WITH listed AS MATERIALIZED (${rows}),
       no_shows AS MATERIALIZED (SELECT y.user_id, count(*)::int AS n
                      FROM appointments y JOIN appointment_attendance x ON x.appointment_id = y.appointment_id AND x.outcome = 'no_show'
                     WHERE y.user_id IN (SELECT DISTINCT user_id FROM listed)
                     GROUP BY y.user_id)
  SELECT listed.*, COALESCE(no_shows.n, 0) AS no_shows FROM listed LEFT JOIN no_shows ON no_shows.user_id = listed.user_id
  ${order}`;
export const PATIENT_NAME = `COALESCE(NULLIF(concat_ws(' ', NULLIF(trim(u.firstname), ''), NULLIF(trim(u.lastname), '')), ''), a.patient_full_name, '')`;

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
 * Whose queue the caller asks for: a doctor's own (another doctor's: 403); an admin's, the one named or every
 * doctor's (undefined).
 */
export async function deskDoctor(doctors: DoctorsService, actor: Principal, doctorId: number | undefined): Promise<number | undefined> {
  if (actor.role === 'admin') return doctorId;
  if (actor.role !== 'doctor') throw forbidden(AttendanceMessages.staffOnly);
  const own = await doctors.findByUser(actor.userId);
  if (!own) throw notFound(AppointmentMessages.doctorNotFound);
  if (doctorId !== undefined && doctorId !== own.doctor_id) throw forbidden(AttendanceMessages.otherDoctor);
  return own.doctor_id;
}

