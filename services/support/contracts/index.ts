/**
 * The support service's contract: NATS patterns, payloads, replies and events, and (catalog.ts) the ticket
 * rules' constants and messages. Other packages import only this folder from services/support; the web app
 * `import type`s the views from here and imports catalog.ts.
 *
 * The request shapes are zod schemas (schemas.ts): a web app imports only types from here (and catalog.ts at
 * runtime). Patterns are plain names, callers put the bus namespace in front with `subject()`.
 */
import type { PasswordResetDelivery } from '@afya/auth-service/contracts';
import type { PrescriptionEvents, VitalAlertCreatedEventData } from '@afya/prescription-service/contracts';
import type { PayloadOf } from '@afya/service-shared/calls';
import type { z } from 'zod';
import type { SupportCalls } from './calls';
import type { DeliveryStatus, MessageChannel, SenderRole, TicketCategory, TicketPriority, TicketStatus } from './catalog';
import type {
  AppointmentRemindersReplySchema,
  ContactReplySchema,
  DeleteTicketReplySchema,
  DeliveryViewSchema,
  DoctorTicketViewSchema,
  NotificationPreferencesSchema,
  PostMessageReplySchema,
  SupportStatsReplySchema,
  TicketMessageViewSchema,
  TicketReplySchema,
  TicketViewSchema,
  UnreadReplySchema,
} from './schemas';

export * from './catalog';
export * from './schemas';
export * from './patterns';
export * from './calls';

/**
 * Events this service turns into messages whose producer depends on this package (the prescription service reads the
 * support service's audit events and tickets): imported at run time they would make a cycle, and this service's image
 * holds only its own closure. So the type is written here once more, and the compiler holds it to the producer's
 * declaration (`satisfies`: a renamed or re-versioned type there fails to compile here); the data shape is the
 * producer's, type-only (decision 0107).
 */
export const ProducerEventTypes = {
  /** A critical reading alerted a doctor (issue 39): the doctor gets an SMS and an email, kind 'vital-alert'. */
  vitalAlertCreated: 'prescription.vital-alert.created.v1' satisfies (typeof PrescriptionEvents)['vitalAlertCreated'],
} as const;
export type { VitalAlertCreatedEventData };

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

/** A support ticket ("complaint") as every screen reads it (TicketViewSchema). */
export type TicketView = z.output<typeof TicketViewSchema>;

/** GET /support/doctor: a patient's ticket as their doctor sees it (read-only). */
export type DoctorTicketView = z.output<typeof DoctorTicketViewSchema>;

export type TicketMessageView = z.output<typeof TicketMessageViewSchema>;

// ---- Payloads and replies ----

/** POST /support as the service reads it: the ticket's fields (`title` read as the subject). */
export type CreateTicketPayload = PayloadOf<typeof SupportCalls.create>;

/** PATCH /support/{id}: `{ id, changes }`, only the fields present. */
export type UpdateTicketPayload = PayloadOf<typeof SupportCalls.update>;

export type SetTicketStatusPayload = PayloadOf<typeof SupportCalls.setStatus>;

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

/** POST /contact: the subject is one of CONTACT_SUBJECTS, a service rule (src/rules), as are the lengths. */
export type ContactPayload = PayloadOf<typeof SupportCalls.contact>;

export type TicketReply = z.output<typeof TicketReplySchema>;
export type DeleteTicketReply = z.output<typeof DeleteTicketReplySchema>;
export type PostMessageReply = z.output<typeof PostMessageReplySchema>;
export type ContactReply = z.output<typeof ContactReplySchema>;
export type SupportStatsReply = z.output<typeof SupportStatsReplySchema>;
export type UnreadReply = z.output<typeof UnreadReplySchema>;

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

/** A patient's choice of channels (both on by default). */
export type NotificationPreferences = z.output<typeof NotificationPreferencesSchema>;

/** One row of the admin's delivery log: who, what kind, when, how it went. Never the message body. */
export type DeliveryView = z.output<typeof DeliveryViewSchema>;

export interface DeliveryListPayload {
  /** A name, an email or phone fragment, or an appointment id. */
  search?: string;
  status?: DeliveryStatus;
  channel?: MessageChannel;
  page?: number;
  limit?: number;
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

/** Issue 42: auth locked USSD for a patient after wrong PINs; the SMS says so in their language. */
export interface UssdLockedMessagePayload {
  user_id: number;
  /** the account's phone as stored */
  to: string;
  language: 'en' | 'sw';
  tries: number;
  minutes: number;
}

/**
 * support.v1.notifications.calendar-file: one appointment's iCalendar file (RFC 5545) for its patient, its doctor or
 * an admin (anyone else: 404), as the emails attach it: the same UID, the current SEQUENCE, TZID Africa/Nairobi.
 */
export type AppointmentRemindersPayload = PayloadOf<typeof SupportCalls.appointmentReminders>;
export type AppointmentRemindersReply = z.output<typeof AppointmentRemindersReplySchema>;

export interface CalendarFilePayload {
  id: number;
}
export interface CalendarFileReply {
  filename: string;
  ics: string;
}
