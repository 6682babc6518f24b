import { CLINIC_TIME_ZONE, clinicInstant, isCalendarDate, SLOT_MINUTES, slotMinutes, WAITLIST_HOLD_MINUTES } from '@afya/appointment-service/contracts';
import { CARER_NOTIFICATION_KINDS, type CarerNotificationKind, choiceLabel, type MessageLanguage, NOTIFICATION_KINDS, NOTIFICATION_TEXTS, type NotificationKind, slotLabel } from '@afya/service-shared';

// The communications rules: when reminders go, what a message says, who can be reached. Pure functions, `now`
// injectable; the sender and the event consumer apply them.

/** What a message is about; each is one job per channel (the kinds and their texts in both languages: NOTIFICATION_KINDS, NOTIFICATION_TEXTS). */
export const MESSAGE_KINDS = NOTIFICATION_KINDS;
export type MessageKind = NotificationKind;
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

/** Intl's spaces that are not a plain space (no-break, narrow no-break): GSM-7 has only the plain one. */
const INTL_SPACES = /[\u00a0\u202f]/g;

/** `Tue 1 Dec` / `Jumanne, 1 Des` in clinic time; `1 Dec` / `1 Des` without the weekday. */
export function shortDate(date: string, language: MessageLanguage = 'en', weekday = true): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-GB', { ...(weekday ? { weekday: 'short' as const } : {}), day: 'numeric', month: 'short', timeZone: 'UTC' })
    .format(new Date(Date.UTC(y, m - 1, d)))
    .replace(INTL_SPACES, ' ');
}

/** `Tuesday 1 December 2026` / `Jumanne, 1 Desemba 2026` in clinic time. */
export function longDate(date: string, language: MessageLanguage = 'en'): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(Date.UTC(y, m - 1, d)))
    .replace(INTL_SPACES, ' ');
}

/** A day and slot as the recipient reads them: `Tue 1 Dec 02:30 PM` / `Jumanne, 1 Des 14:30`. */
function smsWhen(date: string, slot: string, language: MessageLanguage, weekday: boolean): string {
  return `${shortDate(date, language, weekday)} ${slotLabel(slot, language)}`;
}

/** While the text is too long the name is shortened, down to this many characters before the weekdays go. */
const NAME_KEPT_WITH_WEEKDAYS = 10;

const withoutTitle = (name: string) => name.replace(/^Dr\.?\s+/i, '');

/**
 * The text from `compose` that fits one GSM-7 part: first with the weekdays ("Tue 1 Dec"), shortening a long name
 * down to NAME_KEPT_WITH_WEEKDAYS characters; if that is not enough (Kiswahili's weekdays are long words), without
 * them ("1 Dec"), shortening the name further. `compose(weekday)` gives the text for a name; the last one tried
 * when nothing fits.
 */
function fittedSms(fullName: string, compose: (weekday: boolean) => (who: string) => string): string {
  let text = '';
  for (const weekday of [true, false]) {
    const withName = compose(weekday);
    const floor = weekday ? NAME_KEPT_WITH_WEEKDAYS : 1;
    let who = fullName;
    text = withName(who);
    while ((gsm7Units(text) ?? Infinity) > SMS_MAX_UNITS && who.length > floor) {
      who = who.slice(0, -1);
      text = withName(`${who.trimEnd()}.`);
    }
    if ((gsm7Units(text) ?? Infinity) <= SMS_MAX_UNITS) return text;
  }
  return text;
}

