import { addDays, bookingWindow } from '@afya/appointment-service/contracts/booking-rules';
import { formatDate } from 'shell/i18n';
import { t } from '../../i18n';
import type { WaitlistEntry } from './api';

/** How many days a waitlist range covers by default from the wanted day (clipped to the booking window). */
export const DEFAULT_RANGE_DAYS = 6;

/** The range offered when joining from a day with no free slot: that day to a week on, within the booking window. */
export function defaultRange(date: string, now: Date = new Date()): { date_from: string; date_to: string } {
  const { last } = bookingWindow(now);
  const to = addDays(date, DEFAULT_RANGE_DAYS);
  return { date_from: date, date_to: to > last ? last : to };
}

/** What an entry's status means to the patient, in the page's language. */
export function entryStatusText(entry: Pick<WaitlistEntry, 'status' | 'ended' | 'position'>): string {
  if (entry.status === 'booked') return t('waitlist.status.booked');
  if (entry.status === 'left') return t('waitlist.status.left');
  if (entry.status === 'offered') return t('waitlist.status.offered');
  if (entry.ended) return t('waitlist.status.ended');
  return entry.position === 1 ? t('waitlist.status.next') : t('waitlist.status.number', { position: entry.position ?? '?' });
}

/** mm:ss left until `expiresAt` (0:00 once past). */
export function timeLeft(expiresAt: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A clinic date with its weekday, in the page's language: `Tue, 1 Dec 2026` · `Jumanne, 1 Des 2026`. */
export function dayLabel(date: string): string {
  return formatDate(date, 'day');
}
