import { createEvent } from 'ics';
import { CLINIC_TIME_ZONE, SLOT_MINUTES } from '@afya/appointment-service/contracts';
import { choiceLabel, type MessageLanguage, NOTIFICATION_TEXTS } from '@afya/service-shared';

export interface CalendarVisit {
  appointment_id: number;
  appointment_date: string;
  time_slot: string;
  doctor_name: string;
  appointment_type: string;
  /** 0 when booked; one more for each change the patient's calendar must take over (reschedule, cancellation). */
  sequence: number;
  cancelled: boolean;
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
 * added to its output), SEQUENCE as given, METHOD:CANCEL and STATUS:CANCELLED for a cancellation; title and
 * description in the recipient's language.
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
    duration: { minutes: SLOT_MINUTES },
    status: visit.cancelled ? 'CANCELLED' : 'CONFIRMED',
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
