import { api } from 'shell/api-client';

export interface AdminAppointment {
  appointment_id: number;
  user_id?: number;
  doctor_id?: number;
  appointment_date: string;
  time_slot: string;
  total_amount?: number | string | null;
  appointment_status: string;
  paid?: boolean;
  notes?: string | null;
  appointment_type?: string | null;
  type?: string | null;
  created_at?: string | null;
  patient_full_name?: string | null;
  user?: { firstname?: string | null; lastname?: string | null } | null;
  doctor?: { doctor_id?: number; first_name?: string; last_name?: string; specialization?: string | null } | null;
}

/** The server answers at most this many appointments per call (a NATS message limit). */
export const PAGE_SIZE = 500;
const MAX_PAGES = 40;
/** The newest this many appointments are loaded: the page filters in the browser (SPEC.md section 2). */
export const ADMIN_APPOINTMENTS_LIMIT = PAGE_SIZE * MAX_PAGES;

/**
 * GET /appointments/admin/all: every appointment (newest first, up to ADMIN_APPOINTMENTS_LIMIT), read page by
 * page; `onProgress` gets what has arrived after each page, so the list shows before the last page.
 */
export async function fetchAllAppointments(onProgress?: (soFar: AdminAppointment[]) => void): Promise<AdminAppointment[]> {
  const all: AdminAppointment[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await api.get<AdminAppointment[] | { appointments?: AdminAppointment[] }>('appointments/admin/all', {
      searchParams: { limit: PAGE_SIZE, offset: page * PAGE_SIZE },
      fallback: 'Failed to fetch appointments',
    });
    const rows = Array.isArray(res) ? res : res?.appointments ?? [];
    all.push(...rows);
    if (rows.length < PAGE_SIZE) break;
    onProgress?.([...all]);
  }
  return all;
}

export async function setAmount(id: number, total_amount: number): Promise<AdminAppointment | undefined> {
  const res = await api.patch<{ appointment?: AdminAppointment }>(`appointments/${id}/amount`, { total_amount }, { fallback: 'Failed to update amount' });
  return res?.appointment;
}

/** Admins may set any status (PATCH /appointments/{id}/override). */
export async function overrideStatus(id: number, status: string): Promise<AdminAppointment | undefined> {
  const res = await api.patch<{ appointment?: AdminAppointment }>(`appointments/${id}/override`, { status }, { fallback: 'Failed to update status' });
  return res?.appointment;
}

export async function deleteAppointment(id: number): Promise<void> {
  await api.delete(`appointments/${id}`, { fallback: 'Failed to delete appointment' });
}
