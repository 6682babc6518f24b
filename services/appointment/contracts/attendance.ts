/**
 * Arrival, the day's queue and attendance (issue 40): the shapes and messages, each declared once as a zod schema
 * (the calls are in attendance-calls.ts; the rules in src/attendance/attendance.rules.ts).
 *
 * Attendance is its own record beside the appointment (appointment_attendance): checking in, the queue's states and
 * the outcome never change `appointment_status`, which keeps SPEC's four values. A walk-in is an ordinary appointment
 * booked by the desk for today, marked `walk_in` on its attendance record.
 */
import { idParam, isoDate, nullToAbsent, singleLine, wholeNumber, z } from '@afya/service-shared/schema';

/** Bus subjects of the attendance calls (kept here, beside the calls, rather than in patterns.ts). */
export const AttendancePatterns = {
  /** POST /appointments/{id}/check-in */
  checkIn: 'appointment.v1.attendance.check-in',
  /** GET /queue */
  queue: 'appointment.v1.attendance.queue',
  /** POST /queue/next: the lowest waiting number of a doctor is called in. */
  callNext: 'appointment.v1.attendance.queue.next',
  /** POST /appointments/{id}/queue: called, seen, left. */
  queueStep: 'appointment.v1.attendance.queue.step',
  /** POST /appointments/{id}/attendance */
  setOutcome: 'appointment.v1.attendance.outcome.set',
  /** GET /attendance/unresolved */
  unresolved: 'appointment.v1.attendance.unresolved',
  /** POST /walk-ins */
  walkIn: 'appointment.v1.attendance.walk-in',
  /** GET /admin/attendance (and the CSV, GET /admin/reports/attendance.csv) */
  report: 'appointment.v1.attendance.report',
} as const;

export const ATTENDANCE_OUTCOMES = ['attended', 'no_show', 'left_without_being_seen', 'late_cancellation'] as const;
export type AttendanceOutcome = (typeof ATTENDANCE_OUTCOMES)[number];
export const QUEUE_STATES = ['waiting', 'called', 'seen', 'left'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];
/** What the desk or the doctor does to a checked-in patient: call them in, mark them seen, or mark that they left unseen. */
export const QUEUE_STEPS = ['call', 'seen', 'left'] as const;
export type QueueStep = (typeof QUEUE_STEPS)[number];

/** A past visit without an outcome this many minutes after its end is "unresolved" (nothing is marked automatically). */
export const UNRESOLVED_AFTER_END_MINUTES = 30;
/** How far back the unresolved list looks (older visits are history, not the desk's to-do list). */
export const UNRESOLVED_LOOKBACK_DAYS = 14;

/** Every message the attendance calls can send (English; Kiswahili in services/shared/src/i18n/server-messages-attendance.sw.ts). */
export const AttendanceMessages = {
  alreadyCheckedIn: 'This visit is already checked in.',
  notToday: 'Only a visit of today can be checked in.',
  notConfirmed: 'Only a Confirmed visit can be checked in.',
  // SELF_CHECK_IN_MINUTES_BEFORE, written out (the catalogue's key is the whole text)
  tooEarly: 'You can check in from 30 minutes before your visit starts.',
  staffOnly: 'Only the clinic staff can do that.',
  notCheckedIn: 'This patient has not checked in.',
  notWaiting: 'This patient is no longer waiting.',
  alreadyDone: 'This patient has already left the queue.',
  nobodyWaiting: 'Nobody is waiting for this doctor.',
  outcome: 'Outcome must be one of: attended, no_show, left_without_being_seen, late_cancellation',
  step: 'Step must be one of: call, seen, left',
  cancelledNoOutcome: 'A cancelled visit gets no attendance outcome.',
  noShowCheckedIn: 'A patient who checked in is not a no-show.',
  noShowNotStarted: 'A visit can be marked a no-show only once it has started.',
  attendedNotStarted: 'A visit can be marked attended only once the patient checked in or it has started.',
  leftNotCheckedIn: 'Only a patient who checked in can leave without being seen.',
  date: 'Date must be a calendar date (YYYY-MM-DD)',
  doctor: 'Choose a doctor',
  otherDoctor: "You can only see your own patients' queue.",
  phone: 'Enter the patient\'s phone number (10 to 15 digits, may start with +)',
  fullName: 'The name must be 2 to 100 characters',
  slot: 'Choose a time slot of today',
  unknownPhone: 'No patient has this phone number. Register them first, then book the walk-in.',
  notPatient: 'This phone number belongs to a staff account.',
  range: 'The report covers at most 366 days, from a first to a last date',
} as const;

