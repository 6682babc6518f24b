import type { AppointmentView, AvailabilityReply, BookPayload, BookReply } from '@afya/appointment-service/contracts';
import { api } from 'shell/api-client';

export type Availability = AvailabilityReply;
export type Slot = AvailabilityReply['slots'][number];

/** CONTRACT.md §8 defaults, shown when the server sends no message of its own. */
export const AVAILABILITY_FAILED_TEXT = 'Failed to load available times';
export const BOOK_FAILED_TEXT = 'Failed to book appointment. Please try again.';

/** Free and taken slots of a doctor on a clinic date (GET /appointments/availability). */
export function fetchAvailability(doctorId: number, date: string): Promise<Availability> {
  return api.get<Availability>('appointments/availability', { searchParams: { doctor_id: doctorId, date }, fallback: AVAILABILITY_FAILED_TEXT });
}

/**
 * POST /appointments (CONTRACT.md §7) with exactly the fields the service reads: the patient is the
 * caller, the amount comes from the doctor's fee and a booking starts Pending. 409 when the slot was taken
 * meanwhile.
 */
export async function bookAppointment(body: BookPayload): Promise<AppointmentView> {
  const res = await api.post<BookReply>('appointments', body, { fallback: BOOK_FAILED_TEXT });
  return res.appointment;
}
