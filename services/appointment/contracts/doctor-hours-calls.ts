/**
 * A doctor's own hours, leave and the clinic's closures (issue 37; part of AppointmentCalls, calls.ts; the rules in
 * doctor-hours.ts). The doctor themself or an admin reads and sets a doctor's hours and leave (another doctor: 403);
 * admins keep the clinic's closures. The shapes are checked here; the rules that need the clock or the calendar
 * (overlaps, clinic hours, a leave in the past, the visits a leave would touch) are the service's, with the same
 * messages (doctor-hours.ts).
 */
import { bodyOf, call, queryOf, reply } from '@afya/service-shared/calls';
import { idParam, isoDate, nullToAbsent, singleLine, wholeNumber, z } from '@afya/service-shared/schema';
import { APPOINTMENT_STATUSES, NEW_TIME_CAUSES } from './catalog';
import { DateOverrideMessages, MAX_DAY_SESSIONS } from './date-overrides';
import { DoctorHoursMessages, MAX_WEEKLY_SESSIONS } from './doctor-hours';
import { AppointmentChangeReplySchema, RescheduleBodySchema } from './schemas';
import { AppointmentPatterns } from './patterns';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = z.string({ error: DoctorHoursMessages.time }).regex(HHMM, DoctorHoursMessages.time);
const REASON_MAX = 500;
const CLOSURE_NAME_MAX = 100;
const confirm = nullToAbsent(z.boolean({ error: 'confirm must be true or false' })).meta({
  description: 'true: save even though booked visits fall in it (each becomes "needs a new time"); else 409 lists them',
});

// ---- Requests ----

export const HoursSessionSchema = z.object({
  weekday: wholeNumber(DoctorHoursMessages.weekday, { min: 1, max: 7 }).meta({ description: 'ISO weekday: 1 = Monday ... 7 = Sunday' }),
  start: clock.meta({ description: 'HH:MM, 24-hour clinic time (Africa/Nairobi)', example: '14:00' }),
  end: clock.meta({ description: 'HH:MM, after start; the last slot ends by it', example: '17:00' }),
});

/** PUT /doctors/{id}/hours: the week's sessions from valid_from onward (default: today). */
export const HoursBodySchema = z.object({
  sessions: z.array(HoursSessionSchema, { error: 'Sessions must be a list of {weekday, start, end}' }).max(MAX_WEEKLY_SESSIONS, DoctorHoursMessages.tooManySessions),
  slot_minutes: wholeNumber(DoctorHoursMessages.slotLength, { min: 1 }).meta({ description: 'One of 15, 20, 30, 45, 60' }),
  valid_from: nullToAbsent(isoDate(DoctorHoursMessages.validFrom)).meta({ description: 'The clinic date the hours apply from (default: today)' }),
  confirm: nullToAbsent(z.boolean({ error: 'confirm must be true or false' })).meta({
    description: 'true: save even though booked visits fall outside the new hours (each becomes "needs a new time"); else 409 lists them',
  }),
});

/** PUT /doctors/{id}/overrides/{date}: the doctor's own sessions for that one date, in place of the week's. */
export const OverrideBodySchema = z.object({
  sessions: z
    .array(HoursSessionSchema.omit({ weekday: true }), { error: 'Sessions must be a list of {start, end}' })
    .max(MAX_DAY_SESSIONS, DateOverrideMessages.tooManyDaySessions)
    .meta({ description: 'The date\'s sessions (none: the doctor sees no one that date), at the weekly hours\' slot length (else 30 minutes)' }),
  confirm,
});

/** DELETE /doctors/{id}/overrides/{date}?confirm=true: remove even though booked visits that date lose their slot. */
export const OverrideRemoveQuerySchema = z.object({
  confirm: nullToAbsent(z.enum(['true', 'false'], { error: 'confirm must be true or false' })).transform((value) => (value === undefined ? undefined : value === 'true')),
});

/** POST /doctors/{id}/leave: a date range, both days included. */
export const LeaveBodySchema = z.object({
  from: isoDate(DoctorHoursMessages.leaveDates).meta({ description: 'First day away (clinic date)', example: '2026-12-01' }),
  to: isoDate(DoctorHoursMessages.leaveDates).meta({ description: 'Last day away, on or after from', example: '2026-12-21' }),
  reason: nullToAbsent(z.string({ error: 'The reason must be text' }).trim().max(REASON_MAX, `The reason is too long (at most ${REASON_MAX} characters)`)).meta({
    description: 'Kept private to staff (the doctor and admins)',
  }),
  confirm,
});

