import { BOOKING_FIRST_DAY_OFFSET, BOOKING_WINDOW_DAYS, CLINIC_TIME_ZONE, DEFAULT_WORKING_WEEKDAYS, TIME_SLOTS, WEEKDAYS } from '../../contracts';

/**
 * Clinic time: dates and slots are Africa/Nairobi wall-clock time, whatever the server's TZ is.
 * The offset is read from the time-zone database (Nairobi is UTC+3 all year today), never assumed.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const SLOT = /^(0[1-9]|1[0-2]):(00|30) (AM|PM)$/;
const DAY_MS = 86_400_000;

const dateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: CLINIC_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function wallClock(instant: Date): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const parts = Object.fromEntries(dateParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return { y: +parts.year, m: +parts.month, d: +parts.day, h: +parts.hour, min: +parts.minute, s: +parts.second };
}

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

/** CONTRACT.md §5: bookable dates are tomorrow through 30 days ahead, in clinic time. */
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

/** Minutes after midnight of a slot label: '02:30 PM' → 870. */
export function slotMinutes(slot: string): number {
  const match = SLOT.exec(slot);
  if (!match) throw new Error(`Not a time slot: ${slot}`);
  const hours = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

/** The instant a slot starts: the clinic's wall-clock date and time, converted with the zone's offset. */
export function slotStart(date: string, slot: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const minutes = slotMinutes(slot);
  const asUtc = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  // The zone's offset at (about) that moment: wall clock minus UTC.
  const wall = wallClock(new Date(asUtc));
  const offset = Date.UTC(wall.y, wall.m - 1, wall.d, wall.h, wall.min, wall.s) - asUtc;
  return new Date(asUtc - offset);
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
