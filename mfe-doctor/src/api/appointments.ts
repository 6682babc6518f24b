import { t } from '../i18n';
import type { AppointmentStatus, AppointmentView } from '@afya/appointment-service/contracts';
import { DEFAULT_DURATION_MINUTES } from '@afya/appointment-service/contracts/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callKey, calls, listPage, queryKeys } from 'shell/api-client';
import { toast, useAppointmentList } from 'shell/ui-kit';

/**
 * The doctor's appointments, read by the home page (today's visits) and the agenda: one query, one cache.
 * Under queryKeys.appointments, so any change to an appointment refreshes it.
 */
export type DoctorAppointment = AppointmentView;
export const doctorAppointmentsKey = callKey('appointments', 'listForDoctor');
/** The weekly performance counts completed visits: a status change refreshes it too (it is under queryKeys.appointments as well). */
export const performanceKey = callKey('appointments', 'performance');

/** GET /appointments/doctor: the doctor's agenda (patient names included), the first 1,000. */
export async function fetchDoctorAppointments(): Promise<DoctorAppointment[]> {
  return listPage(await calls.appointments.listForDoctor({ query: {} }, { context: { fallback: 'Failed to fetch appointments' } })).items;
}

/** PATCH /appointments/{id}/status on one of the doctor's own appointments. */
export async function updateStatus(id: number, status: AppointmentStatus): Promise<DoctorAppointment> {
  const res = await calls.appointments.setStatus({ params: { id }, body: { status } }, { context: { fallback: 'Failed to update status' } });
  return res.appointment;
}

export function useDoctorAppointments() {
  return useAppointmentList<DoctorAppointment>(fetchDoctorAppointments, { queryKey: doctorAppointmentsKey });
}

/**
 * Changing a status: the list shows the server's answer at once (`onUpdated`), then every appointments
 * query and the performance panel refresh. 'Status updated!' / 'Failed to update status' (CONTRACT.md §8).
 */
export function useUpdateStatus(onUpdated: (appointment: DoctorAppointment) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: AppointmentStatus }) => updateStatus(id, status),
    onSuccess: (appointment) => {
      onUpdated(appointment);
      toast.success(t('agenda.statusUpdated'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
      void queryClient.invalidateQueries({ queryKey: performanceKey });
    },
    onError: () => toast.error(t('agenda.statusFailed')),
  });
}

/** The consultation length shown in lists: the recorded duration, else the default. */
export function durationText(minutes: number | null | undefined): string {
  return t('common.minutes', { count: minutes && minutes > 0 ? minutes : DEFAULT_DURATION_MINUTES });
}
