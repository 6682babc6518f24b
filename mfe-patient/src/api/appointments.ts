import type { AppointmentView, TimeSlot } from '@afya/appointment-service/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callKey, calls, listPage, queryKeys } from 'shell/api-client';

/** An appointment as the patient sees it (the appointment contract's view). */
export type Appointment = AppointmentView;

/** The patient's own appointments: one cache entry for the home page and My Appointments (under queryKeys.appointments). */
export const myAppointmentsKey = callKey('appointments', 'listOwn');

export async function fetchMyAppointments(): Promise<Appointment[]> {
  return listPage(await calls.appointments.listOwn({ query: {} }, { context: { fallback: 'Failed to fetch appointments' } })).items;
}

/** Patients cancel their own Pending/Confirmed appointment ahead of the catalog's notice (the server checks too). */
export async function cancelAppointment(id: number): Promise<Appointment> {
  const res = await calls.appointments.setStatus({ params: { id }, body: { status: 'Cancelled' } }, { context: { fallback: 'Failed to update appointment' } });
  return res.appointment;
}

/** The patient moves their own visit to another free slot of the same doctor (a slot the availability listed; the server checks every rule again). */
export async function rescheduleAppointment(id: number, appointment_date: string, time_slot: string): Promise<Appointment> {
  const res = await calls.appointments.reschedule({ params: { id }, body: { appointment_date, time_slot: time_slot as TimeSlot } }, { context: { fallback: 'Failed to reschedule the appointment' } });
  return res.appointment;
}

/** 1-5 stars on a Completed appointment, optional comment. */
export async function rateAppointment(id: number, rating: number, comment?: string): Promise<void> {
  await calls.appointments.rate({ params: { id }, body: { rating, comment: comment?.trim() ? comment.trim() : undefined } }, { context: { fallback: 'Failed to save rating' } });
}

/** After a change every appointments query is stale (the lists, and the slots a cancellation frees). */
function useInvalidateAppointments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
}

export function useCancelAppointment() {
  const invalidate = useInvalidateAppointments();
  return useMutation({ mutationFn: cancelAppointment, onSuccess: invalidate });
}

export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, date, slot }: { id: number; doctorId: number; date: string; slot: string }) => rescheduleAppointment(id, date, slot),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appointments }),
    // a slot taken meanwhile: that day's slots are fetched again so it shows as taken
    onError: (_error, { doctorId, date }) => queryClient.invalidateQueries({ queryKey: queryKeys.availability(doctorId, date) }),
  });
}

export function useRateAppointment() {
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: ({ id, rating, comment }: { id: number; rating: number; comment?: string }) => rateAppointment(id, rating, comment),
    onSuccess: invalidate,
  });
}
