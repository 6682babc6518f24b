import { badRequest, forbidden, notFound, Principal } from '@afya/service-shared';
import { AppointmentMessages, AppointmentStatus, CANCELLATION_NOTICE_HOURS } from '../../contracts';
import { assertCanComplete, VisitTime } from './completion';

/** What the rules need to know about an appointment. */
export interface AppointmentAccess extends VisitTime {
  user_id: number;
  /** user_id of the appointment's doctor */
  doctor_user_id: number;
  starts_at: Date;
  /**
   * The open "needs a new time" record (issue 37): the clinic, not the patient, moved this visit's day away, so the
   * patient may reschedule or cancel it inside the notice period too.
   */
  needs_new_time?: object | null;
}

/** Who may see an appointment: its patient, its doctor, any admin (CONTRACT.md §10.1). */
export function canSee(actor: Principal, appointment: Pick<AppointmentAccess, 'user_id' | 'doctor_user_id'>): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role === 'doctor') return appointment.doctor_user_id === actor.userId;
  return appointment.user_id === actor.userId;
}

/** Other people's records do not exist for the caller: 404, never a hint that they do. */
export function assertCanSee(actor: Principal, appointment: Pick<AppointmentAccess, 'user_id' | 'doctor_user_id'>): void {
  if (!canSee(actor, appointment)) throw notFound(AppointmentMessages.appointmentNotFound);
}

/**
 * PATCH /appointments/{id}/status:
 * - an admin sets any status (CONTRACT.md §4: "freely"; the admin's override corrects records);
 * - the appointment's doctor sets any status on their own appointments, but Completed only once the visit
 *   has started (assertCanComplete);
 * - the patient may only cancel their own Pending or Confirmed appointment, at least 24 hours before it starts
 *   (any time while it needs a new time: issue 37).
 * Throws the RpcFailure to answer; returns when the change is allowed.
 */
export function assertStatusChange(actor: Principal, appointment: AppointmentAccess, to: AppointmentStatus, now: Date = new Date()): void {
  assertCanSee(actor, appointment);
  if (actor.role === 'admin') return;
  if (actor.role === 'doctor') {
    if (to === 'Completed') assertCanComplete(appointment, now);
    return;
  }
  if (to !== 'Cancelled') throw forbidden(AppointmentMessages.patientOnlyCancels);
  if (appointment.appointment_status !== 'Pending' && appointment.appointment_status !== 'Confirmed') {
    throw badRequest(AppointmentMessages.cancelOnlyOpen);
  }
  if (!appointment.needs_new_time && appointment.starts_at.getTime() - now.getTime() < CANCELLATION_NOTICE_HOURS * 3_600_000) {
    throw badRequest(AppointmentMessages.cancelTooLate);
  }
}

/**
 * Whether a cancellation owes the patient the whole fee whatever the notice: the visit needed a new time (the clinic
 * moved its day away) or the appointment's doctor cancelled it. An admin's cancellation may be the patient's own
 * request by phone, so it keeps the notice rule (admins refund by hand when the clinic was the cause).
 */
export function cancelledForClinicCause(actor: Principal, appointment: Pick<AppointmentAccess, 'doctor_user_id' | 'needs_new_time'>): boolean {
  if (appointment.needs_new_time) return true;
  return actor.role === 'doctor' && actor.userId === appointment.doctor_user_id;
}

/** Clinical fields (diagnosis, treatment, medications, notes, duration): the appointment's doctor or an admin. */
export function assertClinicalEdit(actor: Principal, appointment: Pick<AppointmentAccess, 'user_id' | 'doctor_user_id'>): void {
  assertCanSee(actor, appointment);
  if (actor.role === 'user') throw forbidden(AppointmentMessages.patientNoClinicalEdit);
}

/**
 * PATCH /appointments/{id}/reschedule: only the appointment's patient, a Pending or Confirmed visit, at least 24
 * hours before it starts (the notice a cancellation needs; any time while it needs a new time), to another slot. Where it goes (date in the booking
 * window, a slot, the doctor's day, free) is checked like a booking.
 */
export function assertReschedule(
  actor: Principal,
  appointment: AppointmentAccess,
  to: { appointment_date: string; time_slot: string },
  now: Date = new Date(),
): void {
  assertCanSee(actor, appointment);
  if (actor.role !== 'user') throw forbidden(AppointmentMessages.rescheduleOnlyOwn);
  if (appointment.appointment_status !== 'Pending' && appointment.appointment_status !== 'Confirmed') {
    throw badRequest(AppointmentMessages.rescheduleOnlyOpen);
  }
  if (!appointment.needs_new_time && appointment.starts_at.getTime() - now.getTime() < CANCELLATION_NOTICE_HOURS * 3_600_000) {
    throw badRequest(AppointmentMessages.rescheduleTooLate);
  }
  if (appointment.appointment_date === to.appointment_date && appointment.time_slot === to.time_slot) {
    throw badRequest(AppointmentMessages.rescheduleSameSlot);
  }
}
