import { conflict } from '@afya/service-shared';
import { AppointmentMessages, AppointmentStatus } from '../../contracts';
import { slotStart } from '../../contracts/booking-rules';

/** What the completion rule needs to know about an appointment. */
export interface VisitTime {
  /** YYYY-MM-DD, clinic date */
  appointment_date: string;
  /** '09:30 AM', clinic time (Africa/Nairobi) */
  time_slot: string;
  appointment_status: AppointmentStatus;
}

/** The visit's start (its clinic date and slot in Africa/Nairobi) is now or past. */
export function hasStarted(visit: Pick<VisitTime, 'appointment_date' | 'time_slot'>, now: Date = new Date()): boolean {
  return slotStart(visit.appointment_date, visit.time_slot).getTime() <= now.getTime();
}

/**
 * Issue 8 §6: a visit that has not happened yet cannot be Completed (the patient would then be asked to
 * rate it, and it would count in the doctor's performance). Marking it Completed needs its start time to
 * have come; leaving it Completed (setting the same status again) is not a new completion.
 * 409: the request is valid, the appointment is not in a state that allows it yet.
 */
export function assertCanComplete(visit: VisitTime, now: Date = new Date()): void {
  if (visit.appointment_status === 'Completed') return;
  if (!hasStarted(visit, now)) throw conflict(AppointmentMessages.completeTooEarly, 'VISIT_NOT_STARTED');
}
