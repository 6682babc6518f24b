import type { Appointment, Prescription } from './api';

const DAY = 86_400_000;

/** Start time of an appointment (clinic local time) as epoch ms. */
export function appointmentStart(a: Pick<Appointment, 'appointment_date' | 'time_slot'>): number {
  const date = (a.appointment_date ?? '').slice(0, 10);
  const m = /^(\d{1,2}):(\d{2})\s*(AM|PM)?$/i.exec((a.time_slot ?? '').trim());
  let h = 0;
  let min = 0;
  if (m) {
    h = Number(m[1]) % 12;
    min = Number(m[2]);
    if ((m[3] ?? '').toUpperCase() === 'PM') h += 12;
    if (!m[3]) h = Number(m[1]);
  }
  return new Date(`${date}T${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}:00+03:00`).getTime();
}

/** 'Upcoming Appointments' (next two) or, with none in the future, the two most recent ('Recent Appointments'). */
export function pickAppointments(list: Appointment[], now = Date.now()): { title: string; items: Appointment[] } {
  const active = list.filter((a) => (a.appointment_status ?? '').toLowerCase() !== 'cancelled');
  const future = active.filter((a) => appointmentStart(a) >= now).sort((a, b) => appointmentStart(a) - appointmentStart(b));
  if (future.length) return { title: 'Upcoming Appointments', items: future.slice(0, 2) };
  const past = [...list].sort((a, b) => appointmentStart(b) - appointmentStart(a));
  return { title: past.length ? 'Recent Appointments' : 'Upcoming Appointments', items: past.slice(0, 2) };
}

export function todaysCount(list: Appointment[], now = Date.now()): number {
  const today = new Date(now + 3 * 3_600_000).toISOString().slice(0, 10); // Africa/Nairobi (UTC+3)
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
