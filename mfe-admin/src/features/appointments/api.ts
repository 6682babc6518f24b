import type { AppointmentChangeReply, AppointmentListReply, AppointmentStatus, AppointmentView } from '@afya/appointment-service/contracts';
import { LIST_PAGE_MAX } from '@afya/appointment-service/contracts/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from 'shell/api-client';
import { toast, useAppointmentList } from 'shell/ui-kit';
import { adminKeys } from '../../api/query-keys';

export type AdminAppointment = AppointmentView;

/** The server answers at most this many appointments per call (a NATS message limit). */
export const PAGE_SIZE = LIST_PAGE_MAX;
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
    const { appointments } = await api.get<AppointmentListReply>('appointments/admin/all', {
      searchParams: { limit: PAGE_SIZE, offset: page * PAGE_SIZE },
      fallback: 'Failed to fetch appointments',
    });
    all.push(...appointments);
    if (appointments.length < PAGE_SIZE) break;
    onProgress?.([...all]);
  }
  return all;
}

export async function setAmount(id: number, total_amount: number): Promise<AdminAppointment> {
  const res = await api.patch<AppointmentChangeReply>(`appointments/${id}/amount`, { total_amount }, { fallback: 'Failed to update amount' });
  return res.appointment;
}

/** Admins may set any status (PATCH /appointments/{id}/override). */
export async function overrideStatus(id: number, status: AppointmentStatus): Promise<AdminAppointment> {
  const res = await api.patch<AppointmentChangeReply>(`appointments/${id}/override`, { status }, { fallback: 'Failed to update status' });
  return res.appointment;
}

export async function deleteAppointment(id: number): Promise<void> {
  await api.delete(`appointments/${id}`, { fallback: 'Failed to delete appointment' });
}

export function useAdminAppointments() {
  return useAppointmentList<AdminAppointment>(fetchAllAppointments, { queryKey: adminKeys.appointments });
}

type AdminList = Pick<ReturnType<typeof useAdminAppointments>, 'patch' | 'setAppointments'>;

/**
 * The admin's changes to an appointment (amount, status, delete). Each success puts the server's answer in
 * the cached list at once rather than refetching it: the list can be 20,000 rows read in 40 pages. Other
 * appointments queries are marked stale (refetched when next shown), and the home page's totals refresh.
 * Toasts are SPEC.md section 8's texts.
 */
export function useAppointmentChanges(list: AdminList) {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.appointments, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: adminKeys.totals });
  };
  const amount = useMutation({
    mutationFn: ({ id, amount }: { id: number; amount: number }) => setAmount(id, amount),
    onSuccess: (a) => {
      list.patch(a.appointment_id, a);
      toast.success('Amount updated!');
      settle();
    },
    onError: () => toast.error('Failed to update amount'),
  });
  const status = useMutation({
    mutationFn: ({ id, status }: { id: number; status: AppointmentStatus }) => overrideStatus(id, status),
    onSuccess: (a) => {
      list.patch(a.appointment_id, a);
      toast.success('Status updated!');
      settle();
    },
    onError: () => toast.error('Failed to update status'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteAppointment(id),
    onSuccess: (_void, id) => {
      list.setAppointments((rows) => rows.filter((x) => x.appointment_id !== id));
      toast.success('Appointment deleted!');
      settle();
    },
    onError: () => toast.error('Failed to delete appointment'),
  });
  return { amount, status, remove };
}
