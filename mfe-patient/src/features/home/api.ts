import { api } from 'shell/api-client';
import type { Appointment } from '../appointments/api';

export { fetchMyAppointments } from '../appointments/api';
export type { Appointment };

export interface Prescription {
  prescription_id: number;
  appointment_id?: number | string | null;
  issued_at: string;
  doctor_name?: string;
  medicines?: Array<{ name?: string } | string> | string;
}

type PrescriptionsResponse = Prescription[] | { prescriptions?: Prescription[]; data?: Prescription[] };

export async function fetchMyPrescriptions(): Promise<Prescription[]> {
  const res = await api.get<PrescriptionsResponse>('prescriptions/user', { fallback: 'Failed to fetch prescriptions' });
  return Array.isArray(res) ? res : res?.prescriptions ?? res?.data ?? [];
}
