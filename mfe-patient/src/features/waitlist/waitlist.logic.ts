import { addDays, bookingWindow } from '@afya/appointment-service/contracts/booking-rules';
import type { WaitlistEntry } from './api';

/** How many days a waitlist range covers by default from the wanted day (clipped to the booking window). */
export const DEFAULT_RANGE_DAYS = 6;

/** The range offered when joining from a day with no free slot: that day to a week on, within the booking window. */
export function defaultRange(date: string, now: Date = new Date()): { date_from: string; date_to: string } {
  const { last } = bookingWindow(now);
  const to = addDays(date, DEFAULT_RANGE_DAYS);
  return { date_from: date, date_to: to > last ? last : to };
}

/** What an entry's status means to the patient. */
export function entryStatusText(entry: Pick<WaitlistEntry, 'status' | 'ended' | 'position'>): string {
  if (entry.status === 'booked') return 'Booked';
  if (entry.status === 'left') return 'Left';
  if (entry.status === 'offered') return 'A slot is held for you';
  if (entry.ended) return 'Dates passed';
  return entry.position === 1 ? 'Waiting: next in line' : `Waiting: number ${entry.position ?? '?'} in line`;
}

/** mm:ss left until `expiresAt` (0:00 once past). */
export function timeLeft(expiresAt: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** `Tue 1 Dec 2026` for a clinic date. */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}
