/**
 * A doctor's own hours, leave and the clinic's closures (issue 37): the rules as pure functions, for the appointment
 * service (availability, booking, reschedule, saving hours and leave) and the web app (the "My hours" grid).
 * Dates are clinic dates (YYYY-MM-DD, Africa/Nairobi wall clock: CLINIC_TIME_ZONE); times are 'HH:MM' 24-hour clinic
 * time; weekdays are ISO (1 = Monday ... 7 = Sunday). Nothing here reads the clock: `today` is always passed in.
 *
 * What decides a doctor's slots on a date, first match wins (dayPlan):
 *   1. a clinic closure on that date: no slots, for every doctor;
 *   2. the doctor's leave covering that date: no slots;
 *   3. the doctor's hours for that one date (an override): its sessions at the hours' slot length;
 *   4. the doctor's weekly hours in effect that date (the latest version whose valid_from is on or before it);
 *   5. none: the doctor has no hours set, and the clinic's slots and their available_days apply exactly as before.
 *
 * Pure: imports only the catalog's data and the booking rules' date helpers (docs/decisions/0101-doctor-hours.md).
 */
import { CLINIC_HOURS, type Weekday, WEEKDAYS } from './catalog';
import { isCalendarDate } from './booking-rules';

/** The slot lengths a doctor may choose (minutes). */
export const SLOT_LENGTHS = [15, 20, 30, 45, 60] as const;
export type SlotLength = (typeof SLOT_LENGTHS)[number];

/** At most this many sessions in a week (two a day is usual; the cap keeps a request small). */
export const MAX_WEEKLY_SESSIONS = 28;

/** One session of a weekday: from `start` to `end` ('HH:MM', 24-hour clinic time, `end` exclusive). */
export interface HoursSession {
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  weekday: number;
  start: string;
  end: string;
}

/** A doctor's weekly hours from `valid_from` onward (until a later version's valid_from). */
export interface DoctorHours {
  sessions: HoursSession[];
  slot_minutes: number;
  valid_from: string;
}

/** The doctor away from `from` to `to` (clinic dates, both included). */
export interface LeaveRange {
  from: string;
  to: string;
}

/** A day the whole clinic is closed (a public holiday, a staff day). */
export interface ClinicClosure {
  date: string;
  name: string;
}

/** The doctor's own sessions for one date, in place of the week's (a clinic afternoon, a late start). */
export interface DateOverride {
  date: string;
  sessions: { start: string; end: string }[];
}

export const DoctorHoursMessages = {
  slotLength: `Slot length must be one of ${SLOT_LENGTHS.join(', ')} minutes`,
  weekday: 'Weekday must be a whole number from 1 (Monday) to 7 (Sunday)',
  time: 'Times must be written HH:MM (24-hour), for example 09:00 or 14:30',
  validFrom: 'valid_from must be a date (YYYY-MM-DD)',
  validFromPast: 'Hours can change from today onward: valid_from cannot be in the past',
  tooManySessions: `At most ${MAX_WEEKLY_SESSIONS} sessions a week`,
  leaveDates: 'Please give the leave as dates (YYYY-MM-DD): from a first to a last day',
  leaveOrder: 'The leave ends before it starts: the last day must be on or after the first day',
  leavePast: 'The leave lies wholly in the past: choose days from today onward',
  leaveNotFound: 'Leave not found',
  closureDate: 'Please give the closure as a date (YYYY-MM-DD)',
  closureName: 'Please name the closure (1 to 100 characters), for example Jamhuri Day',
  closurePast: 'The date is in the past: choose a date from today onward',
  closureExists: 'The clinic is already closed on that date',
  closureNotFound: 'Closure not found',
  notYourHours: 'You can see and change only your own hours and leave',
  hoursSaved: 'Hours saved!',
  leaveSaved: 'Leave saved!',
  leaveRemoved: 'Leave removed.',
  closureSaved: 'Closure saved!',
  closureRemoved: 'Closure removed.',
  moveOnlyWaiting: 'Only a visit that needs a new time can be moved to a colleague',
  moveSameDoctor: 'Choose another doctor: the visit is already with this one',
  moveOtherSpecialty: 'Choose a colleague of the same specialization as the visit\'s doctor',
  moveNotApproved: 'That doctor is not approved to see patients yet',
  moveNoVideo: 'That doctor does not see patients by video: choose a colleague who does',
  moved: 'Appointment moved to the colleague!',
  /** With the number of booked visits the new hours leave without their slot (409 HOURS_HAVE_APPOINTMENTS). */
  hoursHaveAppointments: (count: number) => `${count} booked visits fall outside these hours. Confirm to save them: each of them will need a new time.`,
} as const;