/** A visit message a member's carers also get (issue 36). */
export function isCarerMessage(kind: string): kind is CarerNotificationKind {
  return (CARER_NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/**
 * The SMS in the recipient's language: at most SMS_MAX_UNITS GSM-7 units (one part), with the doctor, date, time
 * and a short link. A long doctor's name is shortened first; nothing clinical (no reason for the visit). With
 * `member` (a carer's copy, issue 36: the member's first name, already short and GSM-7) the text says whose visit it is.
 */
export function smsText(kind: MessageKind, visit: VisitFacts, link: string, previous?: PreviousVisit, language: MessageLanguage = 'en', member?: string): string {
  const t = NOTIFICATION_TEXTS[language];
  // to the doctor the person named is the patient, who moved their visit
  const fullName = toGsm7(kind === 'doctor-reschedule' ? visit.patient_name || t.aPatient : withoutTitle(visit.doctor_name));
  return fittedSms(fullName, (weekday) => {
    const was = previous ? t.smsWas(smsWhen(previous.appointment_date, previous.time_slot, language, weekday)) : '';
    const when = smsWhen(visit.appointment_date, visit.time_slot, language, weekday);
    if (member !== undefined && isCarerMessage(kind)) return (who) => `${t.carer.sms[kind](member, who, when, was)} ${link}`;
    return (who) => `${t.sms[kind](who, when, was)} ${link}`;
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * An email about a visit or a slot: the greeting, the lead, the facts (a table in the HTML), then the link, in
 * text and HTML (the same content).
 */
function factsEmail(
  language: MessageLanguage,
  content: { subject: string; hello: string; lead: string; facts: [string, string][]; link: string; linkText: string; linkLine: string },
): { subject: string; text: string; html: string } {
  const { hello, lead, facts, link } = content;
  const text = [hello, '', lead, '', ...facts.map(([k, v]) => `${k}: ${v}`), '', content.linkLine, '', 'Afya'].join('\n');
  const rows = facts.map(([k, v]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const html =
    `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p>` +
    `<table>${rows}</table>` +
    `<p><a href="${escapeHtml(link)}">${content.linkText}</a></p><p>Afya</p></body></html>`;
  return { subject: content.subject, text, html };
}

/** The email in the recipient's language: subject, text and HTML (the same facts; the calendar file goes with it). */
export function emailContent(
  kind: MessageKind,
  visit: VisitFacts,
  link: string,
  previous?: PreviousVisit,
  language: MessageLanguage = 'en',
  carer?: { member: string; name: string },
): { subject: string; text: string; html: string } {
  const t = NOTIFICATION_TEXTS[language];
  if (carer && isCarerMessage(kind)) return carerEmail(kind, visit, link, previous, language, carer);
  const toDoctor = kind === 'doctor-reschedule';
  const facts: [string, string][] = [
    toDoctor ? [t.labels.patient, visit.patient_name || t.aPatient] : [t.labels.doctor, t.doctorName(withoutTitle(visit.doctor_name))],
    [t.labels.date, longDate(visit.appointment_date, language)],
    [t.labels.time, t.clinicTime(slotLabel(visit.time_slot, language))],
    ...(previous ? ([[t.labels.was, `${longDate(previous.appointment_date, language)}, ${slotLabel(previous.time_slot, language)}`]] as [string, string][]) : []),
    [t.labels.type, choiceLabel(visit.appointment_type, language)],
  ];
  const hello = toDoctor ? t.hello(t.doctorName(withoutTitle(visit.doctor_name))) : t.hello(visit.patient_name || t.helloThere);
  return factsEmail(language, { subject: t.subjects[kind], hello, lead: t.leads[kind], facts, link, linkText: t.seeAppointments, linkLine: t.yourAppointments(link) });
}

/**
 * A carer's copy of a member's visit email (issue 36): the carer greeted by name, whose visit it is (the member's first
 * name as the patient), the visit's facts, the family page's link. Nothing else about the member.
 */
function carerEmail(
  kind: CarerNotificationKind,
  visit: VisitFacts,
  link: string,
  previous: PreviousVisit | undefined,
  language: MessageLanguage,
  carer: { member: string; name: string },
): { subject: string; text: string; html: string } {
  const t = NOTIFICATION_TEXTS[language];
  const facts: [string, string][] = [
    [t.labels.patient, carer.member],
    [t.labels.doctor, t.doctorName(withoutTitle(visit.doctor_name))],
    [t.labels.date, longDate(visit.appointment_date, language)],
    [t.labels.time, t.clinicTime(slotLabel(visit.time_slot, language))],
    ...(previous ? ([[t.labels.was, `${longDate(previous.appointment_date, language)}, ${slotLabel(previous.time_slot, language)}`]] as [string, string][]) : []),
  ];
  return factsEmail(language, {
    subject: t.carer.subjects[kind](carer.member),
    hello: t.hello(carer.name || t.helloThere),
    lead: t.carer.lead(carer.member),
    facts,
    link,
    linkText: t.carer.seeFamily,
    linkLine: t.carer.familyLink(link),
  });
}

export { CLINIC_TIME_ZONE, SLOT_MINUTES };

/** The password-reset SMS in the recipient's language: the code, how long it lasts, and what to do if it was not you. */
export function resetSmsText(code: string, minutes: number, language: MessageLanguage = 'en'): string {
  return NOTIFICATION_TEXTS[language].resetSms(code, minutes);
}

/** Issue 42: USSD locked after wrong PINs, in the recipient's language. */
export function ussdLockedSmsText(tries: number, minutes: number, language: MessageLanguage = 'en'): string {
  return NOTIFICATION_TEXTS[language].ussdLockedSms(tries, minutes);
}

/** The password-reset email in the recipient's language: the link, how long it lasts. */
export function resetEmailContent(firstname: string, link: string, minutes: number, language: MessageLanguage = 'en'): { subject: string; text: string; html: string } {
  const t = NOTIFICATION_TEXTS[language];
  const hello = t.hello(firstname || t.helloThere);
  const text = [hello, '', `${t.resetAsked} ${t.resetOpenLink}`, '', link, '', t.resetValidity(minutes), '', 'Afya'].join('\n');
  const html =
    `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(t.resetAsked)}</p>` +
    `<p><a href="${escapeHtml(link)}">${t.resetChoose}</a></p>` +
    `<p>${escapeHtml(t.resetValidity(minutes))}</p><p>Afya</p></body></html>`;
  return { subject: t.resetSubject, text, html };
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

/** `10:15 AM` / `10:15`, clinic time (Kiswahili readers get the 24-hour clock, like the slots). */
export function clinicClock(instant: string, language: MessageLanguage = 'en'): string {
  const clock = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: true, timeZone: CLINIC_TIME_ZONE }).format(new Date(instant)).replace(INTL_SPACES, ' ');
  return slotLabel(clock, language);
}

/**
 * The offer's SMS in the recipient's language, one GSM-7 part: the doctor, the slot, until when it is held, and the
 * confirmation page's link. Opening the link claims nothing: the patient signs in and confirms there.
 */
export function waitlistOfferSms(offer: WaitlistOfferFacts, link: string, language: MessageLanguage = 'en'): string {
  const t = NOTIFICATION_TEXTS[language];
  const until = ` ${t.offer.heldUntil(clinicClock(offer.expires_at, language))}`;
  return fittedSms(toGsm7(withoutTitle(offer.doctor_name)), (weekday) => {
    const when = smsWhen(offer.appointment_date, offer.time_slot, language, weekday);
    return (who) => `${t.sms['waitlist-offer'](who, when, '')}${until} ${t.offer.confirmSms} ${link}`;
  });
}

/** The offer's email in the recipient's language: the same facts and the confirmation link. */
export function waitlistOfferEmail(offer: WaitlistOfferFacts, patientName: string, link: string, language: MessageLanguage = 'en'): { subject: string; text: string; html: string } {
  const t = NOTIFICATION_TEXTS[language];
  const facts: [string, string][] = [
    [t.labels.doctor, t.doctorName(withoutTitle(offer.doctor_name))],
    [t.labels.date, longDate(offer.appointment_date, language)],
    [t.labels.time, t.clinicTime(slotLabel(offer.time_slot, language))],
    [t.offer.heldUntilLabel, t.clinicTime(clinicClock(offer.expires_at, language))],
  ];
  const lead = `${t.leads['waitlist-offer']} ${t.offer.held(WAITLIST_HOLD_MINUTES)}`;
  return factsEmail(language, { subject: t.subjects['waitlist-offer'], hello: t.hello(patientName || t.helloThere), lead, facts, link, linkText: t.offer.confirm, linkLine: t.offer.confirmText(link) });
}

/**
 * A critical reading's alert to the doctor (issue 39), in their language: where to look and nothing else. No value,
 * no patient's name (an SMS is read on a lock screen); one GSM-7 part.
 */
export function vitalAlertSms(link: string, language: MessageLanguage = 'en'): string {
  return `${NOTIFICATION_TEXTS[language].sms['vital-alert']('', '', '')} ${link}`;
}

/** The alert's email: the doctor greeted by name, the same lead, the link to their alerts. */
export function vitalAlertEmail(doctorName: string, link: string, language: MessageLanguage = 'en'): { subject: string; text: string; html: string } {
  const t = NOTIFICATION_TEXTS[language];
  const hello = doctorName ? t.hello(t.doctorName(withoutTitle(doctorName))) : t.hello(t.helloThere);
  return factsEmail(language, { subject: t.subjects['vital-alert'], hello, lead: t.leads['vital-alert'], facts: [], link, linkText: t.alert.see, linkLine: t.alert.seeText(link) });
}
