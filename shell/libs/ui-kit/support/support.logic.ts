import { formatDate, i18n } from '../../i18n';
import type { TicketPriority, TicketStatus, TicketView } from '@afya/support-service/contracts';

/** The patient and doctor lists' filters (CONTRACT.md §2): search over title and description, status, priority. */
export interface TicketFilterValue {
  search: string;
  status: TicketStatus | 'all';
  priority: TicketPriority | 'all';
}
export const NO_TICKET_FILTERS: TicketFilterValue = { search: '', status: 'all', priority: 'all' };

export function filterTickets<T extends Pick<TicketView, 'subject' | 'description' | 'status' | 'priority'>>(tickets: T[], f: TicketFilterValue): T[] {
  const needle = f.search.trim().toLowerCase();
  return tickets.filter(
    (t) =>
      (!needle || t.subject.toLowerCase().includes(needle) || t.description.toLowerCase().includes(needle)) &&
      (f.status === 'all' || (t.status ?? 'open') === f.status) &&
      (f.priority === 'all' || t.priority === f.priority),
  );
}

/** CONTRACT.md §3: a message without sender_role reads as User (in the page's language). */
export function senderLabel(role: string | null | undefined): string {
  const sender = role === 'admin' || role === 'doctor' ? role : 'user';
  return i18n.t(`tickets.senders.${sender}`, { ns: 'shell' });
}

/** Labels of the status choices. */
export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  'in-progress': 'In progress',
  pending: 'Pending',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** When a ticket or message was written, on the clinic's clock and in the page's language ('' when unreadable). */
export function formatTicketTime(iso: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? '' : formatDate(iso, 'dateTime');
}
