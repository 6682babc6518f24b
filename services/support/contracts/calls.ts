/**
 * The support service's HTTP calls, each declared once (issue 34; the kit: @afya/service-shared/calls): the gateway
 * serves each from its declaration (route, roles, validation, forwarding to `subject`), /api/docs documents it, and the
 * browser calls it through `calls.support.<name>` with the reply typed from its schema. The support service checks
 * ownership again (another user's ticket answers 404, a doctor's read-only view of a patient's ticket 403 on a change).
 *
 * The public contact form is rate limited by the gateway (gateway/src/modules/support/support.calls.ts).
 *
 * The lists answer one page (RowsPage): the bare array, X-Total-Count and Link. A conversation's messages are all of
 * them (one page); the admin's delivery log is paged by the service by page number (X-Total-Count only).
 *
 * Still controller methods in the gateway (docs/decisions/0095-one-declaration-per-call.md, "Migration plan"): the
 * live ticket events (a stream) and the SMS delivery reports (a provider callback).
 */
import { bodyOf, call, listOf, queryOf, reply } from '@afya/service-shared/calls';
import { idParam, pageQuery, z } from '@afya/service-shared/schema';
import { SupportPatterns } from './patterns';
import {
  AppointmentRemindersReplySchema,
  ContactBodySchema,
  ContactReplySchema,
  DeleteTicketReplySchema,
  DeliveriesQuerySchema,
  DeliveryViewSchema,
  DoctorTicketViewSchema,
  ListTicketsQuerySchema,
  NotificationPreferencesSchema,
  PostMessageReplySchema,
  PreferencesBodySchema,
  SupportStatsReplySchema,
  TicketBodySchema,
  TicketMessageBodySchema,
  TicketMessageViewSchema,
  TicketReplySchema,
  TicketStatusBodySchema,
  TicketViewSchema,
  UnreadReplySchema,
} from './schemas';

const ticket = z.object({ id: idParam });
/** Rows of one desk page when the client asks by page number without a limit. */
const DEFAULT_PAGE_ROWS = 50;
/**
 * The desk's query as the service reads it: a page by limit/offset, or by 1-based page number (`limit` rows, 50 when
 * not given); 'all' or nothing: every status.
 */
const DeskQuery = queryOf(ListTicketsQuerySchema).transform(({ page, limit, offset, search, status }) => ({
  search,
  status: status === 'all' ? undefined : status,
  ...(page && offset === undefined ? { limit: limit ?? DEFAULT_PAGE_ROWS, offset: (page - 1) * (limit ?? DEFAULT_PAGE_ROWS) } : { limit, offset }),
}));

/** A ticket's fields as the service reads them (`title` is another name for the subject). */
const ticketFields = ({ subject, title, description, category, priority, related_appointment_id }: z.output<typeof TicketBodySchema>) => ({
  subject: subject ?? title,
  description,
  category,
  priority,
  related_appointment_id,
});
/** A new ticket: its fields. */
const NewTicketBody = TicketBodySchema.transform(ticketFields);
/** An edit goes to the service as `{ id, changes }`, with only the fields present. */
const TicketChangesBody = TicketBodySchema.transform((body) => ({
  changes: Object.fromEntries(Object.entries(ticketFields(body)).filter(([, value]) => value !== undefined)) as Partial<ReturnType<typeof ticketFields>>,
}));

