/**
 * The support calls' request bodies and queries, each written once (zod): the gateway validates and documents with
 * them, the web apps take their types from them. They hold the types and lists; whether a field is required, its
 * length and its default depend on the ticket being created or edited (an edit keeps what it does not name), so
 * those rules are the support service's (src/rules/tickets.ts), worded once in the catalog.
 */
import { isFreeOfMarkup, pageQuery, singleLine, wholeNumber, z } from '@afya/service-shared/schema';
import { DELIVERY_KINDS, DELIVERY_STATUSES, MESSAGE_CHANNELS, SENDER_ROLES, SupportMessages, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from './catalog';

// ---- Requests ----

/** POST /support and PATCH /support/{id}. The API's modal calls the subject a title; both names are read; it is one line. */
export const TicketBodySchema = z.object({
  subject: singleLine(SupportMessages.subjectOneLine, SupportMessages.subjectRequired).nullish(),
  title: singleLine(SupportMessages.subjectOneLine, SupportMessages.subjectRequired).nullish().meta({ description: 'Same as subject' }),
  description: z.string({ error: SupportMessages.descriptionRequired }).nullish(),
  category: z.enum(TICKET_CATEGORIES, { error: SupportMessages.category }).nullish(),
  priority: z.enum(TICKET_PRIORITIES, { error: SupportMessages.priority }).nullish(),
  related_appointment_id: wholeNumber(SupportMessages.appointmentNotYours, { min: 1 }).nullable().optional(),
});

/** PATCH /support/{id}/status */
export const TicketStatusBodySchema = z.object({ status: z.enum(TICKET_STATUSES, { error: SupportMessages.status }) });

/** POST /support/{id}/messages (its length is the service's rule, with the other ticket texts). */
export const TicketMessageBodySchema = z.object({ message: z.string({ error: SupportMessages.messageRequired }).meta({ maxLength: 5000 }) });

/** GET /support/all: search and status filters, and a page by limit/offset or by 1-based page number. */
export const ListTicketsQuerySchema = pageQuery.extend({
  search: z.string({ error: 'search must be a string' }).optional(),
  status: z.enum([...TICKET_STATUSES, 'all'], { error: SupportMessages.status }).optional(),
  page: z
    .union([z.number(), z.string().regex(/^\s*\d+\s*$/).transform(Number)], { error: 'page must be an integer number' })
    .pipe(z.number().int('page must be an integer number').min(1, 'page must not be less than 1'))
    .optional()
    .meta({ description: 'Instead of offset: the 1-based page of `limit` rows' }),
});

/** POST /api/contact (the public contact form). Lengths and the subject list are the service's rules; the name is one line, without markup. */
export const ContactBodySchema = z.object({
  name: singleLine(SupportMessages.contactNameOneLine, SupportMessages.contactName).refine(isFreeOfMarkup, SupportMessages.contactNameMarkup),
  email: z.string({ error: SupportMessages.contactEmail }),
  subject: z.string({ error: SupportMessages.contactSubject }),
  message: z.string({ error: SupportMessages.contactMessage }),
});

// ---- Notifications (PUT /notifications/preferences, GET /admin/deliveries) ----

/** PUT /notifications/preferences: either channel, or both. */
export const PreferencesBodySchema = z.object({
  sms: z.boolean({ error: 'sms must be true or false' }).nullish(),
  email: z.boolean({ error: 'email must be true or false' }).nullish(),
});

const positive = (field: string, max?: number) => {
  const whole = z.number().int(`${field} must be an integer number`).min(1, `${field} must not be less than 1`);
  return z
    .union([z.number(), z.string().regex(/^\s*\d+\s*$/).transform(Number)], { error: `${field} must be an integer number` })
    .pipe(max === undefined ? whole : whole.max(max, `${field} must not be greater than ${max}`))
    .optional();
};
/** GET /admin/deliveries: search, status, channel and a page. */
export const DeliveriesQuerySchema = z.object({
  search: z.string({ error: 'search must be a string' }).max(100, 'search must be shorter than or equal to 100 characters').optional(),
  status: z.enum(DELIVERY_STATUSES, { error: `status must be one of ${DELIVERY_STATUSES.join(', ')}` }).optional(),
  channel: z.enum(MESSAGE_CHANNELS, { error: 'channel must be sms or email' }).optional(),
  page: positive('page'),
  limit: positive('limit', 100),
});

// ---- Replies (CONTRACT.md §3) ----

/** A support ticket ("complaint") as every screen reads it. */
export const TicketViewSchema = z.object({
  complaint_id: z.number().int(),
  id: z.number().int().meta({ description: 'Same as complaint_id (the admin desk maps id from complaint_id)' }),
  user_id: z.number().int().nullable().meta({ description: 'null for a contact-form message whose email belongs to no account' }),
  subject: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  category: z.enum(TICKET_CATEGORIES),
  source: z.enum(['ticket', 'contact']).meta({ description: "Where it came from: a signed-in user's Support page, or the public contact form" }),
  related_appointment_id: z.number().int().nullable(),
  user_name: z.string().nullable().meta({ description: "The owner's name (the contact form's sender when there is no account)" }),
  user_email: z.string().nullable(),
  user: z.string().nullable().meta({ description: 'Same as user_name (the admin desk reads `user` and `email`)' }),
  email: z.string().nullable().meta({ description: 'Same as user_email' }),
  messages_count: z.number().int(),
  last_message_at: z.string().nullable(),
  unread: z.boolean().meta({ description: 'A reply the viewer has not seen yet (the other side wrote last, after the viewer last read)' }),
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET /support/doctor: a patient's ticket as their doctor sees it (read-only). */
export const DoctorTicketViewSchema = TicketViewSchema.extend({
  user_phone: z.string().nullable(),
  appointment_date: z.string().nullable().meta({ description: 'The latest appointment date (YYYY-MM-DD) between this patient and the doctor' }),
});

export const TicketMessageViewSchema = z.object({
  message_id: z.number().int(),
  ticket_id: z.number().int(),
  sender_role: z.enum(SENDER_ROLES),
  sender_id: z.number().int().nullable(),
  sender_name: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
});

export const TicketReplySchema = z.object({ complaint: TicketViewSchema, message: z.string() });
export const DeleteTicketReplySchema = z.object({ message: z.string(), complaint_id: z.number().int() });
/** POST /contact: the message arrived as this ticket in the support desk. */
export const ContactReplySchema = z.object({ message: z.string(), complaint_id: z.number().int() });
export const PostMessageReplySchema = z.object({ data: TicketMessageViewSchema, complaint: TicketViewSchema, message: z.string() });
/** The admin overview: tickets by status (not deleted), and how many are unresolved (every status but resolved and closed). */
export const SupportStatsReplySchema = z.object({
  open: z.number().int(),
  in_progress: z.number().int(),
  pending: z.number().int(),
  resolved: z.number().int(),
  closed: z.number().int(),
  unresolved: z.number().int(),
});
/** The Support menu badge: conversations with a reply the caller has not read. */
export const UnreadReplySchema = z.object({ count: z.number().int() });
/** A patient's choice of channels (both on by default). */
export const NotificationPreferencesSchema = z.object({ sms: z.boolean(), email: z.boolean() });

/** One row of the admin's delivery log (GET /admin/deliveries): who, what kind, when, how it went. Never the message body. */
export const DeliveryViewSchema = z.object({
  delivery_id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string().nullable(),
  appointment_id: z.number().int().nullable(),
  kind: z.enum(DELIVERY_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  recipient: z.string().nullable().meta({ description: 'Masked (+254712***78, ja***@example.com)' }),
  status: z.enum(DELIVERY_STATUSES),
  reason: z.string().nullable().meta({ description: 'Why it was skipped or failed, or the last provider error while retrying' }),
  provider_status: z.string().nullable(),
  attempts: z.number().int(),
  due_at: z.string(),
  sent_at: z.string().nullable(),
  updated_at: z.string(),
});

/** What happened to one channel of a reminder: not yet due (scheduled), or the delivery log's status. */
export const REMINDER_STATES = ['scheduled', ...DELIVERY_STATUSES] as const;

/** GET /appointments/{id}/reminders: the visit's reminders (24 h and 2 h before), when each is due and how each channel went. */
export const AppointmentRemindersReplySchema = z.object({
  appointment_id: z.number().int(),
  reminders: z.array(
    z.object({
      kind: z.enum(['reminder-24h', 'reminder-2h']),
      due_at: z.string().meta({ description: 'When it goes (or went), ISO 8601 UTC' }),
      channels: z.array(
        z.object({
          channel: z.enum(MESSAGE_CHANNELS),
          status: z.enum(REMINDER_STATES).meta({ description: 'scheduled: not yet due; sent or delivered: it left; skipped or failed: it did not (the delivery log says why, to admins)' }),
          sent_at: z.string().nullable(),
        }),
      ),
    }),
  ),
});
