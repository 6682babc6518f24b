import { api } from 'shell/api-client';

/** SPEC.md section 3 appointment, as the patient sees it. Numerics may arrive as strings. */
export interface Appointment {
  appointment_id: number;
  user_id?: number;
  doctor_id?: number;
  appointment_date: string; // YYYY-MM-DD
  time_slot: string; // '09:30 AM'
  total_amount?: number | string | null;
  appointment_status: string;
  paid?: boolean;
  notes?: string | null;
  type?: string | null;
  appointment_type?: string | null;
  duration?: string | number | null;
  created_at?: string | null;
  updated_at?: string | null;
  rating?: number | null;
  rating_comment?: string | null;
  doctor?: { doctor_id?: number; first_name?: string; last_name?: string; specialization?: string } | null;
}

type ListResponse = Appointment[] | { appointments?: Appointment[]; data?: Appointment[] };

export async function fetchMyAppointments(): Promise<Appointment[]> {
  const res = await api.get<ListResponse>('appointments', { fallback: 'Failed to fetch appointments' });
  return Array.isArray(res) ? res : res?.appointments ?? res?.data ?? [];
}

/** Patients cancel their own Pending/Confirmed appointment at least 24 hours ahead (the server checks too). */
export async function cancelAppointment(id: number): Promise<Appointment | undefined> {
  const res = await api.patch<{ appointment?: Appointment }>(`appointments/${id}/status`, { status: 'Cancelled' }, { fallback: 'Failed to update appointment' });
  return res?.appointment;
}

/** 1-5 stars on a Completed appointment, optional comment. */
export async function rateAppointment(id: number, rating: number, comment?: string): Promise<void> {
  await api.post(`appointments/${id}/rating`, { rating, comment: comment?.trim() ? comment.trim() : undefined }, { fallback: 'Failed to save rating' });
}