const id = wholeNumber('Invalid id', { min: 1 });
const doctorId = wholeNumber(AttendanceMessages.doctor, { min: 1 });

// ---- Requests ----

export const QueueQuerySchema = z.object({
  doctor_id: nullToAbsent(doctorId).meta({ description: "The doctor whose queue (a doctor: their own, the default; admins: leave out for every doctor's)" }),
  date: nullToAbsent(isoDate(AttendanceMessages.date)).meta({ description: "A clinic date (default: today's)", example: '2026-12-03' }),
});

export const OutcomeBodySchema = z.object({
  outcome: z.enum(ATTENDANCE_OUTCOMES, { error: AttendanceMessages.outcome }),
});

export const QueueStepBodySchema = z.object({
  step: z.enum(QUEUE_STEPS, { error: AttendanceMessages.step }),
});

export const CallNextBodySchema = z.object({
  doctor_id: nullToAbsent(doctorId).meta({ description: 'The doctor whose next patient is called (a doctor: their own, the default)' }),
});

const PHONE = /^\+?\d{10,15}$/;
export const WalkInBodySchema = z.object({
  doctor_id: doctorId,
  time_slot: singleLine(AttendanceMessages.slot).trim().min(1, AttendanceMessages.slot).meta({ example: '10:30 AM' }),
  phone: singleLine(AttendanceMessages.phone)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(PHONE, AttendanceMessages.phone))
    .meta({ example: '+254712345678' }),
  full_name: nullToAbsent(singleLine(AttendanceMessages.fullName).trim().min(2, AttendanceMessages.fullName).max(100, AttendanceMessages.fullName)).meta({
    description: 'Reserved for registering a new patient on the spot (not built yet: an unknown phone is a 404)',
  }),
});

/** Bus payloads (the gateway checked the body; the service checks again). */
export const AttendanceIdPayloadSchema = z.object({ id: idParam });
export const OutcomePayloadSchema = OutcomeBodySchema.extend({ id });
export const QueueStepPayloadSchema = QueueStepBodySchema.extend({ id });
export const QueuePayloadSchema = QueueQuerySchema;
export const CallNextPayloadSchema = CallNextBodySchema;
export const WalkInPayloadSchema = WalkInBodySchema;

// ---- Replies ----

export const AttendanceSchema = z.object({
  appointment_id: z.number().int(),
  queue_number: z.number().int().nullable().meta({ description: "The doctor's number for the day (1, 2, 3...), null when never checked in" }),
  arrived_at: z.string().nullable(),
  /** user_id of who checked the patient in (the patient themself, the desk or the doctor). */
  checked_in_by: z.number().int().nullable(),
  state: z.enum(QUEUE_STATES).nullable(),
  called_at: z.string().nullable(),
  seen_at: z.string().nullable(),
  left_at: z.string().nullable(),
  outcome: z.enum(ATTENDANCE_OUTCOMES).nullable(),
  walk_in: z.boolean(),
});
export type AttendanceView = z.infer<typeof AttendanceSchema>;
export const AttendanceReplySchema = z.object({ attendance: AttendanceSchema, message: z.string() });
export type AttendanceReply = z.infer<typeof AttendanceReplySchema>;

export const QueueEntrySchema = z.object({
  appointment_id: z.number().int(),
  queue_number: z.number().int(),
  patient_name: z.string(),
  arrived_at: z.string(),
  waiting_minutes: z.number().int().meta({ description: 'From arrival to being called in (or to now while waiting)' }),
  state: z.enum(QUEUE_STATES),
  doctor_id: z.number().int(),
  doctor_name: z.string(),
  time_slot: z.string(),
  walk_in: z.boolean(),
  /** The patient's recorded no-shows (staff only: the queue is never shown to patients). */
  patient_no_shows: z.number().int(),
});
export type QueueEntry = z.infer<typeof QueueEntrySchema>;
export const QueueReplySchema = z.object({ queue: z.array(QueueEntrySchema), date: z.string() });
export type QueueReply = z.infer<typeof QueueReplySchema>;

