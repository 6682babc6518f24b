import type { ActivityEntry, ActivityMessage } from '@afya/reporting-service/contracts';
import { formatDate, formatKsh, formatSlot } from 'shell/i18n';
import { t } from '../../i18n';

/**
 * The overview's recent activity in the page's language. The reporting service sends each line twice: as English text
 * (`title`, `detail`: the line CONTRACT.md §2 shows, for clients that read text) and as a message key with its values (`title_message`,
 * `detail_message`), which the catalogue says in either language, with dates and times written as everywhere else
 * in the app ('Mon, 7 Dec 2026', not the service's '2026-12-07'). Names are shown as written; a line without a key
 * (from an older service) as its text.
 */
export function activityText(entry: Pick<ActivityEntry, 'title' | 'detail'> & Partial<Pick<ActivityEntry, 'title_message' | 'detail_message'>>): { title: string; detail: string } {
  return {
    title: entry.title_message ? say(entry.title_message) : entry.title,
    detail: entry.detail_message ? say(entry.detail_message) : entry.detail,
  };
}

const status = (value: string) => t(`activity.status.${value.toLowerCase()}`, { defaultValue: value });

function say(message: ActivityMessage): string {
  switch (message.key) {
    case 'user.name':
      return message.params.name;
    case 'user.id':
      return t('activity.user', { id: message.params.id });
    case 'user.registered':
      return t(`activity.registered.${message.params.role}`);
    case 'appointment.id':
      return t('activity.appointment', { id: message.params.id });
    case 'appointment.for':
      return t('activity.appointmentFor', { id: message.params.id, name: message.params.name });
    case 'appointment.when':
      return `${status(message.params.status)} · ${formatDate(message.params.date, 'day')}, ${formatSlot(message.params.slot)}`;
    case 'payment.amount':
      return t('activity.payment', { id: message.params.id, amount: formatKsh(message.params.amount) });
    case 'payment.status': {
      const { method, appointment_id } = message.params;
      const parts = [status(message.params.status)];
      if (method) parts.push(method === 'card' ? t('activity.card') : 'M-Pesa');
      if (appointment_id) parts.push(t('activity.forAppointment', { id: appointment_id }));
      return parts.join(' · ');
    }
  }
}
