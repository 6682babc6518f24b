import type { AppointmentView, AvailabilityReply, BookPayload } from '@afya/appointment-service/contracts';
import { calls } from 'shell/api-client';

export type Availability = AvailabilityReply;
export type Slot = AvailabilityReply['slots'][number];

/** CONTRACT.md §8 defaults, shown when the server sends no message of its own. */
export const AVAILABILITY_FAILED_TEXT = 'Failed to load available times';
export const BOOK_FAILED_TEXT = 'Failed to book appointment. Please try again.';

/** Free and taken slots of a doctor on a clinic date (GET /appointments/availability). */
export function fetchAvailability(doctorId: number, date: string): Promise<Availability> {
  return calls.appointments.availability({ query: { doctor_id: doctorId, date } }, { context: { fallback: AVAILABILITY_FAILED_TEXT } });
}

/**
 * The booking (declared in the appointment contracts: AppointmentCalls.book) with exactly the fields the service
 * reads: the patient is the caller, the amount comes from the doctor's fee and a booking starts Pending. 409 when the
 * slot was taken meanwhile.
 */
export async function bookAppointment(body: BookPayload): Promise<AppointmentView> {
  const reply = await calls.appointments.book({ body }, { context: { fallback: BOOK_FAILED_TEXT } });
  return reply.appointment;
}
