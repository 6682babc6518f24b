// The booking form's rules as pure functions (CONTRACT.md §5), read from the appointment catalog so the
// screen and the service agree: the window, the doctor's weekdays, the fee, the reason's length, the messages.
import type { BookPayload } from '@afya/appointment-service/contracts';
import { AppointmentMessages, CLINIC_HOURS, MAX_REASON_LENGTH, MIN_REASON_LENGTH, WEEKDAYS, slotsWithinClinicHours, type Weekday } from '@afya/appointment-service/contracts/catalog';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { TIME_SLOTS, bookingWindow, feeForType, isBookableDate, slotMinutes } from 'shell/ui-kit';
import { doctorFullName, worksOn, type Doctor } from '../../api/doctors';
import type { Availability, Slot } from '../../api/availability';
import { appointmentTypeLabel, currentLanguage, formatDate, type Language } from 'shell/i18n';
import { t } from '../../i18n';

/**
 * The form's fields: the booking request's (the contract's BookPayload, its types), the date as the picker's Dayjs.
 * The visit mode is asked only when the doctor offers video visits; in person otherwise.
 */
export type BookingFormValues = {
  [Field in 'doctor_id' | 'appointment_type' | 'time_slot' | 'notes' | 'visit_mode']?: BookPayload[Field];
} & {
  appointment_date?: Dayjs | null;
  /** Family care (issue 36): "Who is this visit for?": 'me' (the default) or a member the patient may book for. */
  patient?: 'me' | number;
  /** Insurance (issue 38): 'self' (pay myself, the default) or the id of a cover the doctor accepts. */
  cover?: 'self' | number;
};

/** CONTRACT.md §5's messages, word for word from the catalog. */
export const BOOKING_MESSAGES = {
  doctor: AppointmentMessages.doctor,
  type: AppointmentMessages.type,
  date: AppointmentMessages.date,
  time: AppointmentMessages.time,
  reason: AppointmentMessages.reason,
  reasonTooLong: AppointmentMessages.reasonTooLong,
} as const;

/**
 * The date field's formats: the first is how a chosen date is shown; every one is accepted when typed (Kenyan
 * day-first dates, ISO dates), so the date can be entered without the calendar (keyboard, screen reader).
 */
export const DATE_INPUT_FORMATS = ['ddd, D MMM YYYY', 'D/M/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'D MMM YYYY'];

export const BOOKED_TEXT = 'Appointment booked successfully! Please proceed with payment.';
export const LOGIN_TO_BOOK = 'Please log in to book an appointment';

const weekdayOf = (day: string): Weekday => {
  const [y, m, d] = day.split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()]!;
};

/**
 * Dates outside the booking window (clinic time), on a day the clinic is closed (CLINIC_HOURS), or on a day the
 * doctor does not work, cannot be picked.
 */
export function isDateDisabled(day: string, doctor?: Pick<Doctor, 'available_days'> | null, now = Date.now()): boolean {
  return !isBookableDate(day, now) || slotsWithinClinicHours(weekdayOf(day)).length === 0 || !worksOn(doctor, day);
}

/** '08:00' → '8:00 AM' in English (the API's 12-hour form, CONTRACT.md §9), '08:00' in Kiswahili (the 24-hour clock). */
const clock = (hhmm: string, language: Language) => dayjs(`2000-01-01T${hhmm}`).format(language === 'sw' ? 'HH:mm' : 'h:mm A');

/**
 * The Office Hours panel, from CLINIC_HOURS (the source of the slots offered too): consecutive weekdays with the
 * same hours on one line, Monday first ('Monday - Friday', '8:00 AM - 6:00 PM'; 'Sunday', 'Closed').
 */
export function officeHoursLines(hours: typeof CLINIC_HOURS = CLINIC_HOURS, language: Language = currentLanguage()): { days: string; hours: string }[] {
  const week: Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const text = (day: Weekday) => {
    const h = hours[day];
    return h ? `${clock(h.opens, language)} - ${clock(h.closes, language)}` : t('booking.closed');
  };
  const lines: { first: Weekday; last: Weekday; hours: string }[] = [];
  for (const day of week) {
    const last = lines.at(-1);
    if (last && last.hours === text(day)) last.last = day;
    else lines.push({ first: day, last: day, hours: text(day) });
  }
  return lines.map((l) => ({ days: l.first === l.last ? weekdayName(l.first) : `${weekdayName(l.first)} - ${weekdayName(l.last)}`, hours: l.hours }));
}