// ---------- times ----------

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const LABEL = /^(0[1-9]|1[0-2]):([0-5]\d) (AM|PM)$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** Whether a value is 'HH:MM' on the 24-hour clock. */
export function isClockTime(value: unknown): value is string {
  return typeof value === 'string' && HHMM.test(value);
}

/** '14:30' → 870 minutes after midnight. */
export function clockMinutes(hhmm: string): number {
  const match = HHMM.exec(hhmm);
  if (!match) throw new Error(`Not a time: ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 870 → '14:30'. */
export function clockTime(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A slot's label as the appointments hold it: 870 → '02:30 PM', 720 → '12:00 PM' (TIME_SLOTS' form). */
export function slotLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${pad(((h + 11) % 12) + 1)}:${pad(minutes % 60)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A slot label's minutes after midnight, any minute ('02:20 PM' → 860), or NaN when it is not a label. */
export function labelMinutes(label: string): number {
  const match = LABEL.exec(label);
  if (!match) return NaN;
  return (Number(match[1]) % 12) * 60 + (match[3] === 'PM' ? 720 : 0) + Number(match[2]);
}

/** 'HH:MM' as people read it: '14:00' → '2:00 PM'. */
function readable(hhmm: string): string {
  const minutes = clockMinutes(hhmm);
  const h = Math.floor(minutes / 60);
  return `${((h + 11) % 12) + 1}:${pad(minutes % 60)} ${h < 12 ? 'AM' : 'PM'}`;
}

// ---------- dates ----------

/** The ISO weekday of a clinic date: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** The English name of an ISO weekday (1 → 'Monday'). */
export function isoWeekdayName(weekday: number): Weekday {
  return WEEKDAYS[weekday % 7];
}

// ---------- weekly hours ----------

/**
 * Why these hours cannot be saved, naming the first problem found (in this order: the slot length, each session's
 * weekday and times, a session ending before it starts, one outside the clinic's opening hours, one too short for a
 * single slot, two sessions of a day overlapping, valid_from), or null when they can. `today` is the clinic's date.
 * A week without sessions is allowed: the doctor sees no one until new hours are set.
 */
export function hoursProblem(hours: DoctorHours, today: string): string | null {
  if (!(SLOT_LENGTHS as readonly number[]).includes(hours.slot_minutes)) return DoctorHoursMessages.slotLength;
  if (hours.sessions.length > MAX_WEEKLY_SESSIONS) return DoctorHoursMessages.tooManySessions;
  for (const session of hours.sessions) {
    if (!Number.isInteger(session.weekday) || session.weekday < 1 || session.weekday > 7) return DoctorHoursMessages.weekday;
    if (!isClockTime(session.start) || !isClockTime(session.end)) return DoctorHoursMessages.time;
    const day = isoWeekdayName(session.weekday);
    const span = `${day} ${session.start}-${session.end}`;
    const start = clockMinutes(session.start);
    const end = clockMinutes(session.end);
    if (end <= start) return `The session ${span} ends before it starts: the end must be after the start`;
    const clinic = CLINIC_HOURS[day];
    if (!clinic) return `The session ${span} is outside the clinic's hours: the clinic is closed on ${day}s`;
    if (start < clockMinutes(clinic.opens) || end > clockMinutes(clinic.closes)) {
      return `The session ${span} is outside the clinic's hours: on ${day}s the clinic is open ${readable(clinic.opens)} - ${readable(clinic.closes)}`;
    }
    if (end - start < hours.slot_minutes) return `The session ${span} is shorter than one ${hours.slot_minutes}-minute slot`;
  }
  for (let weekday = 1; weekday <= 7; weekday++) {
    const day = hours.sessions.filter((s) => s.weekday === weekday).sort((a, b) => clockMinutes(a.start) - clockMinutes(b.start));
    for (let i = 1; i < day.length; i++) {
      if (clockMinutes(day[i].start) < clockMinutes(day[i - 1].end)) {
        return `The sessions ${isoWeekdayName(weekday)} ${day[i - 1].start}-${day[i - 1].end} and ${day[i].start}-${day[i].end} overlap`;
      }
    }
  }
  if (!isCalendarDate(hours.valid_from)) return DoctorHoursMessages.validFrom;
  if (hours.valid_from < today) return DoctorHoursMessages.validFromPast;
  return null;
}