export const SupportCalls = {
  /** The caller's own tickets (admins: every ticket), newest first: the bare array of one page. */
  listOwn: call
    .route({ method: 'GET', path: '/support', outputStructure: 'detailed', tags: ['support'], summary: "The caller's own tickets, one page (admins: all)" })
    .meta({ subject: SupportPatterns.listOwn, list: true })
    .input(z.object({ query: queryOf(pageQuery) }))
    .output(listOf(TicketViewSchema)),

  /** Every ticket, searched and filtered; the bare array of one page (limit/offset, or page and limit). */
  listAll: call
    .route({ method: 'GET', path: '/support/all', outputStructure: 'detailed', tags: ['support'], summary: 'Every ticket, searched and filtered (admins)' })
    .meta({ subject: SupportPatterns.listAll, roles: ['admin'], list: true })
    .input(z.object({ query: DeskQuery }))
    .output(listOf(TicketViewSchema)),

  /** Tickets of the doctor's patients (read-only), the bare array of one page. */
  listForDoctor: call
    .route({ method: 'GET', path: '/support/doctor', outputStructure: 'detailed', tags: ['support'], summary: "Tickets of the doctor's patients (read-only), one page" })
    .meta({ subject: SupportPatterns.listForDoctor, roles: ['doctor'], list: true })
    .input(z.object({ query: queryOf(pageQuery) }))
    .output(listOf(DoctorTicketViewSchema)),

  /** The conversation, oldest first: the bare array of its messages (all of them). */
  messages: call
    .route({ method: 'GET', path: '/support/{id}/messages', outputStructure: 'detailed', tags: ['support'], summary: 'The conversation, oldest first' })
    .meta({ subject: SupportPatterns.messages, list: true })
    .input(z.object({ params: ticket }))
    .output(listOf(TicketMessageViewSchema)),

  /** The admin's delivery log (SMS and email), newest first, searched; paged by page number, the total in X-Total-Count. */
  deliveries: call
    .route({ method: 'GET', path: '/admin/deliveries', outputStructure: 'detailed', tags: ['notifications'], summary: 'Message deliveries (SMS and email), one page (admins)' })
    .meta({ subject: SupportPatterns.deliveries, roles: ['admin'], list: 'counted' })
    .input(z.object({ query: queryOf(DeliveriesQuerySchema) }))
    .output(listOf(DeliveryViewSchema)),

  /** CONTRACT.md §10: the public contact form's message arrives as a ticket in the admin's support desk (rate limited). */
  contact: call
    .route({ method: 'POST', path: '/contact', successStatus: 201, tags: ['support'], summary: 'Send a message from the public contact form' })
    .meta({ subject: SupportPatterns.contact, public: true })
    .input(z.object({ body: bodyOf(ContactBodySchema) }))
    .output(reply(ContactReplySchema)),

  create: call
    .route({ method: 'POST', path: '/support', successStatus: 201, tags: ['support'], summary: 'Open a support ticket' })
    .meta({ subject: SupportPatterns.create, roles: ['user', 'doctor'] })
    .input(z.object({ body: bodyOf(NewTicketBody) }))
    .output(reply(TicketReplySchema)),

  update: call
    .route({ method: 'PATCH', path: '/support/{id}', tags: ['support'], summary: "Change a ticket's subject, description, category or priority" })
    .meta({ subject: SupportPatterns.update, roles: ['user', 'doctor'] })
    .input(z.object({ params: ticket, body: bodyOf(TicketChangesBody) }))
    .output(reply(TicketReplySchema)),

  /** The admin overview's fresh answer: tickets by status, and how many are unresolved. */
  stats: call
    .route({ method: 'GET', path: '/support/stats', tags: ['support'], summary: 'Tickets by status (admins)' })
    .meta({ subject: SupportPatterns.stats, roles: ['admin'] })
    .input(z.object({}))
    .output(reply(SupportStatsReplySchema)),

  /** The Support menu badge. */
  unread: call
    .route({ method: 'GET', path: '/support/unread', tags: ['support'], summary: "The caller's unread conversations" })
    .meta({ subject: SupportPatterns.unread })
    .input(z.object({}))
    .output(reply(UnreadReplySchema)),

  get: call
    .route({ method: 'GET', path: '/support/{id}', tags: ['support'], summary: 'One ticket' })
    .meta({ subject: SupportPatterns.get })
    .input(z.object({ params: ticket }))
    .output(reply(TicketReplySchema)),

  setStatus: call
    .route({ method: 'PATCH', path: '/support/{id}/status', tags: ['support'], summary: "Change a ticket's status" })
    .meta({ subject: SupportPatterns.setStatus })
    .input(z.object({ params: ticket, body: bodyOf(TicketStatusBodySchema) }))
    .output(reply(TicketReplySchema)),

  /** A soft delete: the row stays for audit, the ticket leaves every list. */
  remove: call
    .route({ method: 'DELETE', path: '/support/{id}', tags: ['support'], summary: 'Delete a ticket' })
    .meta({ subject: SupportPatterns.remove })
    .input(z.object({ params: ticket }))
    .output(reply(DeleteTicketReplySchema)),

  /** A reply in the ticket's conversation. */
  postMessage: call
    .route({ method: 'POST', path: '/support/{id}/messages', successStatus: 201, tags: ['support'], summary: 'Write in a ticket’s conversation' })
    .meta({ subject: SupportPatterns.postMessage })
    .input(z.object({ params: ticket, body: bodyOf(TicketMessageBodySchema) }))
    .output(reply(PostMessageReplySchema)),

  /**
   * One visit's reminders (24 h and 2 h before), oldest first: when each is due and what each channel did (scheduled,
   * sent, skipped...). Its patient, its doctor and admins; anyone else, and a visit not known here, 404.
   */
  appointmentReminders: call
    .route({ method: 'GET', path: '/appointments/{id}/reminders', tags: ['notifications'], summary: "A visit's scheduled and sent reminders (its patient, its doctor, admins)" })
    .meta({ subject: SupportPatterns.appointmentReminders })
    .input(z.object({ params: z.object({ id: idParam }) }))
    .output(reply(AppointmentRemindersReplySchema)),

  /** Which channels the platform's confirmations and reminders use for the caller. */
  preferences: call
    .route({ method: 'GET', path: '/notifications/preferences', tags: ['notifications'], summary: "The caller's message preferences" })
    .meta({ subject: SupportPatterns.preferencesGet })
    .input(z.object({}))
    .output(reply(NotificationPreferencesSchema)),

  /** Either channel, or both. */
  setPreferences: call
    .route({ method: 'PUT', path: '/notifications/preferences', tags: ['notifications'], summary: "Change the caller's message preferences" })
    .meta({ subject: SupportPatterns.preferencesSet })
    .input(z.object({ body: bodyOf(PreferencesBodySchema) }))
    .output(reply(NotificationPreferencesSchema)),
};
