import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_NAME_MIN,
  CONTACT_SUBJECT_MIN,
  CONTACT_SUBJECTS,
  ContactPayload,
  CreateTicketPayload,
  DEFAULT_CATEGORY,
  DEFAULT_PRIORITY,
  DEFAULT_STATUS,
  DESCRIPTION_MAX_LENGTH,
  FINISHED_STATUSES,
  MESSAGE_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  SupportMessages,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TicketCategory,
  TicketPriority,
  TicketStatus,
} from '../../contracts';

/**
 * The ticket rules (issue 11, CONTRACT.md §4-6): one rule per function, pure, no database. A rule answers
 * with a verdict ({ok:false, status, message}) instead of throwing, so the service decides how to report it and
 * the tests read plainly.
 */
export type Verdict = { ok: true } | { ok: false; status: 400 | 403 | 404 | 409; message: string };
const OK: Verdict = { ok: true };
const no = (status: 400 | 403 | 404 | 409, message: string): Verdict => ({ ok: false, status, message });

export type ActorRole = 'user' | 'doctor' | 'admin';
export interface Actor {
  userId: number;
  role: ActorRole;
}
export interface TicketFacts {
  user_id: number | null;
  status: TicketStatus | null;
}

/** How the actor may treat one ticket. `doctorMayRead`: the ticket is linked to this doctor's appointment with its owner, and the doctor is caring for them now (TicketCare). */
export type Access = 'owner' | 'admin' | 'doctor-read' | 'none';

/** CONTRACT.md §6 + issue 11: admins see every ticket, owners their own, a doctor their patients' (read-only). */
export function accessTo(actor: Actor, ticket: TicketFacts, doctorMayRead = false): Access {
  if (actor.role === 'admin') return 'admin';
  if (ticket.user_id !== null && ticket.user_id === actor.userId) return 'owner';
  if (actor.role === 'doctor' && doctorMayRead) return 'doctor-read';
  return 'none';
}

/** A missing status reads as open (CONTRACT.md §4). */
export function statusOf(ticket: { status: string | null | undefined }): TicketStatus {
  return (TICKET_STATUSES as readonly string[]).includes(ticket.status ?? '') ? (ticket.status as TicketStatus) : DEFAULT_STATUS;
}

export const isFinished = (status: TicketStatus | null): boolean => FINISHED_STATUSES.includes(statusOf({ status }));

/** Reading a ticket and its conversation: anyone with access; another user's ticket is 404 (not 403). */
export function canRead(access: Access): Verdict {
  return access === 'none' ? no(404, SupportMessages.notFound) : OK;
}

/** Editing subject, description, category, priority: the owner, while the ticket is not resolved or closed. */
export function canEdit(access: Access, ticket: TicketFacts): Verdict {
  if (access === 'none') return no(404, SupportMessages.notFound);
  if (access === 'doctor-read') return no(403, SupportMessages.readOnly);
  if (access === 'admin') return no(403, 'Admins change a ticket through its status and replies');
  if (isFinished(ticket.status)) return no(409, SupportMessages.finished);
  return OK;
}

/** Status: admins set any; owners may only close their own; a doctor's read-only view changes nothing. */
export function canSetStatus(access: Access, next: TicketStatus): Verdict {
  if (access === 'none') return no(404, SupportMessages.notFound);
  if (access === 'doctor-read') return no(403, SupportMessages.readOnly);
  if (access === 'owner' && next !== 'closed') return no(403, SupportMessages.ownerMayOnlyClose);
  return OK;
}

/** Delete (soft, kept for audit): the owner or an admin. */
export function canDelete(access: Access): Verdict {
  if (access === 'none') return no(404, SupportMessages.notFound);
  if (access === 'doctor-read') return no(403, SupportMessages.readOnly);
  return OK;
}

/** Posting in the conversation: the owner and admins (also on a resolved or closed ticket). */
export function canPost(access: Access): Verdict {
  if (access === 'none') return no(404, SupportMessages.notFound);
  if (access === 'doctor-read') return no(403, SupportMessages.readOnly);
  return OK;
}

/**
 * The status a ticket has after a message: the owner writing on a resolved or closed ticket reopens it; an
 * admin's reply moves an open ticket to in-progress; otherwise it stays.
 */
export function statusAfterMessage(current: TicketStatus | null, senderIsAdmin: boolean): TicketStatus {
  const status = statusOf({ status: current });
  if (senderIsAdmin) return status === 'open' ? 'in-progress' : status;
  return FINISHED_STATUSES.includes(status) ? 'open' : status;
}

