import { createEvent } from 'ics';
import { CLINIC_TIME_ZONE, DEFAULT_DURATION_MINUTES } from '@afya/appointment-service/contracts';
import { choiceLabel, type MessageLanguage, NOTIFICATION_TEXTS } from '@afya/service-shared';

export interface CalendarVisit {
  appointment_id: number;
  appointment_date: string;
  time_slot: string;
  doctor_name: string;
  appointment_type: string;
  /**
   * 0 when booked; one more for each change the patient's calendar must take over (reschedule, cancellation, and the
   * booking becoming confirmed when it is paid).
   */
  sequence: number;
  cancelled: boolean;
  /** The appointment's status and whether it is paid: a Pending, unpaid booking is only tentative. */
  status: string;
  paid: boolean;
  /** The consultation's length in minutes, as the appointment holds it (absent: DEFAULT_DURATION_MINUTES). */
  duration?: number | null;
}

export type CalendarStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

/**
 * The event's STATUS: CANCELLED for a cancellation; CONFIRMED once the visit is paid or confirmed (by a payment or
 * by staff) or done; TENTATIVE before (a Pending booking, not paid: its slot is not the patient's for sure).
 */
export function calendarStatus(visit: Pick<CalendarVisit, 'cancelled' | 'status' | 'paid'>): CalendarStatus {
  if (visit.cancelled) return 'CANCELLED';
  return isConfirmedVisit(visit) ? 'CONFIRMED' : 'TENTATIVE';
}

/** Paid, or confirmed by staff, or done: the calendar says CONFIRMED. When this changes, the calendar takes an update. */
export function isConfirmedVisit(visit: Pick<CalendarVisit, 'status' | 'paid'>): boolean {
  return visit.paid || visit.status === 'Confirmed' || visit.status === 'Completed';
}

/** The visit's length for the calendar: its own duration when it has a sensible one. */
function durationOf(visit: Pick<CalendarVisit, 'duration'>): number {
  const minutes = Number(visit.duration);
  return Number.isInteger(minutes) && minutes > 0 ? minutes : DEFAULT_DURATION_MINUTES;
}

/** Africa/Nairobi has been UTC+3 without daylight saving since 1960: one STANDARD rule describes it. */
const NAIROBI_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${CLINIC_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0300',
  'TZNAME:EAT',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The appointment's stable UID: the same event in the patient's calendar however often it changes. */
export function calendarUid(appointmentId: number, domain: string): string {
  return `appointment-${appointmentId}@${domain}`;
}

/**
 * The visit as an iCalendar file (RFC 5545) made with the `ics` package: UID stable per appointment, start in
 * clinic time with TZID Africa/Nairobi (the package writes floating local times; the TZID and its VTIMEZONE are
 * added to its output), the visit's own duration, SEQUENCE as given, STATUS as calendarStatus says (TENTATIVE until
 * paid or confirmed), METHOD:CANCEL and STATUS:CANCELLED for a cancellation; title and description in the recipient's
 * language.
 */
export function appointmentCalendar(
  visit: CalendarVisit,
  options: { domain: string; organizerEmail: string; url: string; now?: Date; language?: MessageLanguage },
): string {
  const language = options.language ?? 'en';
  const t = NOTIFICATION_TEXTS[language];
  const [y, m, d] = visit.appointment_date.split('-').map(Number);
  const slot = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(visit.time_slot);
  if (!slot) throw new Error(`not a time slot: ${visit.time_slot}`);
  const hour = (Number(slot[1]) % 12) + (slot[3] === 'PM' ? 12 : 0);
  const { error, value } = createEvent({
    productId: 'afya/appointments',
    method: visit.cancelled ? 'CANCEL' : 'REQUEST',
    uid: calendarUid(visit.appointment_id, options.domain),
    sequence: visit.sequence,
    title: t.calendarTitle(visit.doctor_name.replace(/^Dr\.?\s+/i, '')),
    description: t.calendarDescription(choiceLabel(visit.appointment_type, language), options.url),
    url: options.url,
    start: [y, m, d, hour, Number(slot[2])],
    startInputType: 'local',
    startOutputType: 'local',
    duration: { minutes: durationOf(visit) },
    status: calendarStatus(visit),
    organizer: { name: 'Afya', email: options.organizerEmail },
    ...(options.now ? { timestamp: options.now.getTime() } : {}),
  });
  if (error || !value) throw error ?? new Error('the calendar file could not be made');
  const lines = value.split(/\r?\n/).filter((line, index, all) => line !== '' || index < all.length - 1);
  const out: string[] = [];
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') out.push(...NAIROBI_VTIMEZONE);
    out.push(/^DTSTART:\d{8}T\d{6}$/.test(line) ? line.replace('DTSTART:', `DTSTART;TZID=${CLINIC_TIME_ZONE}:`) : line);
  }
  return `${out.filter(Boolean).join('\r\n')}\r\n`;
}
