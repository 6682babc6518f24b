/**
 * Arrival, the queue and attendance outcomes (issue 40): the rules as pure functions of the visit, the caller and the
 * clock (`now` is always passed in; the service passes the request's instant). Each answers the refusal to send,
 * `{ status, message }`, or null when the step is allowed; the service turns a refusal into the error.
 */
import type { Principal } from '@afya/service-shared';
import {
  AppointmentMessages,
  type AttendanceDayRow,
  type AttendanceOutcome,
  type AttendanceWeekRow,
  AttendanceMessages,
  type QueueState,
  type QueueStep,
  SELF_CHECK_IN_MINUTES_BEFORE,
  UNRESOLVED_AFTER_END_MINUTES,
} from '../../contracts';
import { clinicToday } from '../../contracts/booking-rules';

const MINUTE = 60_000;

/** What the rules need of a visit's attendance record (null: the visit has none yet). */
export interface AttendanceInstants {
  arrived_at: Date | null;
  called_at: Date | null;
  seen_at: Date | null;
  left_at: Date | null;
  outcome: AttendanceOutcome | null;
}

/** What the rules need of a visit. */
export interface AttendanceVisit {
  user_id: number;
  /** user_id of the visit's doctor */
  doctor_user_id: number;
  appointment_status: string;
  /** Clinic date, YYYY-MM-DD */
  appointment_date: string;
  starts_at: Date;
  /** Minutes */
  duration: number;
  attendance: AttendanceInstants | null;
}

export interface Refusal {
  status: 403 | 404 | 409;
  message: string;
}

/** Where a checked-in patient is: read from the instants, so a state and its time never disagree (null: not checked in). */
export function queueState(attendance: AttendanceInstants | null): QueueState | null {
  if (!attendance?.arrived_at) return null;
  if (attendance.left_at) return 'left';
  if (attendance.seen_at) return 'seen';
  if (attendance.called_at) return 'called';
  return 'waiting';
}

/** The desk for this visit: an admin, or the visit's own doctor. */
export function isDeskFor(actor: Principal, visit: Pick<AttendanceVisit, 'doctor_user_id'>): boolean {
  return actor.role === 'admin' || (actor.role === 'doctor' && visit.doctor_user_id === actor.userId);
}

/** Another person's visit does not exist for the caller (404), as for every appointment. */
function unseen(actor: Principal, visit: Pick<AttendanceVisit, 'user_id' | 'doctor_user_id'>): boolean {
  return !isDeskFor(actor, visit) && !(actor.role === 'user' && visit.user_id === actor.userId);
}

/**
 * POST /appointments/{id}/check-in: a Confirmed visit of today (clinic date), once. The desk may check a patient in
 * at any time of the day; the patient themself from SELF_CHECK_IN_MINUTES_BEFORE before the start.
 */
export function checkInRefusal(actor: Principal, visit: AttendanceVisit, now: Date): Refusal | null {
  if (unseen(actor, visit)) return { status: 404, message: AppointmentMessages.appointmentNotFound };
  if (visit.attendance?.arrived_at) return { status: 409, message: AttendanceMessages.alreadyCheckedIn };
  if (visit.appointment_status !== 'Confirmed') return { status: 409, message: AttendanceMessages.notConfirmed };
  if (visit.appointment_date !== clinicToday(now)) return { status: 409, message: AttendanceMessages.notToday };
  if (!isDeskFor(actor, visit) && now.getTime() < visit.starts_at.getTime() - SELF_CHECK_IN_MINUTES_BEFORE * MINUTE) {
    return { status: 409, message: AttendanceMessages.tooEarly };
  }
  return null;
}

/** Only the desk moves a patient along the queue or records an outcome; a patient of the visit is told so (403). */
function deskRefusal(actor: Principal, visit: AttendanceVisit): Refusal | null {
  if (unseen(actor, visit)) return { status: 404, message: AppointmentMessages.appointmentNotFound };
  if (!isDeskFor(actor, visit)) return { status: 403, message: AttendanceMessages.staffOnly };
  return null;
}

/**
 * POST /appointments/{id}/queue: call (waiting → called), seen (waiting or called → seen), left (waiting or called →
 * left without being seen). Seen and left are final: the patient has left the queue.
 */
export function queueStepRefusal(actor: Principal, visit: AttendanceVisit, step: QueueStep): Refusal | null {
  const desk = deskRefusal(actor, visit);
  if (desk) return desk;
  const state = queueState(visit.attendance);
  if (state === null) return { status: 409, message: AttendanceMessages.notCheckedIn };
  if (state === 'seen' || state === 'left') return { status: 409, message: AttendanceMessages.alreadyDone };
  if (step === 'call' && state !== 'waiting') return { status: 409, message: AttendanceMessages.notWaiting };
  return null;
}

/**
 * POST /appointments/{id}/attendance. A Cancelled visit never gets an outcome. A no-show is a visit that has started
 * and whose patient never checked in; "attended" needs a check-in or a started visit; leaving unseen needs a check-in.
 * A late cancellation may be recorded at any time (the patient called off too late to free the slot). An outcome
 * already set may be corrected by the desk.
 */
