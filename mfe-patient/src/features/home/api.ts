import { api } from 'shell/api-client';

export interface Appointment {
  appointment_id: number;
  appointment_date: string; // YYYY-MM-DD
  time_slot: string; // '09:30 AM'
  appointment_status: string;
  doctor?: { first_name?: string; last_name?: string; specialization?: string };
}
export interface Prescription {
  prescription_id: number;
  issued_at: string;
  doctor_name?: string;
  medicines?: Array<{ name?: string } | string> | string;
}

type AppointmentsResponse = Appointment[] | { appointments?: Appointment[]; data?: Appointment[] };
type PrescriptionsResponse = Prescription[] | { prescriptions?: Prescription[]; data?: Prescription[] };

export async function fetchMyAppointments(): Promise<Appointment[]> {
  const res = await api.get<AppointmentsResponse>('appointments', { fallback: 'Failed to fetch appointments' });
  return Array.isArray(res) ? res : res?.appointments ?? res?.data ?? [];
}

export async function fetchMyPrescriptions(): Promise<Prescription[]> {
  const res = await api.get<PrescriptionsResponse>('prescriptions/user', { fallback: 'Failed to fetch prescriptions' });
  return Array.isArray(res) ? res : res?.prescriptions ?? res?.data ?? [];
}
