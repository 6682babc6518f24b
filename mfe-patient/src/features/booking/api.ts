import { api } from 'shell/api-client';
import type { Appointment } from '../appointments/api';

export interface Slot {
  time_slot: string;
  available: boolean;
}

/** Free and taken slots of a doctor on a date: {slots:[{time_slot, available}]}. */
export interface Availability {
  /** false when the date is outside the booking window or the doctor does not work that day */
  bookable_date: boolean;
  slots: Slot[];
}

export async function fetchAvailability(doctorId: number, date: string): Promise<Availability> {
  const res = await api.get<{ slots?: Slot[]; bookable_date?: boolean } | Slot[]>('appointments/availability', {
    searchParams: { doctor_id: doctorId, date },
    fallback: 'Failed to load available times',
  });
  if (Array.isArray(res)) return { bookable_date: true, slots: res };
  return { bookable_date: res?.bookable_date !== false, slots: res?.slots ?? [] };
}

export interface BookingRequest {
  user_id: number;
  doctor_id: number;
  appointment_date: string;
  time_slot: string;
  total_amount: number;
  appointment_status: 'Pending';
  notes: string;
  appointment_type: string;
}

/**
 * POST /appointments (SPEC.md section 7); answers {appointment}. The server computes the amount itself (the
 * doctor's fee, else the type's default); 409 when the slot was taken meanwhile.
 */
export async function bookAppointment(body: BookingRequest): Promise<Appointment> {
  const res = await api.post<{ appointment?: Appointment } & Partial<Appointment>>('appointments', body, {
    fallback: 'Failed to book appointment. Please try again.',
  });
  return (res?.appointment ?? res) as Appointment;
}
