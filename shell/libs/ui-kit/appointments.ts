// Appointment rules every remote shows the same way (CONTRACT.md §2, §5 and §9): time slots, types and
// their default fees, the booking window, clinic-local dates, and the list filters (search, status, date).

import type { AppointmentView } from '@afya/appointment-service/contracts';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES as TYPES, TIME_SLOTS as SLOTS, TYPE_FEES, UNKNOWN_TYPE_FEE } from '@afya/appointment-service/contracts/catalog';
import {
  addDays,
  bookingAmount,
  bookingWindow as clinicWindow,
  clinicInstant,
  clinicToday,
  isCalendarDate,
  isInBookingWindow,
  nextVideoJoinChange,
  typeFee,
  videoJoinRefusal,
  type VideoVisitState,
} from '@afya/appointment-service/contracts/booking-rules';
import { i18n } from '../i18n';

/** CONTRACT.md §9's 14 slots: the appointment service's own list. */
export const TIME_SLOTS: readonly string[] = SLOTS;

/** CONTRACT.md §9: appointment types and their default fees in Ksh (the service's TYPE_FEES). */
export const APPOINTMENT_TYPES: ReadonlyArray<{ type: string; fee: number }> = TYPES.map((type) => ({ type, fee: TYPE_FEES[type] }));
export { APPOINTMENT_STATUSES, UNKNOWN_TYPE_FEE };

/** The capitalised status the service uses ('confirmed' → 'Confirmed'); unknown values pass through. */
export function canonicalStatus(status: string | null | undefined): string {
  return APPOINTMENT_STATUSES.find((s) => s.toLowerCase() === (status ?? '').toLowerCase()) ?? status ?? '';
}

/** Default fee of an appointment type (unknown type 150): the contract's rule (booking-rules.ts). */
export function feeForType(type: string | null | undefined): number {
  return typeFee(type ?? '');
}

/** The amount to charge: the doctor's own fee when set, else the type's default fee (the contract's rule). */
export function bookingFee(type: string | null | undefined, doctorFee?: number | null): number {
  return bookingAmount(type ?? '', doctorFee);
}

const HOUR_MS = 3_600_000;

// Dates, the window and slot instants come from the appointment contract's booking rules: the same code the
// service runs, with the zone's offset from the time-zone database.

/** A clinic-local date (YYYY-MM-DD) `days` after today in Africa/Nairobi. */
export function nairobiDate(days = 0, now = Date.now()): string {
  return addDays(clinicToday(new Date(now)), days);
}

/** CONTRACT.md §5: a booking date is from tomorrow to BOOKING_WINDOW_DAYS ahead (clinic dates). */
export function bookingWindow(now = Date.now()): { min: string; max: string } {
  const { first, last } = clinicWindow(new Date(now));
  return { min: first, max: last };
}
export function isBookableDate(date: string | null | undefined, now = Date.now()): boolean {
  return !!date && isInBookingWindow(date, new Date(now));
}

/** Minutes after midnight of a slot label ('02:30 PM' → 870); NaN when unreadable. */
export function slotMinutes(slot: string | null | undefined): number {
  const m = /^(\d{1,2}):(\d{2})\s*(AM|PM)?$/i.exec((slot ?? '').trim());
  if (!m) return NaN;
  let h = Number(m[1]);
  const ap = (m[3] ?? '').toUpperCase();
  if (ap) h = (h % 12) + (ap === 'PM' ? 12 : 0);
  return h * 60 + Number(m[2]);
}

/** What the shared rules read of an appointment (the contract's AppointmentView, fields optional). */
export type AppointmentLike = Partial<Pick<AppointmentView, 'appointment_date' | 'time_slot' | 'starts_at' | 'created_at' | 'patient_full_name'>> & {
  /** Compared case-insensitively: some lists write statuses in lower case (CONTRACT.md §3). */
  appointment_status?: string | null;
  doctor?: Partial<AppointmentView['doctor']> | null;
  user?: Partial<AppointmentView['user']> | null;
};

/** Start of an appointment (clinic local time) as epoch ms; the date's midnight when the slot is unreadable. */
export function appointmentStart(a: Pick<AppointmentLike, 'appointment_date' | 'time_slot'>): number {
  const date = (a.appointment_date ?? '').slice(0, 10);
  if (!isCalendarDate(date)) return NaN;
  const min = slotMinutes(a.time_slot);
  return clinicInstant(date, Number.isFinite(min) ? min : 0).getTime();
}

/** Hours from now until the appointment starts (negative when it has started). */
export function hoursUntil(a: Pick<AppointmentLike, 'appointment_date' | 'time_slot'>, now = Date.now()): number {
  return (appointmentStart(a) - now) / HOUR_MS;
}