export const UnresolvedVisitSchema = z.object({
  appointment_id: z.number().int(),
  doctor_id: z.number().int(),
  doctor_name: z.string(),
  patient_name: z.string(),
  appointment_date: z.string(),
  time_slot: z.string(),
  appointment_status: z.string(),
  checked_in: z.boolean(),
  patient_no_shows: z.number().int(),
});
export type UnresolvedVisit = z.infer<typeof UnresolvedVisitSchema>;
export const UnresolvedReplySchema = z.object({ unresolved: z.array(UnresolvedVisitSchema) });
export type UnresolvedReply = z.infer<typeof UnresolvedReplySchema>;

/** GET /admin/attendance and GET /admin/reports/attendance.csv: a range of clinic dates, both included (default: the last 28 days). */
export const AttendanceReportQuerySchema = z.object({
  from: nullToAbsent(isoDate(AttendanceMessages.date)).meta({ description: 'First clinic date (YYYY-MM-DD, inclusive)' }),
  to: nullToAbsent(isoDate(AttendanceMessages.date)).meta({ description: 'Last clinic date (YYYY-MM-DD, inclusive)' }),
});
/** The longest range one report covers (a year: a day and doctor per row stays a small reply). */
export const ATTENDANCE_REPORT_MAX_DAYS = 366;
export const ATTENDANCE_REPORT_DEFAULT_DAYS = 28;

/** One doctor's day: the CSV's row, and what the weekly figures add up. */
export const AttendanceDayRowSchema = z.object({
  date: z.string(),
  week: z.string().meta({ description: 'The Monday of the clinic week (YYYY-MM-DD)' }),
  doctor_id: z.number().int(),
  doctor_name: z.string(),
  /** Visits booked for the day and not Cancelled (walk-ins included). */
  visits: z.number().int(),
  attended: z.number().int(),
  no_shows: z.number().int(),
  left_without_being_seen: z.number().int(),
  late_cancellations: z.number().int(),
  walk_ins: z.number().int(),
  /** Patients called in after checking in, and their minutes from arrival to being called, summed (for averages). */
  waits: z.number().int(),
  wait_minutes_total: z.number(),
});
export type AttendanceDayRow = z.infer<typeof AttendanceDayRowSchema>;

export const AttendanceWeekRowSchema = z.object({
  week: z.string(),
  doctor_id: z.number().int(),
  doctor_name: z.string(),
  visits: z.number().int(),
  outcomes: z.number().int().meta({ description: 'Visits with an outcome recorded' }),
  no_shows: z.number().int(),
  no_show_rate: z.number().meta({ description: 'no_shows / outcomes, 0-1 rounded to 3 places (0 when no outcome is recorded)' }),
  average_wait_minutes: z.number().nullable().meta({ description: 'From arrival to being called in; null when nobody was called in' }),
  walk_ins: z.number().int(),
});
export type AttendanceWeekRow = z.infer<typeof AttendanceWeekRowSchema>;

export const AttendanceReportReplySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** No-show rate and average wait per doctor and week, oldest week first. */
  weeks: z.array(AttendanceWeekRowSchema),
  /** Walk-ins per day (every doctor), days with none left out. */
  walk_ins_per_day: z.array(z.object({ date: z.string(), walk_ins: z.number().int() })),
  average_wait_minutes: z.number().nullable(),
  /** Per doctor and day (the CSV's rows). */
  days: z.array(AttendanceDayRowSchema),
});
export type AttendanceReportReply = z.infer<typeof AttendanceReportReplySchema>;

/** A visit's attendance in its patient's data export (who checked them in is said as themself or the clinic, never a staff id). */
export interface DataExportAttendance {
  appointment_id: number;
  appointment_date: string;
  time_slot: string;
  doctor_name: string;
  queue_number: number | null;
  arrived_at: string | null;
  checked_in_by_you: boolean;
  called_at: string | null;
  seen_at: string | null;
  left_at: string | null;
  outcome: AttendanceOutcome | null;
  walk_in: boolean;
}
export const AttendanceReportPayloadSchema = AttendanceReportQuerySchema;
