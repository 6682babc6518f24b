import type { BookPayload } from '@afya/appointment-service/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, calls, queryKeys, withSubmissionKey } from 'shell/api-client';

/** CONTRACT.md §8's default, shown when the server sends no message of its own. */
export const BOOK_FAILED_TEXT = 'Failed to book appointment. Please try again.';

/** A failed booking as the form shows it: a 409 is a conflict on the slot, anything else a plain error. */
export function bookingProblem(err: unknown): { conflict: boolean; message: string } {
  if (err instanceof ApiError && err.status === 409) return { conflict: true, message: err.message };
  return { conflict: false, message: err instanceof ApiError && err.serverMessage ? err.serverMessage : BOOK_FAILED_TEXT };
}

/**
 * Books an appointment (declared in the appointment contracts: AppointmentCalls.book) with exactly the fields the
 * service reads: the patient is the caller, the amount comes from the doctor's fee and a booking starts Pending; the
 * reply's appointment comes back. After a booking every appointments query is stale (the lists, and this date's
 * slots); after a 409 (the slot was taken meanwhile) the slots of that doctor and date are fetched again so the taken
 * one shows as taken.
 */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    // A retry of the same booking (the link dropped before the reply) repeats its Idempotency-Key (decision 0099).
    mutationFn: async (body: BookPayload) =>
      (await withSubmissionKey('appointments.book', body, (idempotencyKey) => calls.appointments.book({ body }, { context: { fallback: BOOK_FAILED_TEXT, idempotencyKey } })))
        .appointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appointments }),
    onError: (err, payload) => {
      if (bookingProblem(err).conflict) return queryClient.invalidateQueries({ queryKey: queryKeys.availability(payload.doctor_id, payload.appointment_date) });
    },
  });
  return { ...mutation, problem: mutation.error ? bookingProblem(mutation.error) : null };
}
