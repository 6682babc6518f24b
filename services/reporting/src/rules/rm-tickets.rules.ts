import type { DomainEvent } from '@afya/service-shared';
import type { ReportingTicketData } from '../read-models/event-data';
import type { Outcome } from './read-model-outcome';

// rm_tickets, from the support service's ticket events.

export type TicketRow = {
  ticket_id: number;
  user_id: number | null;
  status: string;
  priority: string | null;
  category: string | null;
  created_at: string;
  updated_at: string;
};

export function applyTicket(before: TicketRow | null, event: DomainEvent<ReportingTicketData>): Outcome<TicketRow> {
  const d = event.data;
  return {
    row: {
      ticket_id: before?.ticket_id ?? d.ticket_id,
      user_id: d.user_id ?? before?.user_id ?? null,
      status: d.status ?? 'open',
      priority: d.priority ?? before?.priority ?? null,
      category: d.category ?? before?.category ?? null,
      created_at: before?.created_at ?? d.created_at ?? event.occurredAt,
      updated_at: d.updated_at ?? event.occurredAt,
    },
    counts: [],
    daily: [],
  };
}
