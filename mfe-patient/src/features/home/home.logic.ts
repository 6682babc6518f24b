import { appointmentStart, hoursUntil, nairobiDate, statusOf } from 'shell/ui-kit';
import type { Appointment } from '../../api/appointments';
import type { PrescriptionView as Prescription } from '@afya/prescription-service/contracts';
import { t } from '../../i18n';

type Timed = Pick<Appointment, 'appointment_date' | 'time_slot' | 'appointment_status'>;

/** 'Upcoming Appointments' (next two) or, with none in the future, the two most recent ('Recent Appointments'). */
export function pickAppointments<T extends Timed>(list: T[], now = Date.now()): { title: string; items: T[] } {
  const active = list.filter((a) => statusOf(a) !== 'cancelled');
  const future = active.filter((a) => appointmentStart(a) >= now).sort((a, b) => appointmentStart(a) - appointmentStart(b));
  if (future.length) return { title: t('home.upcoming'), items: future.slice(0, 2) };
  const past = [...list].sort((a, b) => appointmentStart(b) - appointmentStart(a));
  return { title: past.length ? t('home.recent') : t('home.upcoming'), items: past.slice(0, 2) };
}

export function todaysCount(list: Timed[], now = Date.now()): number {
  const today = nairobiDate(0, now);
  return list.filter((a) => a.appointment_date.slice(0, 10) === today && statusOf(a) !== 'cancelled').length;
}

/**
 * The greeting's second line. Only a loaded list may say how many appointments there are today: while it
 * loads, or after it failed, the page must not claim "no appointments".
 */
export function todayLine(state: { loading: boolean; error: string | null; today: number }): string {
  if (state.loading) return t('home.loadingAppointments');
  if (state.error) return t('home.appointmentsFailed');
  if (state.today === 0) return t('home.noneToday');
  return t('home.today', { count: state.today });
}

/** A count for a stat card: '…' while loading, '—' when it could not be loaded (never a made-up 0). */
export function statValue(state: { loading: boolean; failed: boolean }, count: number): string | number {
  if (state.loading) return '…';
  if (state.failed) return '—';
  return count;
}

/** Whole days (rounded up) until the appointment starts, from the ui-kit's clinic-time hoursUntil. */
export function daysUntil(a: Pick<Appointment, 'appointment_date' | 'time_slot'>, now = Date.now()): number {
  return Math.ceil(hoursUntil(a, now) / 24);
}

export function recentPrescriptions(list: Prescription[]): Prescription[] {
  return [...list].sort((a, b) => new Date(b.issued_at).getTime() - new Date(a.issued_at).getTime()).slice(0, 2);
}

export function firstMedicine(p: Pick<Prescription, 'medicines'>): string {
  return p.medicines[0]?.name ?? t('home.prescription');
}
