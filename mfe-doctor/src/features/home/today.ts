import { nairobiDate, slotMinutes } from 'shell/ui-kit';
import { currentLanguage, formatSlot } from 'shell/i18n';
import type { DoctorAppointment } from '../../api/appointments';
import { t } from '../../i18n';

/** Today's visits (clinic date) from morning to evening, for the home page's table. */
export function todaysAppointments(list: readonly DoctorAppointment[], now = Date.now()): DoctorAppointment[] {
  const today = nairobiDate(0, now);
  return list.filter((a) => a.appointment_date.slice(0, 10) === today).sort((x, y) => slotMinutes(x.time_slot) - slotMinutes(y.time_slot));
}

/** The banner's line about today. */
export function todayLine(count: number): string {
  return count === 0 ? t('home.noneToday') : t('home.today', { count });
}

const fullName = (u: { firstname: string | null; lastname: string | null } | null | undefined) => [u?.firstname, u?.lastname].filter(Boolean).join(' ');

/** The name on a notification: the account's name, else the name given at booking, else 'A patient'. */
export function notificationName(n: { user?: { firstname: string | null; lastname: string | null } | null; patient_full_name?: string | null }): string {
  return fullName(n.user) || n.patient_full_name || t('home.aPatient');
}

/** When an upcoming visit is, as a notification says it: 'Today at 09:00 AM', 'Tomorrow at …', 'Mon 30 Nov at …'. */
export function visitWhen(v: { appointment_date: string; time_slot: string }, now = Date.now()): string {
  const date = v.appointment_date.slice(0, 10);
  if (date === nairobiDate(0, now)) return t('home.todayAt', { time: formatSlot(v.time_slot) });
  if (date === nairobiDate(1, now)) return t('home.tomorrowAt', { time: formatSlot(v.time_slot) });
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(currentLanguage() === 'sw' ? 'sw-KE' : 'en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  return t('home.dayAt', { day, time: formatSlot(v.time_slot) });
}
