import { api } from 'shell/api-client';
import { nairobiDate, patientName as uiPatientName } from 'shell/ui-kit';

/** An appointment as the doctor sees it (SPEC.md section 3; patient names included). */
export interface DoctorAppointment {
  appointment_id: number;
  user_id?: number;
  appointment_date: string;
  time_slot: string;
  appointment_status: string;
  appointment_type?: string | null;
  type?: string | null;
  duration?: string | number | null;
  total_amount?: number | string | null;
  paid?: boolean;
  notes?: string | null;
  created_at?: string | null;
  patient_full_name?: string | null;
  user?: { firstname?: string | null; lastname?: string | null } | null;
  doctor?: { first_name?: string; last_name?: string; specialization?: string | null } | null;
}
export interface Performance {
  patientsSeen?: number;
  avgRating?: number;
  ratingsCount?: number;
  onTimeRate?: number;
  avgConsultation?: number;
  completedCount?: number;
  totalPatients?: number;
}
export interface Notifications {
  emergencies: Array<{
    appointment_id: number;
    appointment_date?: string;
    time_slot: string;
    patient_full_name?: string | null;
    user?: { firstname?: string | null; lastname?: string | null } | null;
    message?: string;
  }>;
  labResults: Array<{ lab_result_id?: number; test_name?: string; message: string; created_at?: string; user?: { firstname?: string | null; lastname?: string | null } | null }>;
}
export interface DoctorProfile {
  doctor_id: number;
  fee: number | string | null;
  specialization?: string | null;
  approved?: boolean;
  approval_status?: string;
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

export async function fetchNotifications(): Promise<Notifications> {
  const res = await api.get<Partial<Notifications>>('doctor/notifications');
  return { emergencies: res?.emergencies ?? [], labResults: res?.labResults ?? [] };
}

/** GET /doctor/profile-by-user/{userId}: doctor_id and fee. */
export async function fetchMyDoctorProfile(userId: number): Promise<DoctorProfile> {
  const res = await api.get<DoctorProfile & { doctor?: DoctorProfile }>(`doctor/profile-by-user/${userId}`, { fallback: 'Failed to load doctor profile.' });
  return res?.doctor ?? res;
}

export async function updateFee(doctorId: number, fee: number): Promise<DoctorProfile | undefined> {
  const res = await api.patch<DoctorProfile & { doctor?: DoctorProfile }>(`doctor/${doctorId}/fee`, { fee }, { fallback: 'Failed to update fee' });
  return res?.doctor ?? res;
}

/** Any status on the doctor's own appointments. */
export async function updateStatus(id: number, status: string): Promise<DoctorAppointment | undefined> {
  const res = await api.patch<{ appointment?: DoctorAppointment }>(`appointments/${id}/status`, { status }, { fallback: 'Failed to update status' });
  return res?.appointment;
}

export const patientName = (a: DoctorAppointment): string => uiPatientName(a);
export const appointmentType = (a: Pick<DoctorAppointment, 'appointment_type' | 'type'>): string => a.appointment_type || a.type || 'Consultation';
/** The consultation length shown in lists: the recorded duration, default '25 min'. */
export function durationText(d: DoctorAppointment['duration']): string {
  const n = Number(d);
  if (d === null || d === undefined || d === '' || !Number.isFinite(n) || n <= 0) return typeof d === 'string' && d.trim() && !Number.isFinite(n) ? d : '25 min';
  return `${n} min`;
}

/** Today in Africa/Nairobi as YYYY-MM-DD. */
export function nairobiToday(now = Date.now()): string {
  return nairobiDate(0, now);
}
