/**
 * The support service's contract: NATS patterns, payloads, replies and events, and (catalog.ts) the ticket
 * rules' constants and messages. Other packages import only this folder from services/support; the web app
 * `import type`s the views from here and imports catalog.ts.
 *
 * The request shapes are zod schemas (schemas.ts): a web app imports only types from here (and catalog.ts at
 * runtime). Patterns are plain names, callers put the bus namespace in front with `subject()`.
 */
import type { PasswordResetDelivery } from '@afya/auth-service/contracts';
import type { ContactSubject, DeliveryStatus, MessageChannel, SenderRole, TicketCategory, TicketPriority, TicketStatus } from './catalog';

export * from './catalog';
export * from './schemas';

/** Request-reply patterns (NATS subjects without the bus namespace). */
export const SupportPatterns = {
  health: 'support.v1.health',
  /** The caller's own tickets with their conversations, for their data export (DataExportTicketsReply). */
  dataExport: 'support.v1.data-export',
  create: 'support.v1.create',
  update: 'support.v1.update',
  setStatus: 'support.v1.status.set',
  remove: 'support.v1.delete',
  get: 'support.v1.get',
  listOwn: 'support.v1.list.own',
  listForDoctor: 'support.v1.list.doctor',
  listAll: 'support.v1.list.all',
  messages: 'support.v1.messages.list',
  postMessage: 'support.v1.messages.post',
  contact: 'support.v1.contact',
  /** {open, in_progress, pending, resolved, closed, unresolved} over tickets not deleted (admins). */
  stats: 'support.v1.stats',
  /** The caller's unread conversations (the Support menu badge). */
  unread: 'support.v1.unread',
  /** The caller's message preferences (NotificationPreferences). */
  preferencesGet: 'support.v1.notifications.preferences.get',
  preferencesSet: 'support.v1.notifications.preferences.set',
  /** An Africa's Talking delivery report (public callback; the token in its path is checked here). */
  smsDeliveryReport: 'support.v1.notifications.sms.delivery-report',
  /** Auth hands over a password-reset message (PasswordResetDelivery): sent at once, never queued here (auth retries). */
  passwordReset: 'support.v1.notifications.password-reset',
  /** Admins: the delivery log, searched and paged here (DeliveryListReply). */
  deliveries: 'support.v1.notifications.deliveries.list',
} as const;
export type SupportPattern = (typeof SupportPatterns)[keyof typeof SupportPatterns];

/** Domain events (JetStream, through the outbox). */
export const SupportEvents = {
  created: 'support.ticket.created.v1',
  /** Any change of the ticket, status changes included. */
  updated: 'support.ticket.updated.v1',
  /** Soft delete: the row stays for audit, the ticket leaves every list. */
  deleted: 'support.ticket.deleted.v1',
  messageCreated: 'support.ticket.message.created.v1',
  /** A doctor's read of a patient's ticket, or a doctor's refused attempt (the patient's access log keeps them). */
  auditRecorded: 'support.audit.recorded.v1',
} as const;

// ---- Shapes (CONTRACT.md §3) ----

/**
 * The support service's part of a data export: the caller's tickets and each one's conversation, their message
 * preferences (null: never set, both channels on) and every SMS and email sent or meant for them (the delivery log,
 * never a body).
 */
export interface DataExportTicketsReply {
  tickets: (TicketView & { messages: TicketMessageView[] })[];
  message_preferences: (NotificationPreferences & { updated_at: string }) | null;
  messages: Omit<DeliveryView, 'user_id' | 'user_name'>[];
}

/** Where a ticket came from: a signed-in user's Support page, or the public contact form. */
export type TicketSource = 'ticket' | 'contact';

/** A support ticket ("complaint") as every screen reads it. */
export interface TicketView {
  complaint_id: number;
  /** Same as complaint_id (the admin desk maps id from complaint_id). */
  id: number;
  /** null for a contact-form message whose email belongs to no account. */
  user_id: number | null;
  subject: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  category: TicketCategory;
  source: TicketSource;
  related_appointment_id: number | null;
  /** The owner's name and email (the contact form's sender when there is no account). */
  user_name: string | null;
  user_email: string | null;
  /** Same as user_name / user_email (the admin desk reads `user` and `email`). */
  user: string | null;
  email: string | null;
  messages_count: number;
  last_message_at: string | null;
  /** A reply the viewer has not seen yet (the other side wrote last, after the viewer last read). */
  unread: boolean;
  created_at: string;
  updated_at: string;
}

/** GET /support/doctor: a patient's ticket as their doctor sees it (read-only). */
export interface DoctorTicketView extends TicketView {
  user_phone: string | null;
  /** The latest appointment date (YYYY-MM-DD) between this patient and the doctor. */
  appointment_date: string | null;
}