/**
 * The slots of one session, as minutes after midnight: from its start every `slotMinutes`, each ending by the
 * session's end (Tue 14:00-17:00 at 30 → 14:00 ... 16:30; at 45 → 14:00, 14:45, 15:30, 16:15).
 */
export function sessionSlotMinutes(session: { start: string; end: string }, slotMinutes: number): number[] {
  const end = clockMinutes(session.end);
  const slots: number[] = [];
  for (let at = clockMinutes(session.start); at + slotMinutes <= end; at += slotMinutes) slots.push(at);
  return slots;
}

/** The weekly hours in effect on a date: the version with the latest valid_from on or before it (none: null). */
export function hoursOn(versions: readonly DoctorHours[], date: string): DoctorHours | null {
  let found: DoctorHours | null = null;
  for (const version of versions) {
    if (version.valid_from <= date && (!found || version.valid_from > found.valid_from)) found = version;
  }
  return found;
}

// ---------- one date ----------

/** What decides a doctor's slots on one date (see the module's comment). */
export type DayPlan =
  | { kind: 'closure'; name: string }
  | { kind: 'leave'; leave: LeaveRange }
  | { kind: 'hours'; slot_minutes: number; slots: string[] }
  | { kind: 'clinic' };

export interface DoctorCalendar {
  hours: readonly DoctorHours[];
  leave: readonly LeaveRange[];
  closures: readonly ClinicClosure[];
  overrides?: readonly DateOverride[];
}

/** Whether a leave range covers a date (both ends included). */
export function leaveCovers(leave: LeaveRange, date: string): boolean {
  return leave.from <= date && date <= leave.to;
}

/**
 * A doctor's day: closed by the clinic, on leave, their own slots (labels in clock order), or the clinic's
 * (`clinic`: no hours set; the caller applies CLINIC_HOURS, TIME_SLOTS and available_days exactly as before).
 */
export function dayPlan(date: string, calendar: DoctorCalendar): DayPlan {
  const closure = calendar.closures.find((c) => c.date === date);
  if (closure) return { kind: 'closure', name: closure.name };
  const leave = calendar.leave.find((l) => leaveCovers(l, date));
  if (leave) return { kind: 'leave', leave };
  const hours = hoursOn(calendar.hours, date);
  const override = calendar.overrides?.find((o) => o.date === date);
  if (override) {
    const slotMinutes = hours?.slot_minutes ?? 30;
    return { kind: 'hours', slot_minutes: slotMinutes, slots: labels(override.sessions.flatMap((s) => sessionSlotMinutes(s, slotMinutes))) };
  }
  if (!hours) return { kind: 'clinic' };
  const weekday = isoWeekday(date);
  const minutes = hours.sessions.filter((s) => s.weekday === weekday).flatMap((s) => sessionSlotMinutes(s, hours.slot_minutes));
  return { kind: 'hours', slot_minutes: hours.slot_minutes, slots: labels(minutes) };
}

const labels = (minutes: number[]) => [...new Set(minutes)].sort((a, b) => a - b).map(slotLabel);

/**
 * Why a visit cannot be booked (or moved) to that slot by the doctor's own calendar, or null when the calendar allows
 * it (`clinic`: the clinic's rules decide, as before). The refusal is a conflict (409): the page offered a slot
 * that the doctor's hours, leave or a closure no longer have.
 */
