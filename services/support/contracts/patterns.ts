/** The support service's request-reply patterns: its own file, so the call declarations (calls.ts) and index.ts do not import each other. */

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
  /** Auth: USSD was locked after wrong PINs (UssdLockedMessagePayload): an SMS to the patient, sent at once (issue 42). */
  ussdLocked: 'support.v1.notifications.ussd-locked',
  /** Admins: the delivery log, searched and paged here (DeliveryListReply). */
  deliveries: 'support.v1.notifications.deliveries.list',
  /** GET /appointments/{id}/calendar.ics: the visit's calendar file as emailed, same UID, current SEQUENCE (CalendarFileReply). */
  calendarFile: 'support.v1.notifications.calendar-file',
  /** GET /appointments/{id}/reminders: a visit's reminders, scheduled and sent (AppointmentRemindersReplySchema). */
  appointmentReminders: 'support.v1.notifications.appointment-reminders',
} as const;
export type SupportPattern = (typeof SupportPatterns)[keyof typeof SupportPatterns];
