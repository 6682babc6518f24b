import type { ActivityEntry } from '@afya/reporting-service/contracts';
import { currentLanguage, formatDate } from 'shell/i18n';
import { t } from '../../i18n';

/**
 * The overview's recent activity in the page's language. The reporting service writes each entry's title and detail
 * in English from fixed shapes ('Appointment #12 for Amina Yusuf', 'Pending · 2026-11-28 09:00 AM', 'Payment #3 ·
 * Ksh 1,500', 'completed · M-Pesa · appointment #12', 'New patient registered'); this reads those shapes back and
 * says them with the catalogue. Names stay as written; a text of any other shape is shown as it came.
 */
export function activityText(entry: Pick<ActivityEntry, 'kind' | 'title' | 'detail'>): { title: string; detail: string } {
  // English is the service's own text, as it wrote it.
  if (currentLanguage() === 'en') return { title: entry.title, detail: entry.detail };
  return { title: activityTitle(entry), detail: activityDetail(entry) };
}

const status = (value: string) => t(`activity.status.${value.toLowerCase()}`, { defaultValue: value });

function activityTitle({ kind, title }: Pick<ActivityEntry, 'kind' | 'title'>): string {
  if (kind === 'appointment') {
    const m = /^Appointment #(\d+)(?: for (.+))?$/.exec(title);
    if (m) return m[2] ? t('activity.appointmentFor', { id: m[1], name: m[2] }) : t('activity.appointment', { id: m[1] });
  }
  if (kind === 'payment') {
    const m = /^Payment #(\d+) · (Ksh .+)$/.exec(title);
    if (m) return t('activity.payment', { id: m[1], amount: m[2] });
  }
  if (kind === 'user') {
    const m = /^User #(\d+)$/.exec(title);
    if (m) return t('activity.user', { id: m[1] });
  }
  return title;
}

function activityDetail({ kind, detail }: Pick<ActivityEntry, 'kind' | 'detail'>): string {
  if (kind === 'user') {
    const m = /^New (patient|doctor|admin) registered$/.exec(detail);
    if (m) return t(`activity.registered.${m[1]}`);
  }
  if (kind === 'appointment') {
    const m = /^(\w+) · (\d{4}-\d{2}-\d{2}) (.+)$/.exec(detail);
    if (m) return `${status(m[1]!)} · ${formatDate(m[2])} ${m[3]}`;
  }
  if (kind === 'payment') {
    const m = /^(\w+)(?: · (M-Pesa|card))?(?: · appointment #(\d+))?$/.exec(detail);
    if (m) {
      const parts = [status(m[1]!)];
      if (m[2]) parts.push(m[2] === 'card' ? t('activity.card') : m[2]);
      if (m[3]) parts.push(t('activity.forAppointment', { id: m[3] }));
      return parts.join(' · ');
    }
  }
  return detail;
}
