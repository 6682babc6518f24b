import { formatDate } from 'shell/i18n';
import { t } from '../../i18n';
import type { WaitlistEntry } from '../../api/waitlist';

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
