import type { AppointmentStatus } from '../../contracts';

/**
 * A doctor's "Total patients": the number of different people (by account) with an appointment with the doctor
 * that was not cancelled. Someone booked five times is one patient; a booking cancelled before the visit makes
 * no one a patient. The performance SQL counts the same thing (`count(DISTINCT user_id)`, not cancelled).
 */
export function countDistinctPatients(appointments: readonly { user_id: number; appointment_status: AppointmentStatus }[]): number {
  return new Set(appointments.filter((a) => a.appointment_status !== 'Cancelled').map((a) => a.user_id)).size;
}
