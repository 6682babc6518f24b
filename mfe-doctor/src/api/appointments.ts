import { t } from '../i18n';
import type { AppointmentChangeReply, AppointmentStatus, AppointmentView } from '@afya/appointment-service/contracts';
import { DEFAULT_DURATION_MINUTES } from '@afya/appointment-service/contracts/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from 'shell/api-client';
import { toast, useAppointmentList } from 'shell/ui-kit';

/**
 * The doctor's appointments, read by the home page (today's visits) and the agenda: one query, one cache.
 * Under queryKeys.appointments, so any change to an appointment refreshes it.
 */
export type DoctorAppointment = AppointmentView;
export const doctorAppointmentsKey = [...queryKeys.appointments, 'doctor'] as const;
/** The weekly performance counts completed visits: a status change refreshes it too. */
export const performanceKey = ['doctor', 'performance'] as const;

/** GET /appointments/doctor: the doctor's agenda (patient names included), the first 1,000. */
export async function fetchDoctorAppointments(): Promise<DoctorAppointment[]> {
  return (await api.list<DoctorAppointment>('appointments/doctor', { fallback: 'Failed to fetch appointments' })).items;
}

/** PATCH /appointments/{id}/status on one of the doctor's own appointments. */
export async function updateStatus(id: number, status: AppointmentStatus): Promise<DoctorAppointment> {
  const res = await api.patch<AppointmentChangeReply>(`appointments/${id}/status`, { status }, { fallback: 'Failed to update status' });
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
