import type { AvailabilityReply } from '@afya/appointment-service/contracts';
import { calls } from 'shell/api-client';

export type Availability = AvailabilityReply;
export type Slot = AvailabilityReply['slots'][number];

/** CONTRACT.md §8's default, shown when the server sends no message of its own. */
export const AVAILABILITY_FAILED_TEXT = 'Failed to load available times';

/** Free and taken slots of a doctor on a clinic date (GET /appointments/availability). */
export function fetchAvailability(doctorId: number, date: string): Promise<Availability> {
  return calls.appointments.availability({ query: { doctor_id: doctorId, date } }, { context: { fallback: AVAILABILITY_FAILED_TEXT } });
}
