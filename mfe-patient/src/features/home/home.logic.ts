import { appointmentStart, nairobiDate } from 'shell/ui-kit';
import type { Appointment, Prescription } from './api';

export { appointmentStart };

const DAY = 86_400_000;

/** 'Upcoming Appointments' (next two) or, with none in the future, the two most recent ('Recent Appointments'). */
export function pickAppointments(list: Appointment[], now = Date.now()): { title: string; items: Appointment[] } {
  const active = list.filter((a) => (a.appointment_status ?? '').toLowerCase() !== 'cancelled');
  const future = active.filter((a) => appointmentStart(a) >= now).sort((a, b) => appointmentStart(a) - appointmentStart(b));
  if (future.length) return { title: 'Upcoming Appointments', items: future.slice(0, 2) };
  const past = [...list].sort((a, b) => appointmentStart(b) - appointmentStart(a));
  return { title: past.length ? 'Recent Appointments' : 'Upcoming Appointments', items: past.slice(0, 2) };
}

export function todaysCount(list: Appointment[], now = Date.now()): number {
  const today = nairobiDate(0, now);
  return list.filter((a) => (a.appointment_date ?? '').slice(0, 10) === today && (a.appointment_status ?? '').toLowerCase() !== 'cancelled').length;
}

export function daysUntil(a: Appointment, now = Date.now()): number {
  return Math.ceil((appointmentStart(a) - now) / DAY);
}

export function recentPrescriptions(list: Prescription[]): Prescription[] {
  return [...list].sort((a, b) => new Date(b.issued_at).getTime() - new Date(a.issued_at).getTime()).slice(0, 2);
}

export function firstMedicine(p: Prescription): string {
  let meds = p.medicines;
  if (typeof meds === 'string') {
    try {
      meds = JSON.parse(meds) as Prescription['medicines'];
    } catch {
      return meds as string;
    }
  }
  if (!Array.isArray(meds) || meds.length === 0) return 'Prescription';
  const m = meds[0];
  return typeof m === 'string' ? m : m?.name ?? 'Prescription';
}
