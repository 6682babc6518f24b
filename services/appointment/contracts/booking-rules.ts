/**
 * The booking rules: the clinic's dates and slots (Africa/Nairobi wall-clock time, whatever the server's or the
 * browser's zone is), the booking window, slot instants and working weekdays, and what a booking costs. The one module
 * both the appointment service and the web app run: the offset is read from the time-zone database (Intl), never
 * assumed; the fee the page shows is the one the service charges.
 *
 * Pure: imports only the catalog's data; nothing is computed when the module loads (the formatter is made on first
 * use). `now` is injectable everywhere.
 */
import {
  APPOINTMENT_TYPES,
  type AppointmentType,
  BOOKING_FIRST_DAY_OFFSET,
  BOOKING_WINDOW_DAYS,
  CLINIC_HOURS,
  CLINIC_TIME_ZONE,
  DEFAULT_APPOINTMENT_TYPE,
  DEFAULT_WORKING_WEEKDAYS,
  slotsWithinClinicHours,
  TIME_SLOTS,
  TYPE_FEES,
  UNKNOWN_TYPE_FEE,
  type VideoJoinRefusal,
  videoJoinWindow,
  WEEKDAYS,
} from './catalog';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A slot's label, any minute ('09:00 AM', and a doctor's own '09:15 AM': issue 37); which labels a day offers is the rules'. */
const SLOT = /^(0[1-9]|1[0-2]):([0-5]\d) (AM|PM)$/;
const DAY_MS = 86_400_000;

export interface WallClock {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  s: number;
}

/**
 * The wall clock of a time zone at an instant. The zone's offset is read from the time-zone database (Intl) once
 * per minute of UTC time and remembered: formatToParts cost ~30 µs a reading, two or three readings a booking
 * (profiled), and every offset change of a zone falls on a whole minute, so the offset at a minute's start holds
 * for that minute. The formatter is made on first use.
 */
export function wallClockIn(timeZone: string): (instant: Date) => WallClock {
  let format: Intl.DateTimeFormat | undefined;
  const offsets = new Map<number, number>(); // UTC minute → the zone's offset (ms) during it
  const offsetAt = (minute: number): number => {
    let offset = offsets.get(minute);
    if (offset === undefined) {
      format ??= new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
      const start = minute * 60_000;
      const parts = Object.fromEntries(format.formatToParts(new Date(start)).map((p) => [p.type, p.value]));
      offset = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second) - start;
      if (offsets.size >= 4096) offsets.clear(); // a day's minutes and a booking window's slots fit many times over
      offsets.set(minute, offset);
    }
    return offset;
  };
  return (instant) => {
    const time = instant.getTime();
    if (!Number.isFinite(time)) throw new RangeError('Invalid time value');
    const wall = new Date(time + offsetAt(Math.floor(time / 60_000)));
    return { y: wall.getUTCFullYear(), m: wall.getUTCMonth() + 1, d: wall.getUTCDate(), h: wall.getUTCHours(), min: wall.getUTCMinutes(), s: wall.getUTCSeconds() };
  };
}

