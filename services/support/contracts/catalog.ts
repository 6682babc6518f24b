/**
 * Support tickets' constants and messages (CONTRACT.md §3, §4, §5, §8 and §9; CONTRACT.md §10 "Contact form actually
 * sends"): the one place they are written. The support service's rules, the gateway's DTOs and the web app
 * (ticket forms, the admin desk, the contact form) read them from here.
 *
 * Pure data: no imports and nothing computed when the module loads.
 */

/** CONTRACT.md §4 reads statuses two ways (patient/doctor: open, in-progress, resolved, closed; admin: open, pending, closed, resolved): we keep the union. */
export const TICKET_STATUSES = ['open', 'in-progress', 'pending', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Statuses after which the owner can no longer edit (a new message reopens the ticket). */
export const FINISHED_STATUSES: readonly TicketStatus[] = ['resolved', 'closed'];
/** A missing status reads as this one. */
export const DEFAULT_STATUS: TicketStatus = 'open';

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_PRIORITY: TicketPriority = 'medium';

export const TICKET_CATEGORIES = ['general', 'technical', 'billing', 'appointment'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const DEFAULT_CATEGORY: TicketCategory = 'general';

/** Who wrote a message: the patient ('user'), a doctor (their own ticket) or an admin. */
export const SENDER_ROLES = ['user', 'doctor', 'admin'] as const;
export type SenderRole = (typeof SENDER_ROLES)[number];

export const SUBJECT_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const MESSAGE_MAX_LENGTH = 5000;

/** The contact form's subject choices (CONTRACT.md §5) and the ticket category each lands in. */
export const CONTACT_SUBJECTS = {
  general: { label: 'General Inquiry', category: 'general' },
  appointment: { label: 'Appointment Help', category: 'appointment' },
  technical: { label: 'Technical Support', category: 'technical' },
  billing: { label: 'Billing & Payments', category: 'billing' },
  complaint: { label: 'Complaint', category: 'general' },
  other: { label: 'Other', category: 'general' },
} as const;
export type ContactSubject = keyof typeof CONTACT_SUBJECTS;
export const CONTACT_SUBJECT_VALUES: readonly ContactSubject[] = ['general', 'appointment', 'technical', 'billing', 'complaint', 'other'];
export const CONTACT_NAME_MIN = 2;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MIN = 5;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
/** Contact form sends per client address per window (the gateway's CONTACT_RATE_LIMIT overrides the count). */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_RATE_WINDOW_MS = 15 * 60_000;

/** A conversation whose stream dropped is polled this often (ms). */
export const CONVERSATION_POLL_MS = 10_000;

export const SupportMessages = {
  // CONTRACT.md §8 "Support"
  loadFailed: 'Failed to load support tickets',
  createFailed: 'Failed to create support ticket',
  updateFailed: 'Failed to update support ticket',
  deleteFailed: 'Failed to delete support ticket',
  created: 'Support ticket created successfully',
  updated: 'Support ticket updated',
  deleted: 'Support ticket deleted',
  // CONTRACT.md §8 "Contact" and section 5
  contactSent: 'Thank you for your message! We will get back to you soon.',
  contactFailed: 'Failed to send message. Please try again.',
  contactName: 'Name must be at least 2 characters',
  contactEmail: 'Please enter a valid email',
  contactSubject: 'Subject must be at least 5 characters',
  contactMessage: 'Message must be at least 10 characters',
  contactTooMany: 'Too many messages from your network. Please wait a few minutes and try again.',
  // Ours
  subjectRequired: 'Title is required',
  /** Single-line fields (a ticket's title, the contact form's name) refuse line breaks and other control characters. */
  subjectOneLine: 'Title must be one line of text, without line breaks or control characters',
  contactNameOneLine: 'Name must be one line of text, without line breaks or control characters',
  /** The contact form's name is a person's name: no `<` or `>`. */
  contactNameMarkup: 'Name cannot contain < or >',
  descriptionRequired: 'Description is required',
  subjectTooLong: `Title must be at most ${SUBJECT_MAX_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
  category: 'Category must be one of general, technical, billing, appointment',
  priority: 'Priority must be one of low, medium, high, urgent',
  status: 'Status must be one of open, in-progress, pending, resolved, closed',
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  notFound: 'Support ticket not found',
  appointmentNotYours: 'The related appointment was not found among your appointments',
  finished: 'This ticket is resolved or closed and can no longer be edited. Add a message to reopen it.',
  ownerMayOnlyClose: 'You can only close your own ticket',
  readOnly: "You can view your patients' tickets but not change them",
  replySent: 'Reply sent',
  statusUpdated: 'Status updated!',
} as const;

/** What a message is about (a delivery's kind in the admin's delivery log): the service-shared NOTIFICATION_KINDS and the password reset, written out because contracts import no runtime code (gateway/test/i18n/delivery-kinds.spec.ts holds them equal). */
export const DELIVERY_KINDS = [
  'booking-confirmation',
  'payment-confirmation',
  'cancellation',
  'reminder-24h',
  'reminder-2h',
  'reschedule',
  'doctor-reschedule',
  'waitlist-offer',
  'new-time-needed',
  'vital-alert',
  'password-reset',
  /** Issue 42: three wrong USSD PINs locked USSD for the patient. */
  'ussd-locked',
] as const;
export type MessageKind = (typeof DELIVERY_KINDS)[number];

/** The channels of the platform's messages and a delivery's states (the admin's delivery log). */
export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const DELIVERY_STATUSES = ['sending', 'sent', 'delivered', 'retrying', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