/** POST /admin/closures: a day the whole clinic is closed. */
export const ClosureBodySchema = z.object({
  date: isoDate(DoctorHoursMessages.closureDate).meta({ example: '2026-12-12' }),
  name: singleLine(DoctorHoursMessages.closureName).trim().min(1, DoctorHoursMessages.closureName).max(CLOSURE_NAME_MAX, DoctorHoursMessages.closureName).meta({ example: 'Jamhuri Day' }),
  confirm,
});

/** PATCH /admin/appointments/{id}/move: the colleague and the slot (their own, free). */
export const MoveToColleagueBodySchema = RescheduleBodySchema.extend({
  doctor_id: wholeNumber('Please choose the colleague (a doctor id)', { min: 1 }).meta({ description: 'A colleague of the same specialization, approved' }),
});

const doctorId = wholeNumber('Invalid id', { min: 1 });
export const HoursPayloadSchema = HoursBodySchema.extend({ doctor_id: doctorId });
export const LeavePayloadSchema = LeaveBodySchema.extend({ doctor_id: doctorId });
export const DoctorOnlyPayloadSchema = z.object({ doctor_id: doctorId });
export const LeaveByIdPayloadSchema = z.object({ doctor_id: doctorId, leave_id: doctorId });
const overrideDate = isoDate(DateOverrideMessages.overrideDate);
export const OverridePayloadSchema = OverrideBodySchema.extend({ doctor_id: doctorId, date: overrideDate });
export const OverrideByDatePayloadSchema = z.object({ doctor_id: doctorId, date: overrideDate, confirm });
export const ClosurePayloadSchema = ClosureBodySchema;
export const ClosureByIdPayloadSchema = z.object({ closure_id: doctorId });
export const MoveToColleaguePayloadSchema = MoveToColleagueBodySchema.extend({ id: doctorId });

// ---- Replies ----

export const HoursReplySchema = z.object({
  doctor_id: z.number().int(),
  custom: z.boolean().meta({ description: "false: no hours set, the clinic's slots and available_days apply (sessions empty, valid_from null)" }),
  sessions: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  slot_minutes: z.number().int(),
  valid_from: z.string().nullable(),
  /** A later version already saved (valid_from after today's), if any. */
  next: z.object({ sessions: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })), slot_minutes: z.number().int(), valid_from: z.string() }).nullable(),
});

/** One active doctor's hours as the admin's clinic calendar lists them (GET /admin/doctor-hours). */
export const DoctorHoursSummarySchema = HoursReplySchema.extend({
  doctor_name: z.string().nullable(),
  specialization: z.string().nullable(),
  approval_status: z.enum(['pending', 'approved']),
  available_days: z.array(z.string()).meta({ description: "The weekdays a doctor without hours of their own (custom false) sees patients, at the clinic's slots" }),
});

/** A booked visit a leave or a closure falls on. */
export const AffectedAppointmentSchema = z.object({
  appointment_id: z.number().int(),
  user_id: z.number().int(),
  appointment_date: z.string(),
  time_slot: z.string(),
  appointment_status: z.enum(APPOINTMENT_STATUSES),
  patient_full_name: z.string().nullable(),
});

export const SetHoursReplySchema = HoursReplySchema.extend({
  message: z.string(),
  needs_new_time: z.array(AffectedAppointmentSchema).meta({ description: 'The booked visits the new hours left without their slot, each now "needs a new time"' }),
});