const wallClock = wallClockIn(CLINIC_TIME_ZONE);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Today's date in the clinic (YYYY-MM-DD). */
export function clinicToday(now: Date = new Date()): string {
  const { y, m, d } = wallClock(now);
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Bookable dates: tomorrow through BOOKING_WINDOW_DAYS ahead, in clinic time. */
export function bookingWindow(now: Date = new Date()): { first: string; last: string } {
  const today = clinicToday(now);
  return { first: addDays(today, BOOKING_FIRST_DAY_OFFSET), last: addDays(today, BOOKING_WINDOW_DAYS) };
}

export function isInBookingWindow(date: string, now: Date = new Date()): boolean {
  if (!isCalendarDate(date)) return false;
  const { first, last } = bookingWindow(now);
  return date >= first && date <= last;
}

export function isTimeSlot(value: unknown): value is (typeof TIME_SLOTS)[number] {
  return typeof value === 'string' && (TIME_SLOTS as readonly string[]).includes(value);
}

/** Minutes after midnight of a slot label: '02:30 PM' → 870, '09:15 AM' → 555. */
export function slotMinutes(slot: string): number {
  const match = SLOT.exec(slot);
  if (!match) throw new Error(`Not a time slot: ${slot}`);
  const hours = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

/** The instant of a clinic wall-clock time: the date at `minutes` after midnight, converted with the zone's offset. */
export function clinicInstant(date: string, minutes: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  // The zone's offset at (about) that moment: wall clock minus UTC.
  const wall = wallClock(new Date(asUtc));
  const offset = Date.UTC(wall.y, wall.m - 1, wall.d, wall.h, wall.min, wall.s) - asUtc;
  return new Date(asUtc - offset);
}

/** The instant a slot starts. */
export function slotStart(date: string, slot: string): Date {
  return clinicInstant(date, slotMinutes(slot));
}

/** English weekday name of a calendar date ('Monday'). */
export function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  const [y, m, d] = date.split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
}

/** Whether a doctor sees patients on that date: no days recorded means DEFAULT_WORKING_WEEKDAYS (every day). */
export function worksOn(availableDays: readonly string[], date: string): boolean {
  const days = availableDays.length ? availableDays : DEFAULT_WORKING_WEEKDAYS;
  const day = weekdayOf(date).toLowerCase();
  return days.some((d) => d.trim().toLowerCase() === day);
}

/** 'HH:MM' (24-hour) as the clinic writes it: '14:00' → '2:00 PM'. */
function clockText(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * Why the clinic cannot see anyone at that slot (CLINIC_HOURS: closed that weekday, or the slot does not fit in the
 * day's hours), or null when it is open. The booking and the reschedule rules, for the service and the web app.
 */
export function clinicHoursProblem(date: string, slot: string): string | null {
  const weekday = weekdayOf(date);
  const hours = CLINIC_HOURS[weekday];
  if (!hours) return `The clinic is closed on ${weekday}s. Please choose another date.`;
  if ((slotsWithinClinicHours(weekday) as readonly string[]).includes(slot)) return null;
  return `On ${weekday}s the clinic is open ${clockText(hours.opens)} - ${clockText(hours.closes)}. Please choose a time within those hours.`;
}

/** Whether the clinic is open at all on that date (some slot fits in its hours). */
export function isClinicOpenOn(date: string): boolean {
  return slotsWithinClinicHours(weekdayOf(date)).length > 0;
}

/** Whether every slot of TIME_SLOTS fits the clinic's hours on that date (Monday to Friday). */
export function isClinicOpenAllDay(date: string): boolean {
  return slotsWithinClinicHours(weekdayOf(date)).length === TIME_SLOTS.length;
}

/**
 * The nth date after today (n = 1: the first), in clinic time, on which the clinic is open all day: any slot can be
 * booked on it. What tests, seeds and benches book on, so that "a few days ahead" never lands on a Sunday or a
 * Saturday afternoon whatever weekday they run. Within the booking window while n ≤ 20 (four weeks hold 20 such days).
 */
export function openClinicDate(n: number, now: Date = new Date()): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`openClinicDate: n must be a whole number from 1, not ${n}`);
  const today = clinicToday(now);
  let found = 0;
  for (let days = 1; ; days++) {
    const date = addDays(today, days);
    if (isClinicOpenAllDay(date) && ++found === n) return date;
  }
}

// ---------- the start of a visit, and joining a video visit ----------

/** What the rules of time read to know when a visit starts. */
export interface VisitTiming {
  /** The instant the visit starts, as the appointment service stores it (ISO 8601 or a Date). */
  starts_at?: string | Date | null;
  /** Its clinic date (YYYY-MM-DD) and slot, read only when `starts_at` is absent. */
  appointment_date?: string | null;
  time_slot?: string | null;
}

/**
 * The instant (ms since the epoch) a visit starts: its `starts_at`, the instant the appointment service stores and
 * times every rule with, whenever the visit carries it; else its clinic date and slot (a reply from a server older
 * than that field). NaN when neither can be read. Every rule of a visit's time reads the start here, never a field
 * of its own choosing: the join button timed the window from the date and slot while the server timed it from
 * `starts_at`, and they disagreed whenever the two did (issue 44).
 */
export function visitStartsAt(visit: VisitTiming): number {
  const stored = visit.starts_at;
  if (stored !== undefined && stored !== null && stored !== '') {
    const at = new Date(stored).getTime();
    if (Number.isFinite(at)) return at;
  }
  const date = (visit.appointment_date ?? '').slice(0, 10);
  if (!isCalendarDate(date) || !isTimeSlot(visit.time_slot)) return NaN;
  return slotStart(date, visit.time_slot).getTime();
}

/** What the joining rule reads of a visit. */
export interface VideoVisitState extends VisitTiming {
  visit_mode?: string | null;
  appointment_status?: string | null;
  paid?: boolean | null;
}

/**
 * Joining a video visit, as one pure function for the appointment service (which enforces it on every step of a
 * call) and the web app (which shows "Join video visit" exactly when it passes): a video appointment, paid or
 * confirmed (an admin may confirm without a payment), neither cancelled nor completed, from
 * VIDEO_JOIN_OPENS_MINUTES_BEFORE before its start until VIDEO_JOIN_CLOSES_MINUTES_AFTER after it, the start being
 * visitStartsAt's. A visit whose start cannot be read is not joinable ('closed'). `now` is the clock.
 * null: it can be joined now.
 */
export function videoJoinRefusal(visit: VideoVisitState, now: Date = new Date()): VideoJoinRefusal | null {
  if (visit.visit_mode !== 'video') return 'not_video';
  if (visit.appointment_status === 'Cancelled') return 'cancelled';
  if (visit.appointment_status === 'Completed') return 'completed';
  if (!visit.paid && visit.appointment_status !== 'Confirmed') return 'unpaid';
  const startsAt = visitStartsAt(visit);
  if (!Number.isFinite(startsAt)) return 'closed';
  const { opensAt, closesAt } = videoJoinWindow(startsAt);
  const t = now.getTime();
  if (t < opensAt) return 'too_early';
  if (t >= closesAt) return 'closed';
  return null;
}

/**
 * The next instant (ms) after `now` at which videoJoinRefusal's answer changes by the clock alone (the window opens
 * or closes), or null when the clock alone will not change it: a screen showing the button re-reads the rule then.
 */
export function nextVideoJoinChange(visit: VisitTiming, now: Date = new Date()): number | null {
  const startsAt = visitStartsAt(visit);
  if (!Number.isFinite(startsAt)) return null;
  const { opensAt, closesAt } = videoJoinWindow(startsAt);
  const t = now.getTime();
  if (t < opensAt) return opensAt;
  if (t < closesAt) return closesAt;
  return null;
}

// ---- What a booking costs (CONTRACT.md §9) ----

/** The default fee of an appointment type in Ksh (CONTRACT.md §9); an unknown type costs 150. */
export function typeFee(type: string): number {
  return Object.prototype.hasOwnProperty.call(TYPE_FEES, type) ? TYPE_FEES[type as keyof typeof TYPE_FEES] : UNKNOWN_TYPE_FEE;
}

/**
 * What a booking costs: the doctor's consultation fee when one is set, else the type's default.
 * The amount a client sends is never used.
 */
export function bookingAmount(type: string, doctorFee: number | string | null | undefined): number {
  if (doctorFee !== null && doctorFee !== undefined && doctorFee !== '') {
    const fee = Number(doctorFee);
    if (Number.isFinite(fee) && fee >= 0) return fee;
  }
  return typeFee(type);
}

/**
 * The type of a booking: the one the client names; a client that names none (the request of the original
 * client carries only the amount it showed) gets the type whose default fee equals that amount, else
 * DEFAULT_APPOINTMENT_TYPE. Returns undefined for a named type that does not exist (the caller refuses it).
 */
export function bookingType(named: unknown, totalAmount: unknown): AppointmentType | undefined {
  if (named !== undefined && named !== null && named !== '') {
    return (APPOINTMENT_TYPES as readonly unknown[]).includes(named) ? (named as AppointmentType) : undefined;
  }
  const amount = typeof totalAmount === 'string' && totalAmount.trim() !== '' ? Number(totalAmount) : totalAmount;
  if (typeof amount === 'number' && Number.isFinite(amount)) {
    const match = APPOINTMENT_TYPES.find((type) => TYPE_FEES[type] === amount);
    if (match) return match;
  }
  return DEFAULT_APPOINTMENT_TYPE;
}