export const statusOf = (a: Pick<AppointmentLike, 'appointment_status'>): string => (a.appointment_status ?? '').toLowerCase();

/** 'Dr. first last' for a patient's view. */
export function doctorName(a: Pick<AppointmentLike, 'doctor'>): string {
  const n = [a.doctor?.first_name, a.doctor?.last_name].filter(Boolean).join(' ');
  return n ? i18n.t('names.doctor', { ns: 'shell', name: n }) : i18n.t('roles.doctor', { ns: 'shell' });
}
/** The patient's name for a doctor's or admin's view. */
export function patientName(a: Pick<AppointmentLike, 'patient_full_name' | 'user'>): string {
  return a.patient_full_name || [a.user?.firstname, a.user?.lastname].filter(Boolean).join(' ') || i18n.t('roles.user', { ns: 'shell' });
}

export type StatusFilter = 'all' | 'pending' | 'confirmed' | 'completed' | 'cancelled';
export type DateFilter = 'all' | 'today' | 'upcoming' | 'past';
export interface AppointmentFilterValue {
  search: string;
  status: StatusFilter;
  date: DateFilter;
}
export const NO_FILTERS: AppointmentFilterValue = { search: '', status: 'all', date: 'all' };
export const STATUS_FILTERS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All Status' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];
export const DATE_FILTERS: ReadonlyArray<{ value: DateFilter; label: string }> = [
  { value: 'all', label: 'All Dates' },
  { value: 'today', label: 'Today' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
];
/** Quick buttons: Clear All, Confirmed Only, Today's. */
export const QUICK_FILTERS = {
  clearAll: NO_FILTERS,
  confirmedOnly: { ...NO_FILTERS, status: 'confirmed' } as AppointmentFilterValue,
  todays: { ...NO_FILTERS, date: 'today' } as AppointmentFilterValue,
};

/**
 * CONTRACT.md §2 filters. Search matches the doctor's name, the patient's name or the status
 * (case-insensitive); 'today' is the clinic-local date, 'upcoming' after today, 'past' before today.
 */
export function filterAppointments<T extends AppointmentLike>(list: T[], f: AppointmentFilterValue, now = Date.now()): T[] {
  const q = f.search.trim().toLowerCase();
  const today = nairobiDate(0, now);
  return list.filter((a) => {
    if (f.status !== 'all' && statusOf(a) !== f.status) return false;
    const d = (a.appointment_date ?? '').slice(0, 10);
    if (f.date === 'today' && d !== today) return false;
    if (f.date === 'upcoming' && !(d > today)) return false;
    if (f.date === 'past' && !(d < today)) return false;
    if (!q) return true;
    const doctor = [a.doctor?.first_name, a.doctor?.last_name].filter(Boolean).join(' ');
    const hay = [doctor, `dr. ${doctor}`, patientName(a), a.appointment_status ?? ''].join(' | ').toLowerCase();
    return hay.includes(q);
  });
}

/** Newest appointment date first, then latest slot first. */
export function sortByStartDesc<T extends AppointmentLike>(list: T[]): T[] {
  return [...list].sort((a, b) => appointmentStart(b) - appointmentStart(a));
}

export function isFiltered(f: AppointmentFilterValue): boolean {
  return f.search.trim() !== '' || f.status !== 'all' || f.date !== 'all';
}

/** What the join button reads of an appointment: the contract's VideoVisitState (starts_at, else date and slot). */
export type JoinableVisit = VideoVisitState;

/**
 * Whether "Join video visit" shows on a card: exactly when the server would admit, by the one rule it enforces (the
 * contract's videoJoinRefusal: a paid or confirmed video visit, not cancelled or completed, from 10 minutes before
 * its start until 30 minutes after, the start being the appointment's `starts_at`).
 */
export function canJoinVideoNow(a: JoinableVisit, now = Date.now()): boolean {
  return videoJoinRefusal(a, new Date(now)) === null;
}

/** Whether a card may show the join button now or later by the clock alone (joinable, or its window not open yet). */
export function videoJoinAhead(a: JoinableVisit, now = Date.now()): boolean {
  const refusal = videoJoinRefusal(a, new Date(now));
  return refusal === null || refusal === 'too_early';
}

/** When canJoinVideoNow's answer next changes by the clock alone (ms), or null: a screen re-reads the rule then. */
export function nextJoinChange(a: JoinableVisit, now = Date.now()): number | null {
  return nextVideoJoinChange(a, new Date(now));
}

/** Where a participant holds a video visit (patient and doctor remotes both route it). */
export const videoVisitPath = (appointmentId: number) => `/dashboard/video/${appointmentId}`;
