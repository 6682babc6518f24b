import { CLINIC_TIME_ZONE, clinicInstant, isCalendarDate, SLOT_MINUTES, slotMinutes, WAITLIST_HOLD_MINUTES } from '@afya/appointment-service/contracts';

// The communications rules: when reminders go, what a message says, who can be reached. Pure functions, `now`
// injectable; the sender and the event consumer apply them.

/** What a message is about; each is one job per channel. */
export const MESSAGE_KINDS = [
  'booking-confirmation',
  'payment-confirmation',
  'cancellation',
  'reminder-24h',
  'reminder-2h',
  /** to the patient: their visit moved (with the updated calendar event) */
  'reschedule',
  /** to the doctor: a patient moved their visit */
  'doctor-reschedule',
  /** to a waitlisted patient: a freed slot is held for them for a few minutes */
  'waitlist-offer',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type Channel = 'sms' | 'email';
export const CHANNELS: readonly Channel[] = ['sms', 'email'];

/** Reminders go this long before the visit starts (clinic time). */
export const REMINDER_LEADS: readonly { kind: Extract<MessageKind, `reminder-${string}`>; hours: number }[] = [
  { kind: 'reminder-24h', hours: 24 },
  { kind: 'reminder-2h', hours: 2 },
];

/** Appointments in these statuses get reminders. */
export const REMINDED_STATUSES: readonly string[] = ['Pending', 'Confirmed'];

/** A provider outage is retried for this long after the message was due; then the delivery is given up (logged). */
export const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;

/** An SMS is one GSM-7 part at most. */
export const SMS_MAX_UNITS = 160;

/** When a visit starts: `2026-12-01` + `02:30 PM` in clinic time, by the booking rules' own clock (Africa/Nairobi). */
export function visitStart(date: string, slot: string): Date {
  if (!isCalendarDate(date)) throw new Error(`not a clinic date: ${date}`);
  return clinicInstant(date, slotMinutes(slot)); // slotMinutes throws on anything but hh:mm AM/PM
}

/** The reminders still ahead for a visit, oldest first: none for a visit already started or too close. */
export function reminderSchedule(date: string, slot: string, now: Date = new Date()): { kind: MessageKind; at: Date }[] {
  const start = visitStart(date, slot).getTime();
  return REMINDER_LEADS.map(({ kind, hours }) => ({ kind, at: new Date(start - hours * 3600_000) })).filter(({ at }) => at.getTime() > now.getTime());
}

/** Whether a reminder planned for a visit at `plannedStart` is still right for the visit as it is now. */
export function reminderStillValid(
  appointment: { status: string; deleted: boolean; appointment_date: string; time_slot: string },
  plannedStart: string,
): { ok: true } | { ok: false; reason: string } {
  if (appointment.deleted) return { ok: false, reason: 'appointment deleted' };
  if (!REMINDED_STATUSES.includes(appointment.status)) return { ok: false, reason: `appointment is ${appointment.status}` };
  if (visitStart(appointment.appointment_date, appointment.time_slot).toISOString() !== plannedStart) return { ok: false, reason: 'appointment moved' };
  return { ok: true };
}

/**
 * A Kenyan mobile number in the international form Africa's Talking takes (+2547XXXXXXXX, +2541XXXXXXXX), from what
 * people type (0712 345 678, 254712345678, +254-712-345-678); null when it is no Kenyan mobile number.
 */
export function kenyanMobile(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const digits = raw.replace(/[\s().-]/g, '');
  const match = /^(?:\+?254|0)?([17]\d{8})$/.exec(digits);
  return match ? `+254${match[1]}` : null;
}

/** Masks a phone or an email for the admin's delivery log (who, without the whole address). */
export function maskRecipient(channel: Channel, recipient: string): string {
  if (channel === 'sms') return recipient.length > 7 ? `${recipient.slice(0, 7)}***${recipient.slice(-2)}` : '***';
  const [local, domain] = recipient.split('@');
  return `${local.slice(0, 2)}***@${domain ?? ''}`;
}

const GSM7_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/** GSM-7 units a text takes (extension characters count twice), or null when it needs UCS-2. */
export function gsm7Units(text: string): number | null {
  let units = 0;
  for (const c of text) {
    if (GSM7_BASIC.includes(c)) units += 1;
    else if (GSM7_EXTENDED.includes(c)) units += 2;
    else return null;
  }
  return units;
}

/** Replaces what GSM-7 cannot carry (accents outside it, curly quotes, emoji) so a name never makes an SMS two parts. */
export function toGsm7(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-');
  return [...plain].map((c) => (GSM7_BASIC.includes(c) || GSM7_EXTENDED.includes(c) ? c : '?')).join('');
}

export interface VisitFacts {
  appointment_id: number;
  appointment_date: string;
  time_slot: string;
  doctor_name: string;
  patient_name: string;
  appointment_type: string;
}

/** Where a moved visit was. */
export interface PreviousVisit {
  appointment_date: string;
  time_slot: string;
}

/** `Tue 1 Dec` in clinic time. */
export function shortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** `Tuesday 1 December 2026` in clinic time. */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

const SMS_LEADS: Record<MessageKind, string> = {
  'booking-confirmation': 'Afya: booked',
  'payment-confirmation': 'Afya: payment received for',
  cancellation: 'Afya: cancelled',
  'reminder-24h': 'Afya reminder: tomorrow',
  'reminder-2h': 'Afya reminder: in 2 hours',
  reschedule: 'Afya: moved to',
  'doctor-reschedule': 'Afya:',
  'waitlist-offer': 'Afya: a slot opened with',
};

/**
 * The SMS: at most SMS_MAX_UNITS GSM-7 units (one part), with the doctor, date, time and a short link. A long
 * doctor's name is shortened first; nothing clinical (no reason for the visit).
 */
export function smsText(kind: MessageKind, visit: VisitFacts, link: string, previous?: PreviousVisit): string {
  const was = previous ? ` (was ${shortDate(previous.appointment_date)} ${previous.time_slot})` : '';
  // to the doctor the person named is the patient, who moved their visit
  const compose =
    kind === 'doctor-reschedule'
      ? (name: string) => `Afya: ${name} moved their visit to ${shortDate(visit.appointment_date)} ${visit.time_slot}${was}. ${link}`
      : (doctor: string) => `${SMS_LEADS[kind]} Dr ${doctor}, ${shortDate(visit.appointment_date)} ${visit.time_slot}${was}. ${link}`;
  let doctor = toGsm7(kind === 'doctor-reschedule' ? visit.patient_name || 'A patient' : visit.doctor_name.replace(/^Dr\.?\s+/i, ''));
  let text = compose(doctor);
  while ((gsm7Units(text) ?? Infinity) > SMS_MAX_UNITS && doctor.length > 1) {
    doctor = doctor.slice(0, -1);
    text = compose(`${doctor.trimEnd()}.`);
  }
  return text;
}

const SUBJECTS: Record<MessageKind, string> = {
  'booking-confirmation': 'Your appointment is booked',
  'payment-confirmation': 'Payment received for your appointment',
  cancellation: 'Your appointment is cancelled',
  'reminder-24h': 'Reminder: your appointment is tomorrow',
  'reminder-2h': 'Reminder: your appointment is in 2 hours',
  reschedule: 'Your appointment has moved',
  'doctor-reschedule': 'A patient moved their appointment',
  'waitlist-offer': `A slot opened for you: confirm within ${WAITLIST_HOLD_MINUTES} minutes`,
};

const LEADS: Record<MessageKind, string> = {
  'booking-confirmation': 'your appointment is booked.',
  'payment-confirmation': 'we received your payment. Your appointment is confirmed.',
  cancellation: 'your appointment has been cancelled.',
  'reminder-24h': 'this is a reminder of your appointment tomorrow.',
  'reminder-2h': 'this is a reminder of your appointment in 2 hours.',
  reschedule: 'your appointment has moved to a new time.',
  'doctor-reschedule': 'a patient moved their appointment with you.',
  'waitlist-offer': `a slot opened with the doctor whose waitlist you joined. It is held for you for ${WAITLIST_HOLD_MINUTES} minutes.`,
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** The email: subject, text and HTML (the same facts; the calendar file goes with it as an attachment). */
export function emailContent(
  kind: MessageKind,
  visit: VisitFacts,
  link: string,
  previous?: PreviousVisit,
): { subject: string; text: string; html: string } {
  const toDoctor = kind === 'doctor-reschedule';
  const facts: [string, string][] = [
    toDoctor ? ['Patient', visit.patient_name || 'A patient'] : ['Doctor', `Dr ${visit.doctor_name.replace(/^Dr\.?\s+/i, '')}`],
    ['Date', longDate(visit.appointment_date)],
    ['Time', `${visit.time_slot} (East Africa Time)`],
    ...(previous ? ([['Was', `${longDate(previous.appointment_date)}, ${previous.time_slot}`]] as [string, string][]) : []),
    ['Type', visit.appointment_type],
  ];
  const hello = toDoctor ? `Hello Dr ${visit.doctor_name.replace(/^Dr\.?\s+/i, '')},` : `Hello ${visit.patient_name || 'there'},`;
  const text = [hello, '', `${LEADS[kind].charAt(0).toUpperCase()}${LEADS[kind].slice(1)}`, '', ...facts.map(([k, v]) => `${k}: ${v}`), '', `Your appointments: ${link}`, '', 'Afya'].join('\n');
  const rows = facts.map(([k, v]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(LEADS[kind].charAt(0).toUpperCase() + LEADS[kind].slice(1))}</p>` +
    `<table>${rows}</table>` +
    `<p><a href="${escapeHtml(link)}">See your appointments</a></p><p>Afya</p></body></html>`;
  return { subject: SUBJECTS[kind], text, html };
}

export { CLINIC_TIME_ZONE, SLOT_MINUTES };

/** The password-reset SMS: the code, how long it lasts, and what to do if it was not you. */
export function resetSmsText(code: string, minutes: number): string {
  return `Afya: your password reset code is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`;
}

/** The password-reset email: the link, how long it lasts. */
export function resetEmailContent(firstname: string, link: string, minutes: number): { subject: string; text: string; html: string } {
  const hello = `Hello ${firstname || 'there'},`;
  const text = [
    hello,
    '',
    'Someone (we hope you) asked to reset the password of your Afya account. Open this link to choose a new one:',
    '',
    link,
    '',
    `The link works once and for ${minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
    '',
    'Afya',
  ].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    `<p>${escapeHtml(hello)}</p><p>Someone (we hope you) asked to reset the password of your Afya account.</p>` +
    `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>` +
    `<p>The link works once and for ${minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.</p><p>Afya</p></body></html>`;
  return { subject: 'Reset your Afya password', text, html };
}

/** A freed slot offered to a waitlisted patient: what it is, until when it is held, where to confirm it. */
export interface WaitlistOfferFacts {
  offer_id: number;
  doctor_name: string;
  appointment_date: string;
  time_slot: string;
  /** ISO instant the hold ends. */
  expires_at: string;
}

/** `10:15 AM`, clinic time. */
export function clinicClock(instant: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: true, timeZone: CLINIC_TIME_ZONE }).format(new Date(instant));
}

/**
 * The offer's SMS, one GSM-7 part: the doctor, the slot, until when it is held, and the confirmation page's link.
 * Opening the link claims nothing: the patient signs in and confirms there.
 */
export function waitlistOfferSms(offer: WaitlistOfferFacts, link: string): string {
  const compose = (doctor: string) =>
    `Afya: a slot opened with Dr ${doctor}, ${shortDate(offer.appointment_date)} ${offer.time_slot}. Held for you until ${clinicClock(offer.expires_at)}. Confirm: ${link}`;
  let doctor = toGsm7(offer.doctor_name.replace(/^Dr\.?\s+/i, ''));
  let text = compose(doctor);
  while ((gsm7Units(text) ?? Infinity) > SMS_MAX_UNITS && doctor.length > 1) {
    doctor = doctor.slice(0, -1);
    text = compose(`${doctor.trimEnd()}.`);
  }
  return text;
}

/** The offer's email: the same facts and the confirmation link. */
export function waitlistOfferEmail(offer: WaitlistOfferFacts, patientName: string, link: string): { subject: string; text: string; html: string } {
  const doctor = `Dr ${offer.doctor_name.replace(/^Dr\.?\s+/i, '')}`;
  const until = `${clinicClock(offer.expires_at)} (East Africa Time)`;
  const facts: [string, string][] = [
    ['Doctor', doctor],
    ['Date', longDate(offer.appointment_date)],
    ['Time', `${offer.time_slot} (East Africa Time)`],
    ['Held for you until', until],
  ];
  const hello = `Hello ${patientName || 'there'},`;
  const lead = `A slot opened with the doctor whose waitlist you joined. It is held for you for ${WAITLIST_HOLD_MINUTES} minutes: sign in and confirm it to book it. If you do not, it goes to the next patient on the waitlist.`;
  const text = [hello, '', lead, '', ...facts.map(([k, v]) => `${k}: ${v}`), '', `Confirm the slot: ${link}`, '', 'Afya'].join('\n');
  const rows = facts.map(([k, v]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p><table>${rows}</table>` +
    `<p><a href="${escapeHtml(link)}">Confirm the slot</a></p><p>Afya</p></body></html>`;
  return { subject: SUBJECTS['waitlist-offer'], text, html };
}
