import { api } from 'shell/api-client';

export interface DoctorAppointment {
  appointment_id: number;
  appointment_date: string;
  time_slot: string;
  appointment_status: string;
  type?: string;
  duration?: string | number | null;
  patient_full_name?: string;
  user?: { firstname?: string; lastname?: string };
}
export interface Performance {
  patientsSeen?: number;
  avgRating?: number;
  onTimeRate?: number;
  avgConsultation?: number;
}

export async function fetchDoctorAppointments(): Promise<DoctorAppointment[]> {
  const res = await api.get<DoctorAppointment[] | { appointments?: DoctorAppointment[] }>('appointments/doctor', {
    fallback: 'Failed to fetch appointments',
  });
  return Array.isArray(res) ? res : res?.appointments ?? [];
}

export async function fetchPerformance(): Promise<Performance> {
  const res = await api.get<Performance | { performance?: Performance }>('doctor/performance');
  return (res as { performance?: Performance })?.performance ?? (res as Performance) ?? {};
}

export function patientName(a: DoctorAppointment): string {
  return a.patient_full_name || [a.user?.firstname, a.user?.lastname].filter(Boolean).join(' ') || 'Patient';
}

/** Today in Africa/Nairobi as YYYY-MM-DD. */
export function nairobiToday(now = Date.now()): string {
  return new Date(now + 3 * 3_600_000).toISOString().slice(0, 10);
}