export function calendarProblem(plan: DayPlan, date: string, slot: string, doctorName: string): string | null {
  switch (plan.kind) {
    case 'closure':
      return `The clinic is closed on ${date} (${plan.name}). Please choose another date.`;
    case 'leave':
      return `${doctorName} is on leave on ${date}. Please choose another date.`;
    case 'hours':
      if (plan.slots.includes(slot)) return null;
      return `${doctorName} does not see patients at ${slot} on ${date}. Please choose one of the times offered.`;
    case 'clinic':
      return null;
  }
}

// ---------- leave ----------

/**
 * The doctor's versions of weekly hours once `hours` is saved: the versions before its valid_from, then it (a save
 * replaces the version at its valid_from and every later one, as the service stores it).
 */
export function withHoursFrom(versions: readonly DoctorHours[], hours: DoctorHours): DoctorHours[] {
  return [...versions.filter((version) => version.valid_from < hours.valid_from), hours];
}

/**
 * The booked visits whose slot a doctor's (new) weekly hours no longer hold: on their date the calendar plans the
 * doctor's own slots (`hours`) and the visit's is not one of them. A visit on a closure or leave day is that record's
 * to flag; a date still under the clinic's rules (`clinic`) keeps its visits.
 */
export function visitsOutsideHours<Visit extends { appointment_date: string; time_slot: string }>(visits: readonly Visit[], calendar: DoctorCalendar): Visit[] {
  return visits.filter((visit) => {
    const plan = dayPlan(visit.appointment_date, calendar);
    return plan.kind === 'hours' && !plan.slots.includes(visit.time_slot);
  });
}

/** Why a leave cannot be saved (dates, order, wholly past), or null. `today` is the clinic's date. */
export function leaveProblem(leave: LeaveRange, today: string): string | null {
  if (!isCalendarDate(leave.from) || !isCalendarDate(leave.to)) return DoctorHoursMessages.leaveDates;
  if (leave.to < leave.from) return DoctorHoursMessages.leaveOrder;
  if (leave.to < today) return DoctorHoursMessages.leavePast;
  return null;
}

// ---------- Kenya's public holidays ----------

/**
 * Kenya's public holidays on a fixed date (Public Holidays Act, Cap. 110, as amended), the data behind the admin's
 * "accept next year's holidays" list. `since`: the first year it applies. Movable holidays (Good Friday, Easter
 * Monday, Idd-ul-Fitr, a gazetted day) are not here: an admin adds them as closures. Recorded with its version in
 * docs/decisions/0101-doctor-hours.md; a change of the law is a new version here and a line there.
 */
export const KENYA_FIXED_HOLIDAYS = {
  version: '2024-11-01',
  source: 'Public Holidays Act (Cap. 110); Mazingira Day (10 October) by the Public Holidays (Amendment) Act, 2024',
  holidays: [
    { month: 1, day: 1, name: "New Year's Day" },
    { month: 5, day: 1, name: 'Labour Day' },
    { month: 6, day: 1, name: 'Madaraka Day' },
    { month: 10, day: 10, name: 'Mazingira Day', since: 2024 },
    { month: 10, day: 20, name: 'Mashujaa Day' },
    { month: 12, day: 12, name: 'Jamhuri Day' },
    { month: 12, day: 25, name: 'Christmas Day' },
    { month: 12, day: 26, name: 'Boxing Day' },
  ],
} as const;

/**
 * The fixed-date public holidays of a year as closures, in date order. A holiday falling on a Sunday gives the
 * following Monday too (the Act, section 3), named '<holiday> (observed)', unless that Monday is a holiday itself.
 */
export function kenyaFixedHolidays(year: number): ClinicClosure[] {
  const fixed = KENYA_FIXED_HOLIDAYS.holidays
    .filter((h) => !('since' in h) || year >= h.since)
    .map((h) => ({ date: `${String(year).padStart(4, '0')}-${pad(h.month)}-${pad(h.day)}`, name: h.name as string }));
  const dates = new Set(fixed.map((h) => h.date));
  const observed: ClinicClosure[] = [];
  for (const holiday of fixed) {
    if (isoWeekday(holiday.date) !== 7) continue;
    const [y, m, d] = holiday.date.split('-').map(Number);
    const monday = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    if (!dates.has(monday)) observed.push({ date: monday, name: `${holiday.name} (observed)` });
  }
  return [...fixed, ...observed].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
