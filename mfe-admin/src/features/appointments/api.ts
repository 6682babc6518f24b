import { t } from '../../i18n';
import type { AdminSearchReply, AppointmentStatus, AppointmentView } from '@afya/appointment-service/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, queryKeys } from 'shell/api-client';
import { toast, type AppointmentFilterValue } from 'shell/ui-kit';
import { adminKeys } from '../../api/query-keys';

export type AdminAppointment = AppointmentView;

/** Cards per page (the server pages; search and filters run there too, over every appointment). */
export const ADMIN_PAGE_SIZE = 20;

export interface AdminAppointmentsQuery {
  filters: AppointmentFilterValue;
  page: number;
}

const STATUS: Record<string, AppointmentStatus> = { pending: 'Pending', confirmed: 'Confirmed', completed: 'Completed', cancelled: 'Cancelled' };

/** GET /admin/appointments?search=&status=&date=&page=&limit= → {appointments, total}. */
export function fetchAdminAppointments({ filters, page }: AdminAppointmentsQuery): Promise<AdminSearchReply> {
  const query: { page: number; limit: number; search?: string; status?: string; date?: string } = { page, limit: ADMIN_PAGE_SIZE };
  if (filters.search.trim()) query.search = filters.search.trim();
  if (filters.status !== 'all') query.status = STATUS[filters.status];
  if (filters.date !== 'all') query.date = filters.date;
  return calls.appointments.adminSearch({ query }, { context: { fallback: 'Failed to fetch appointments' } });
}

export function useAdminAppointments(query: AdminAppointmentsQuery) {
  return useQuery({
    queryKey: [...adminKeys.appointments, query],
    queryFn: () => fetchAdminAppointments(query),
    placeholderData: keepPreviousData,
  });
}

export async function setAmount(id: number, total_amount: number): Promise<AdminAppointment> {
  const res = await calls.appointments.setAmount({ params: { id }, body: { total_amount } }, { context: { fallback: 'Failed to update amount' } });
  return res.appointment;
}

/** Admins may set any status (PATCH /appointments/{id}/override). */
export async function overrideStatus(id: number, status: AppointmentStatus): Promise<AdminAppointment> {
  const res = await calls.appointments.override({ params: { id }, body: { status } }, { context: { fallback: 'Failed to update status' } });
  return res.appointment;
}

export async function deleteAppointment(id: number): Promise<void> {
  await calls.appointments.remove({ params: { id } }, { context: { fallback: 'Failed to delete appointment' } });
}

/**
 * The admin's changes to an appointment (amount, status, delete). An amount or status answer replaces the card
 * in every cached page at once; a delete refetches the shown page (the next card moves up, the total drops).
 * Other appointments queries and the home's figures are marked stale. Toasts are CONTRACT.md §8's texts.
 */
export function useAppointmentChanges() {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.appointments, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: adminKeys.totals });
  };
  const put = (a: AdminAppointment) =>
    queryClient.setQueriesData<AdminSearchReply>({ queryKey: adminKeys.appointments }, (page) =>
      page?.appointments ? { ...page, appointments: page.appointments.map((x) => (x.appointment_id === a.appointment_id ? { ...x, ...a } : x)) } : page,
    );
  const amount = useMutation({
    mutationFn: ({ id, amount }: { id: number; amount: number }) => setAmount(id, amount),
    onSuccess: (a) => {
      put(a);
      toast.success(t('appointments.amountUpdated'));
      settle();
    },
    onError: () => toast.error(t('appointments.amountFailed')),
  });
  const status = useMutation({
    mutationFn: ({ id, status }: { id: number; status: AppointmentStatus }) => overrideStatus(id, status),
    onSuccess: (a) => {
      put(a);
      toast.success(t('appointments.statusUpdated'));
      settle();
    },
    onError: () => toast.error(t('appointments.statusFailed')),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteAppointment(id),
    onSuccess: () => {
      toast.success(t('appointments.deleted'));
      void queryClient.invalidateQueries({ queryKey: adminKeys.appointments });
      settle();
    },
    onError: () => toast.error(t('appointments.deleteFailed')),
  });
  return { amount, status, remove };
}