export interface TicketMessageView {
  message_id: number;
  ticket_id: number;
  sender_role: SenderRole;
  sender_id: number | null;
  sender_name: string | null;
  message: string;
  created_at: string;
}

// ---- Payloads and replies ----

export interface CreateTicketPayload {
  subject: string;
  description: string;
  category?: TicketCategory;
  priority?: TicketPriority;
  related_appointment_id?: number | null;
}

export interface UpdateTicketPayload {
  id: number;
  changes: Partial<CreateTicketPayload>;
}

export interface SetTicketStatusPayload {
  id: number;
  status: TicketStatus;
}

/** Paging of a list call (query `limit`, `offset`); without it a list answers its first 1,000 rows, newest first. */
export interface ListPagePayload {
  limit?: number;
  offset?: number;
}

export interface ListAllTicketsPayload extends ListPagePayload {
  search?: string;
  status?: TicketStatus;
}

export interface PostMessagePayload {
  id: number;
  message: string;
}

export interface ContactPayload {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
}

export interface TicketReply {
  complaint: TicketView;
  message: string;
}
/**
 * The lists (own, doctor, all): one page under `complaints` and the whole list's total. Over HTTP the body is the
 * bare array and the total is in X-Total-Count.
 */
export interface TicketListReply {
  complaints: TicketView[];
  total: number;
}
export interface DoctorTicketListReply {
  complaints: DoctorTicketView[];
  total: number;
}
export interface DeleteTicketReply {
  message: string;
  complaint_id: number;
}
export interface TicketMessagesReply {
  messages: TicketMessageView[];
}
export interface PostMessageReply {
  data: TicketMessageView;
  complaint: TicketView;
  message: string;
}
export interface ContactReply {
  message: string;
  complaint_id: number;
}
export interface SupportStatsReply {
  open: number;
  in_progress: number;
  pending: number;
  resolved: number;
  closed: number;
  /** Every status but resolved and closed. */
  unresolved: number;
}
export interface UnreadReply {
  /** Conversations with a reply the caller has not read. */
  count: number;
}

// ---- Events ----

/** ticket.created / ticket.updated / ticket.deleted */
export interface TicketEventData {
  ticket_id: number;
  /** null for an anonymous contact-form message. */
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  previous_status?: TicketStatus;
  created_at: string;
  updated_at: string;
}

/** audit.recorded: a doctor read (or was refused) patients' tickets; one entry per ticket. */
export interface SupportAuditData {
  actor_user_id: number;
  actor_role: 'user' | 'doctor' | 'admin';
  action: 'read';
  outcome: 'success' | 'denied';
  tickets: { ticket_id: number; patient_user_id: number }[];
  at: string;
  request_id?: string;
}

/** ticket.message.created (no message body: the conversation is read through support.messages.list). */
export interface TicketMessageEventData {
  ticket_id: number;
  message_id: number;
  sender_role: SenderRole;
  sender_id: number | null;
  created_at: string;
}

// ---- Communications (SMS and email the platform sends) ----

/** What a message is about. */
export type MessageKind =
  | 'booking-confirmation'
  | 'payment-confirmation'
  | 'cancellation'
  | 'reminder-24h'
  | 'reminder-2h'
  | 'reschedule'
  | 'doctor-reschedule'
  | 'waitlist-offer'
  | 'password-reset';

/** A patient's choice of channels (both on by default). */
export interface NotificationPreferences {
  sms: boolean;
  email: boolean;
}

/** One row of the admin's delivery log: who, what kind, when, how it went. Never the message body. */
export interface DeliveryView {
  delivery_id: number;
  user_id: number;
  user_name: string | null;
  appointment_id: number | null;
  kind: MessageKind;
  channel: MessageChannel;
  /** Masked (+254712***78, ja***@example.com). */
  recipient: string | null;
  status: DeliveryStatus;
  /** Why it was skipped or failed, or the last provider error while retrying. */
  reason: string | null;
  provider_status: string | null;
  attempts: number;
  due_at: string;
  sent_at: string | null;
  updated_at: string;
}

export interface DeliveryListPayload {
  /** A name, an email or phone fragment, or an appointment id. */
  search?: string;
  status?: DeliveryStatus;
  channel?: MessageChannel;
  page?: number;
  limit?: number;
}

export interface DeliveryListReply {
  deliveries: DeliveryView[];
  total: number;
  page: number;
  limit: number;
}

/** Africa's Talking's delivery report (form fields), with the secret path token of the callback URL. */
export interface SmsDeliveryReportPayload {
  token: string;
  id: string;
  status: string;
  phoneNumber?: string;
  networkCode?: string;
  failureReason?: string;
  retryCount?: string;
}

/** A password-reset message to send, as auth hands it over. */
export type PasswordResetMessagePayload = PasswordResetDelivery;
