import type { DoctorTicketView, TicketEventData, TicketMessageView, TicketStatus, TicketView } from '../../contracts';
import { isUnread, statusOf, TicketFields } from '../rules/tickets';

/** A tickets row joined with the owner's name, email and phone from the user directory (read model). */
export interface TicketRow extends TicketFields {
  ticket_id: number;
  user_id: number | null;
  source: 'ticket' | 'contact';
  status: TicketStatus | null;
  contact_name: string | null;
  contact_email: string | null;
  messages_count: number;
  last_message_at: Date | null;
  last_owner_activity_at: Date | null;
  last_staff_message_at: Date | null;
  owner_read_at: Date | null;
  staff_read_at: Date | null;
  created_at: Date;
  updated_at: Date;
  user_name: string | null;
  user_email: string | null;
  user_phone: string | null;
  appointment_date?: string | null;
}

export const TICKET_SELECT = `
  SELECT t.ticket_id, t.user_id, t.source, t.subject, t.description, t.status, t.priority, t.category, t.related_appointment_id,
         t.contact_name, t.contact_email, t.messages_count, t.last_message_at, t.last_owner_activity_at, t.last_staff_message_at,
         t.owner_read_at, t.staff_read_at, t.created_at, t.updated_at,
         COALESCE(NULLIF(btrim(u.firstname || ' ' || u.lastname), ''), t.contact_name) AS user_name,
         COALESCE(u.email, t.contact_email) AS user_email,
         u.contact_phone AS user_phone
    FROM tickets t
    LEFT JOIN user_directory u ON u.user_id = t.user_id`;

export const TICKET_ORDER = 'ORDER BY t.created_at DESC, t.ticket_id DESC';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toTicketView(row: TicketRow, viewer: 'owner' | 'admin' | 'doctor'): TicketView {
  return {
    complaint_id: row.ticket_id,
    id: row.ticket_id,
    user_id: row.user_id,
    subject: row.subject,
    description: row.description,
    status: statusOf(row),
    priority: row.priority,
    category: row.category,
    source: row.source,
    related_appointment_id: row.related_appointment_id,
    user_name: row.user_name,
    user_email: row.user_email,
    user: row.user_name,
    email: row.user_email,
    messages_count: row.messages_count,
    last_message_at: iso(row.last_message_at),
    unread: viewer === 'doctor' ? false : isUnread(viewer, row),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export function toDoctorTicketView(row: TicketRow): DoctorTicketView {
  return { ...toTicketView(row, 'doctor'), user_phone: row.user_phone, appointment_date: row.appointment_date ?? null };
}

export function toTicketEventData(row: TicketRow, previous?: string | null): TicketEventData {
  return {
    ticket_id: row.ticket_id,
    user_id: row.user_id,
    user_name: row.user_name,
    user_email: row.user_email,
    subject: row.subject,
    category: row.category,
    priority: row.priority,
    status: statusOf(row),
    ...(previous !== undefined && previous !== row.status ? { previous_status: statusOf({ status: previous }) } : {}),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export const MESSAGE_SELECT = `
  SELECT m.message_id, m.ticket_id, m.sender_role, m.sender_id, m.message, m.created_at,
         NULLIF(btrim(COALESCE(u.firstname, '') || ' ' || COALESCE(u.lastname, '')), '') AS sender_name
    FROM ticket_messages m
    LEFT JOIN user_directory u ON u.user_id = m.sender_id`;

export function toMessageView(row: Omit<TicketMessageView, 'created_at'> & { created_at: Date }): TicketMessageView {
  return { ...row, created_at: iso(row.created_at)! };
}
