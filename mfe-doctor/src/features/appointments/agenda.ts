import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@afya/appointment-service/contracts/catalog';
import { formatDate } from 'shell/i18n';
import { appointmentStart, canonicalStatus, nairobiDate, type AppointmentLike } from 'shell/ui-kit';
import { t } from '../../i18n';

type Dated = Pick<AppointmentLike, 'appointment_date' | 'time_slot'> & { appointment_id: number };

/** One day of the doctor's agenda: its clinic date, the header to show, and its visits in time order. */
export interface AgendaDay<T> {
  date: string;
  label: string;
  past: boolean;
  appointments: T[];
}

const dayOf = (a: Pick<AppointmentLike, 'appointment_date'>) => (a.appointment_date ?? '').slice(0, 10);
const byStart = (x: Dated, y: Dated) => appointmentStart(x) - appointmentStart(y) || x.appointment_id - y.appointment_id;

/**
 * A doctor's agenda order (issue 8 §6): today and the days after it first, soonest first; then the past
 * days, the most recent first, each still read from morning to evening. Sorted here whatever order the
 * server answered in, so the agenda does not depend on it.
 */
export function agendaOrder<T extends Dated>(list: readonly T[], now = Date.now()): T[] {
  const today = nairobiDate(0, now);
  const upcoming = list.filter((a) => dayOf(a) >= today).sort(byStart);
  const past = list
    .filter((a) => dayOf(a) < today)
    .sort((x, y) => (dayOf(x) === dayOf(y) ? byStart(x, y) : dayOf(y).localeCompare(dayOf(x))));
  return [...upcoming, ...past];
}

/** 'Today', 'Tomorrow', 'Yesterday', else the weekday and date ('Wednesday, 25 November 2026'), clinic dates. */
export function dayLabel(date: string, now = Date.now()): string {
  const long = formatDate(date, 'dayLong');
  if (date === nairobiDate(0, now)) return t('agenda.today', { date: long });
  if (date === nairobiDate(1, now)) return t('agenda.tomorrow', { date: long });
  if (date === nairobiDate(-1, now)) return t('agenda.yesterday', { date: long });
  return long;
}

/** Consecutive visits of the same clinic date under one header (give it agendaOrder's result). */
export function groupByDay<T extends Dated>(ordered: readonly T[], now = Date.now()): AgendaDay<T>[] {
  const today = nairobiDate(0, now);
  const days: AgendaDay<T>[] = [];
  for (const a of ordered) {
    const date = dayOf(a);
    const last = days.at(-1);
    if (last && last.date === date) last.appointments.push(a);
    else days.push({ date, label: date ? dayLabel(date, now) : t('agenda.noDate'), past: date < today, appointments: [a] });
  }
  return days;
}

/**
 * Issue 8 §6: a visit can be marked Completed only once its start time (clinic date and slot) has come; the
 * appointment service refuses it earlier. One already Completed stays selectable.
 */
export function canMarkCompleted(a: Pick<AppointmentLike, 'appointment_date' | 'time_slot' | 'appointment_status'>, now = Date.now()): boolean {
  if (canonicalStatus(a.appointment_status) === 'Completed') return true;
  const start = appointmentStart(a);
  return Number.isFinite(start) && start <= now;
}

/** The status choices for one visit: Completed stays disabled (with the service's reason) until it has started. */
export function statusOptions(
  a: Pick<AppointmentLike, 'appointment_date' | 'time_slot' | 'appointment_status'>,
  now = Date.now(),
): Array<{ value: AppointmentStatus; label: string; disabled?: boolean; title?: string }> {
  const completable = canMarkCompleted(a, now);
  return APPOINTMENT_STATUSES.map((s) =>
    s === 'Completed' && !completable
      ? { value: s, label: t('agenda.completedAfterStart'), disabled: true, title: t('messages.completeTooEarly') }
      : { value: s, label: t(`status.${s}`) },
  );
}
