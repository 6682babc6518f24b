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

/** CONTRACT.md §3: a message without sender_role reads as User. */
export function senderLabel(role: string | null | undefined): string {
  if (role === 'admin') return 'Support (Admin)';
  if (role === 'doctor') return 'Doctor';
  return 'User';
}

/** Labels of the status choices. */
export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  'in-progress': 'In progress',
  pending: 'Pending',
  resolved: 'Resolved',
  closed: 'Closed',
};

export function formatTicketTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-KE', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