/** A weekday of the data ('Monday') in the page's language. */
export function weekdayName(day: string): string {
  return t(`weekday.${day}`, { defaultValue: day });
}

/** The date field's help: the window, and the doctor's weekdays when listed. */
export function dateHint(doctor?: Pick<Doctor, 'available_days'> | null, now = Date.now()): string {
  const { min, max } = bookingWindow(now);
  const days = doctor?.available_days ?? [];
  const window = { from: formatDate(min, 'dayMonth'), to: formatDate(max, 'date') };
  return days.length ? t('booking.dateHintDays', { ...window, days: days.map(weekdayName).join(', ') }) : t('booking.dateHint', window);
}

/** The reason's problem, or null when it is fine (trimmed length within the catalog's limits). */
export function reasonProblem(reason: string | undefined): string | null {
  const n = (reason ?? '').trim().length;
  if (n < MIN_REASON_LENGTH) return BOOKING_MESSAGES.reason;
  if (n > MAX_REASON_LENGTH) return BOOKING_MESSAGES.reasonTooLong;
  return null;
}

/** The slots to draw: the doctor's for the date in clock order, or every slot (disabled) before one is chosen. */
export function slotsToShow(availability: Availability | undefined): Slot[] {
  if (!availability) return TIME_SLOTS.map((time_slot) => ({ time_slot, available: true }));
  return [...availability.slots].sort((a, b) => slotMinutes(a.time_slot) - slotMinutes(b.time_slot));
}

/** The help under the slots: what to do next, or why nothing can be chosen. */
export function timeHint({ doctorId, date, availability }: { doctorId?: number; date?: string; availability?: Availability }): string {
  if (!date) return t('booking.timeHint.pickDate');
  if (!doctorId) return t('booking.timeHint.pickDoctor');
  if (!availability) return '';
  if (!availability.bookable_date) return t('booking.timeHint.notSeeing');
  if (!availability.slots.some((s) => s.available)) return t('booking.timeHint.noneFree');
  if (availability.slots.some((s) => !s.available)) return t('booking.timeHint.crossedOut');
  return '';
}

/**
 * The fee line: the doctor's own fee whatever the type, else the type's default fee; nothing until one of
 * them is known.
 */
export function feeSummary(doctor: Doctor | undefined, type: string | undefined): { amount: number; note: string } | null {
  const fee = doctor?.fee ?? null;
  if (doctor && fee !== null) return { amount: fee, note: t('booking.fee.doctor', { name: doctorFullName(doctor) }) };
  if (!type) return null;
  return { amount: feeForType(type), note: t('booking.fee.default', { type: appointmentTypeLabel(type) }) };
}

/** The doctor to preselect from ?doctor_id=, once the doctors are known (only an approved one). */
export function preselectedDoctor(param: string | null, doctors: Doctor[]): number | undefined {
  const id = Number(param);
  return id && doctors.some((d) => d.doctor_id === id) ? id : undefined;
}

/**
 * What is sent: the five fields the service reads, the reason trimmed, and the visit mode only when it is
 * video with a doctor who offers it (a booking that names no mode is in person).
 */
export function toBookPayload(values: BookingFormValues, doctor?: Pick<Doctor, 'offers_video'>): BookPayload {
  return {
    doctor_id: Number(values.doctor_id),
    appointment_type: values.appointment_type!,
    appointment_date: values.appointment_date!.format('YYYY-MM-DD'),
    time_slot: values.time_slot!,
    notes: (values.notes ?? '').trim(),
    ...(values.visit_mode === 'video' && doctor?.offers_video ? { visit_mode: 'video' as const } : {}),
    // Only a member adds member_id: a booking for oneself is exactly what it always was.
    ...(typeof values.patient === 'number' ? { member_id: values.patient } : {}),
    // Only a cover adds cover_id: paying oneself is exactly today's booking.
    ...(typeof values.cover === 'number' ? { cover_id: values.cover } : {}),
  };
}
