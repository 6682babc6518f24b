/**
 * The support service's HTTP calls, each declared once (issue 34; the kit: @afya/service-shared/calls): the gateway
 * serves each from its declaration (route, roles, validation, forwarding to `subject`), /api/docs documents it, and the
 * browser calls it through `calls.support.<name>` with the reply typed from its schema. The support service checks
 * ownership again (another user's ticket answers 404, a doctor's read-only view of a patient's ticket 403 on a change).
 *
 * The public contact form is rate limited by the gateway (gateway/src/modules/support/support.calls.ts).
 *
 * Still controller methods in the gateway (docs/decisions/0095-one-declaration-per-call.md, "Migration plan"): the
 * ticket lists and a conversation's messages (the service answers with objects the gateway turns into bare arrays with
 * paging headers), the live ticket events (a stream), the SMS delivery reports (a provider callback) and the admin's
 * delivery log.
 */
import { bodyOf, call, reply } from '@afya/service-shared/calls';
import { idParam, z } from '@afya/service-shared/schema';
import { SupportPatterns } from './patterns';
import {
  ContactBodySchema,
  ContactReplySchema,
  DeleteTicketReplySchema,
  NotificationPreferencesSchema,
  PostMessageReplySchema,
  PreferencesBodySchema,
  SupportStatsReplySchema,
  TicketBodySchema,
  TicketMessageBodySchema,
  TicketReplySchema,
  TicketStatusBodySchema,
  UnreadReplySchema,
} from './schemas';

const ticket = z.object({ id: idParam });

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