export const LeaveSchema = z.object({
  leave_id: z.number().int(),
  doctor_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export const AddLeaveReplySchema = z.object({
  leave: LeaveSchema,
  needs_new_time: z.array(AffectedAppointmentSchema).meta({ description: 'The visits in the leave, each now "needs a new time"' }),
  message: z.string(),
});
export const RemoveLeaveReplySchema = z.object({ leave_id: z.number().int(), message: z.string() });

/** A doctor's own hours for one date (an override of the week). */
export const DateOverrideSchema = z.object({
  doctor_id: z.number().int(),
  date: z.string(),
  sessions: z.array(z.object({ start: z.string(), end: z.string() })),
  slot_minutes: z.number().int().meta({ description: "The length of the date's slots: the weekly hours' in effect that date, else 30" }),
});
export const SetOverrideReplySchema = DateOverrideSchema.extend({
  message: z.string(),
  needs_new_time: z.array(AffectedAppointmentSchema).meta({ description: 'The booked visits the date\'s new hours left without their slot, each now "needs a new time" (cause hours)' }),
});
export const RemoveOverrideReplySchema = SetOverrideReplySchema.omit({ sessions: true, slot_minutes: true });

export const ClosureSchema = z.object({ closure_id: z.number().int(), date: z.string(), name: z.string(), created_at: z.string() });
export const AddClosureReplySchema = z.object({ closure: ClosureSchema, needs_new_time: z.array(AffectedAppointmentSchema), message: z.string() });
export const RemoveClosureReplySchema = z.object({ closure_id: z.number().int(), message: z.string() });

/** A visit a confirmed leave or closure fell on, still without a new time (the admin's list). */
export const NeedsNewTimeSchema = AffectedAppointmentSchema.extend({
  doctor_id: z.number().int(),
  doctor_name: z.string().nullable(),
  specialization: z.string().nullable(),
  cause: z.enum(NEW_TIME_CAUSES),
  since: z.string().meta({ description: 'When the leave or closure was confirmed (ISO 8601)' }),
});

// ---- Calls ----

const doctorById = z.object({ id: idParam }).transform(({ id }) => ({ doctor_id: id }));
const doctorAndDate = z.object({ id: idParam, date: isoDate(DateOverrideMessages.overrideDate) }).transform(({ id, date }) => ({ doctor_id: id, date }));
const route = (route: { method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE'; path: `/${string}`; summary: string; successStatus?: number }, tag = 'doctor') =>
  call.route({ ...route, tags: [tag] });

export const DoctorHoursCalls = {
  /** The hours in effect today (custom false: none set) and any later version. */
  doctorHours: route({ method: 'GET', path: '/doctors/{id}/hours', summary: "A doctor's weekly hours (the doctor, admins)" })
    .meta({ subject: AppointmentPatterns.doctorHours, roles: ['doctor', 'admin'] })
    .input(z.object({ params: doctorById }))
    .output(reply(HoursReplySchema)),

  /**
   * New weekly hours from valid_from onward (later versions already saved are replaced). 400 names the problem. When
   * booked visits fall outside them and confirm is not true: 409 (code HOURS_HAVE_APPOINTMENTS, details.appointments
   * lists them), nothing saved; with confirm each of them needs a new time.
   */
  setDoctorHours: route({ method: 'PUT', path: '/doctors/{id}/hours', summary: "Set a doctor's weekly hours (the doctor, admins)" })
    .meta({ subject: AppointmentPatterns.setDoctorHours, roles: ['doctor', 'admin'] })
    .input(z.object({ params: doctorById, body: bodyOf(HoursBodySchema) }))
    .output(reply(SetHoursReplySchema)),

  /** The doctor's leave that has not ended, soonest first (a bare array). */
  doctorLeave: route({ method: 'GET', path: '/doctors/{id}/leave', summary: "A doctor's leave (the doctor, admins)" })
    .meta({ subject: AppointmentPatterns.doctorLeave, roles: ['doctor', 'admin'] })
    .input(z.object({ params: doctorById }))
    .output(reply(z.array(LeaveSchema))),

  /**
   * A leave. When booked visits fall in it and confirm is not true: 409 (code LEAVE_HAS_APPOINTMENTS, details.appointments
   * lists them), nothing saved. With confirm: 201, and each of them needs a new time.
   */
  addDoctorLeave: route({ method: 'POST', path: '/doctors/{id}/leave', successStatus: 201, summary: 'Add a leave (the doctor, admins)' })
    .meta({ subject: AppointmentPatterns.addDoctorLeave, roles: ['doctor', 'admin'] })
    .input(z.object({ params: doctorById, body: bodyOf(LeaveBodySchema) }))
    .output(reply(AddLeaveReplySchema)),

  removeDoctorLeave: route({ method: 'DELETE', path: '/doctors/{id}/leave/{leave_id}', summary: 'Remove a leave (the doctor, admins)' })
    .meta({ subject: AppointmentPatterns.removeDoctorLeave, roles: ['doctor', 'admin'] })
    .input(z.object({ params: z.object({ id: idParam, leave_id: idParam }).transform(({ id, leave_id }) => ({ doctor_id: id, leave_id })) }))
    .output(reply(RemoveLeaveReplySchema)),

  /** The doctor's custom hours for single dates from today on, in date order (a bare array). */
  doctorOverrides: route({ method: 'GET', path: '/doctors/{id}/overrides', summary: "A doctor's custom hours for single dates (the doctor, admins)" })
    .meta({ subject: AppointmentPatterns.doctorOverrides, roles: ['doctor', 'admin'] })
    .input(z.object({ params: doctorById }))
    .output(reply(z.array(DateOverrideSchema))),

  /**
   * Custom hours for one date (replacing any the date had). 400 names the problem. When booked visits that date fall
   * outside them and confirm is not true: 409 (code OVERRIDE_HAS_APPOINTMENTS, details.appointments lists them),
   * nothing saved; with confirm each of them needs a new time (cause hours).
   */
  setDoctorOverride: route({ method: 'PUT', path: '/doctors/{id}/overrides/{date}', summary: 'Set custom hours for one date (the doctor, admins)' })
    .meta({ subject: AppointmentPatterns.setDoctorOverride, roles: ['doctor', 'admin'] })
    .input(z.object({ params: doctorAndDate, body: bodyOf(OverrideBodySchema) }))
    .output(reply(SetOverrideReplySchema)),

  /**
   * The date goes back to the weekly hours. Booked visits that date the weekly hours do not hold, without
   * ?confirm=true: 409 OVERRIDE_HAS_APPOINTMENTS listing them, nothing removed; with it each needs a new time. 404 when
   * the date has no custom hours.
   */
  removeDoctorOverride: route({ method: 'DELETE', path: '/doctors/{id}/overrides/{date}', summary: 'Remove the custom hours of one date (the doctor, admins)' })
    .meta({ subject: AppointmentPatterns.removeDoctorOverride, roles: ['doctor', 'admin'] })
    .input(z.object({ params: doctorAndDate, query: queryOf(OverrideRemoveQuerySchema) }))
    .output(reply(RemoveOverrideReplySchema)),

  /** The clinic's closures from today on, in date order (a bare array). */
  closures: route({ method: 'GET', path: '/admin/closures', summary: "The clinic's closures (admins)" }, 'admin')
    .meta({ subject: AppointmentPatterns.closures, roles: ['admin'] })
    .input(z.object({}))
    .output(reply(z.array(ClosureSchema))),

  /** A closure for every doctor; booked visits that day: 409 listing them unless confirm (then each needs a new time). */
  addClosure: route({ method: 'POST', path: '/admin/closures', successStatus: 201, summary: 'Close the clinic on a date (admins)' }, 'admin')
    .meta({ subject: AppointmentPatterns.addClosure, roles: ['admin'] })
    .input(z.object({ body: bodyOf(ClosureBodySchema) }))
    .output(reply(AddClosureReplySchema)),

  removeClosure: route({ method: 'DELETE', path: '/admin/closures/{id}', summary: 'Remove a closure (admins)' }, 'admin')
    .meta({ subject: AppointmentPatterns.removeClosure, roles: ['admin'] })
    .input(z.object({ params: z.object({ id: idParam }).transform(({ id }) => ({ closure_id: id })) }))
    .output(reply(RemoveClosureReplySchema)),

  /**
   * Every active doctor's weekly hours in effect today and any later version, by name (a bare array; admins). A
   * doctor with custom false has none of their own: the clinic's slots on their available_days.
   */
  allDoctorHours: route({ method: 'GET', path: '/admin/doctor-hours', summary: "Every doctor's weekly hours (admins)" }, 'admin')
    .meta({ subject: AppointmentPatterns.allDoctorHours, roles: ['admin'] })
    .input(z.object({}))
    .output(reply(z.array(DoctorHoursSummarySchema))),

  /**
   * An admin moves a visit that needs a new time to a colleague of the same specialization, at a free slot of the
   * colleague's calendar; the visit keeps its id, amount and payment, and no longer needs a new time. 409 when it does
   * not need one (or the slot is taken, or the colleague's calendar refuses the slot); 400 for another specialty.
   */
  moveToColleague: route({ method: 'PATCH', path: '/admin/appointments/{id}/move', summary: 'Move a visit that needs a new time to a colleague (admins)' }, 'admin')
    .meta({ subject: AppointmentPatterns.moveToColleague, roles: ['admin'] })
    .input(z.object({ params: z.object({ id: idParam }), body: bodyOf(MoveToColleagueBodySchema) }))
    .output(reply(AppointmentChangeReplySchema)),

  /** The visits that need a new time (Pending or Confirmed, not yet moved), soonest first (a bare array; admins). */
  needsNewTime: route({ method: 'GET', path: '/admin/needs-new-time', summary: 'Visits that need a new time (admins)' }, 'admin')
    .meta({ subject: AppointmentPatterns.needsNewTime, roles: ['admin'] })
    .input(z.object({}))
    .output(reply(z.array(NeedsNewTimeSchema))),
};