export function outcomeRefusal(actor: Principal, visit: AttendanceVisit, outcome: AttendanceOutcome, now: Date): Refusal | null {
  const desk = deskRefusal(actor, visit);
  if (desk) return desk;
  if (visit.appointment_status === 'Cancelled') return { status: 409, message: AttendanceMessages.cancelledNoOutcome };
  const checkedIn = Boolean(visit.attendance?.arrived_at);
  const started = now.getTime() >= visit.starts_at.getTime();
  switch (outcome) {
    case 'no_show':
      if (checkedIn) return { status: 409, message: AttendanceMessages.noShowCheckedIn };
      if (!started) return { status: 409, message: AttendanceMessages.noShowNotStarted };
      return null;
    case 'attended':
      return checkedIn || started ? null : { status: 409, message: AttendanceMessages.attendedNotStarted };
    case 'left_without_being_seen':
      return checkedIn ? null : { status: 409, message: AttendanceMessages.leftNotCheckedIn };
    case 'late_cancellation':
      return null;
  }
}

/** When a visit ends: its start plus its duration. */
export function visitEnd(visit: Pick<AttendanceVisit, 'starts_at' | 'duration'>): Date {
  return new Date(visit.starts_at.getTime() + visit.duration * MINUTE);
}

/**
 * "Unresolved": a visit still Pending or Confirmed, without an outcome, UNRESOLVED_AFTER_END_MINUTES after its end.
 * Nothing is marked automatically; the desk and the doctor see it listed. (A Completed visit got "attended" when it
 * was completed; a Cancelled one never gets an outcome.)
 */
export function isUnresolved(visit: Pick<AttendanceVisit, 'appointment_status' | 'starts_at' | 'duration' | 'attendance'>, now: Date): boolean {
  if (visit.appointment_status !== 'Pending' && visit.appointment_status !== 'Confirmed') return false;
  if (visit.attendance?.outcome) return false;
  return now.getTime() >= visitEnd(visit).getTime() + UNRESOLVED_AFTER_END_MINUTES * MINUTE;
}

/** Whole minutes from arrival until the patient was called in, seen or left (or until now while they wait); never negative. */
export function waitingMinutes(attendance: AttendanceInstants & { arrived_at: Date }, now: Date): number {
  const until = attendance.called_at ?? attendance.seen_at ?? attendance.left_at ?? now;
  return Math.max(0, Math.floor((until.getTime() - attendance.arrived_at.getTime()) / MINUTE));
}

/** The next queue number after the day's last (none yet: 1). The database applies it under the counter row's lock. */
export function nextQueueNumber(last: number | null): number {
  return (last ?? 0) + 1;
}

// ---------- the attendance report ----------

/** The Monday of a clinic date's week (YYYY-MM-DD). */
export function weekOf(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** Average minutes of `total` over `count` waits, one decimal; null when nobody was called in. */
export function averageWait(total: number, count: number): number | null {
  return count > 0 ? round(total / count, 1) : null;
}

/**
 * Per doctor and week: visits, outcomes recorded, no-shows and their rate (no-shows over the visits with an outcome:
 * a visit nobody resolved yet counts for neither side), the average wait, walk-ins. Oldest week first, then by doctor.
 */
export function weeklyRows(days: readonly AttendanceDayRow[]): AttendanceWeekRow[] {
  const weeks = new Map<string, AttendanceDayRow[]>();
  for (const day of days) {
    const key = `${day.week}|${day.doctor_id}`;
    weeks.set(key, [...(weeks.get(key) ?? []), day]);
  }
  return [...weeks.values()]
    .map((rows) => {
      const sum = (pick: (row: AttendanceDayRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
      const noShows = sum((r) => r.no_shows);
      const outcomes = noShows + sum((r) => r.attended + r.left_without_being_seen + r.late_cancellations);
      return {
        week: rows[0].week,
        doctor_id: rows[0].doctor_id,
        doctor_name: rows[0].doctor_name,
        visits: sum((r) => r.visits),
        outcomes,
        no_shows: noShows,
        no_show_rate: outcomes > 0 ? round(noShows / outcomes, 3) : 0,
        average_wait_minutes: averageWait(sum((r) => r.wait_minutes_total), sum((r) => r.waits)),
        walk_ins: sum((r) => r.walk_ins),
      };
    })
    .sort((a, b) => (a.week < b.week ? -1 : a.week > b.week ? 1 : a.doctor_id - b.doctor_id));
}

/** One CSV cell (RFC 4180 quoting); text a spreadsheet would run as a formula (= + - @, tab, CR first) is shown as text. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const ATTENDANCE_CSV_COLUMNS = [
  'date',
  'week',
  'doctor_id',
  'doctor_name',
  'visits',
  'attended',
  'no_shows',
  'left_without_being_seen',
  'late_cancellations',
  'walk_ins',
  'average_wait_minutes',
] as const;

/** The report's CSV: one row per doctor and day, the header first, each line ended by \n (as the other reports). */
export function attendanceCsv(days: readonly AttendanceDayRow[]): string {
  const lines = [ATTENDANCE_CSV_COLUMNS.join(',')];
  for (const day of days) {
    const row: Record<(typeof ATTENDANCE_CSV_COLUMNS)[number], string | number | null> = {
      ...day,
      average_wait_minutes: averageWait(day.wait_minutes_total, day.waits),
    };
    lines.push(ATTENDANCE_CSV_COLUMNS.map((column) => csvCell(row[column])).join(','));
  }
  return `${lines.join('\n')}\n`;
}
