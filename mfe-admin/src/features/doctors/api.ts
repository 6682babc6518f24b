import { api } from 'shell/api-client';

export interface AdminDoctor {
  doctor_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  specialization: string | null;
  fee: number | string | null;
  contact_phone: string | null;
  available_days: string[];
  approval_status: 'pending' | 'approved' | string;
  approved?: boolean;
  created_at?: string;
}

/** SPEC.md section 1 specialties: the appointment service's list. */
export { SPECIALIZATIONS } from '@afya/appointment-service/contracts/catalog';
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const isPending = (d: Pick<AdminDoctor, 'approval_status' | 'approved'>) =>
  d.approval_status ? d.approval_status === 'pending' : d.approved === false;

/** GET /admin/doctors: every doctor with its approval state; `pending` counts those awaiting approval. */
export async function fetchAdminDoctors(): Promise<{ doctors: AdminDoctor[]; pending: number }> {
  const res = await api.get<{ doctors?: AdminDoctor[]; pending?: number }>('admin/doctors', { fallback: 'Failed to fetch doctors' });
  const doctors = res?.doctors ?? [];
  return { doctors, pending: typeof res?.pending === 'number' ? res.pending : doctors.filter(isPending).length };
}

export async function approveDoctor(id: number, body: { specialization?: string; available_days?: string[] }): Promise<{ doctor?: AdminDoctor; message?: string }> {
  return api.patch(`admin/doctors/${id}/approve`, body, { fallback: 'Failed to approve doctor' });
}