/** The sender_role a message is stored with: patients are 'user' (CONTRACT.md §3). */
export const senderRoleOf = (actor: Actor): ActorRole => actor.role;

// ---- input ----

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export interface TicketFields {
  subject: string;
  description: string;
  category: TicketCategory;
  priority: TicketPriority;
  related_appointment_id: number | null;
}

/** A new ticket's fields with CONTRACT.md §5's defaults, or the first problem. */
export function ticketFields(input: Partial<CreateTicketPayload>): { fields: TicketFields } | { error: string } {
  return mergeTicketFields(null, input);
}

/** A ticket's fields after an edit (only the given fields change), or the first problem. */
export function mergeTicketFields(
  current: TicketFields | null,
  input: Partial<CreateTicketPayload>,
): { fields: TicketFields } | { error: string } {
  const subject = input.subject === undefined && current ? current.subject : text(input.subject);
  const description = input.description === undefined && current ? current.description : text(input.description);
  if (!subject) return { error: SupportMessages.subjectRequired };
  if (subject.length > SUBJECT_MAX_LENGTH) return { error: SupportMessages.subjectTooLong };
  if (!description) return { error: SupportMessages.descriptionRequired };
  if (description.length > DESCRIPTION_MAX_LENGTH) return { error: SupportMessages.descriptionTooLong };
  const category = input.category ?? current?.category ?? DEFAULT_CATEGORY;
  if (!(TICKET_CATEGORIES as readonly string[]).includes(category)) return { error: SupportMessages.category };
  const priority = input.priority ?? current?.priority ?? DEFAULT_PRIORITY;
  if (!(TICKET_PRIORITIES as readonly string[]).includes(priority)) return { error: SupportMessages.priority };
  const related = input.related_appointment_id === undefined ? (current?.related_appointment_id ?? null) : input.related_appointment_id;
  if (related !== null && !(Number.isInteger(related) && related > 0)) return { error: SupportMessages.appointmentNotYours };
  return { fields: { subject, description, category, priority, related_appointment_id: related } };
}

export function isTicketStatus(value: unknown): value is TicketStatus {
  return typeof value === 'string' && (TICKET_STATUSES as readonly string[]).includes(value);
}

/** A conversation message: 1-5,000 characters once trimmed. */
export function messageText(value: unknown): { message: string } | { error: string } {
  const message = text(value);
  if (!message) return { error: SupportMessages.messageRequired };
  if (message.length > MESSAGE_MAX_LENGTH) return { error: SupportMessages.messageTooLong };
  return { message };
}

/** Practical email check (what the browser's type=email accepts, with a dot in the domain). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ContactTicket {
  name: string;
  email: string;
  subject: string;
  description: string;
  category: TicketCategory;
}

/** CONTRACT.md §5's contact form validation, then the ticket it becomes (category from the subject choice). */
export function contactTicket(input: Partial<ContactPayload>): { ticket: ContactTicket } | { error: string } {
  const name = text(input.name);
  const email = text(input.email).toLowerCase();
  const choice = text(input.subject);
  const message = text(input.message);
  if (name.length < CONTACT_NAME_MIN || name.length > CONTACT_NAME_MAX) return { error: SupportMessages.contactName };
  if (!EMAIL_PATTERN.test(email) || email.length > 254) return { error: SupportMessages.contactEmail };
  if (choice.length < CONTACT_SUBJECT_MIN || !Object.hasOwn(CONTACT_SUBJECTS, choice)) return { error: SupportMessages.contactSubject };
  if (message.length < CONTACT_MESSAGE_MIN || message.length > CONTACT_MESSAGE_MAX) return { error: SupportMessages.contactMessage };
  const subject = CONTACT_SUBJECTS[choice as keyof typeof CONTACT_SUBJECTS];
  return { ticket: { name, email, subject: `Contact form: ${subject.label}`, description: message, category: subject.category } };
}

/**
 * Unread for the viewer: the other side wrote last, after the viewer last opened the conversation. Owners
 * see admins' replies as unread; admins see owners' messages (and new contact messages) as unread.
 */
export function isUnread(
  viewer: 'owner' | 'admin',
  ticket: { last_owner_activity_at: Date | null; last_staff_message_at: Date | null; owner_read_at: Date | null; staff_read_at: Date | null },
): boolean {
  if (viewer === 'owner') {
    const reply = ticket.last_staff_message_at;
    return reply !== null && (ticket.owner_read_at === null || reply > ticket.owner_read_at);
  }
  const activity = ticket.last_owner_activity_at;
  return activity !== null && (ticket.staff_read_at === null || activity > ticket.staff_read_at);
}
