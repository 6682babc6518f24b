import { AppointmentMessages, CANCELLATION_NOTICE_HOURS } from '@afya/appointment-service/contracts/catalog';
import { hoursUntil, statusOf } from 'shell/ui-kit';
import type { Appointment } from '../../api/appointments';

type Timed = Pick<Appointment, 'appointment_date' | 'time_slot' | 'appointment_status'> & Partial<Pick<Appointment, 'needs_new_time'>>;

/**
 * The open visit waits for a new time (issue 37): the doctor's leave, a clinic closure or the doctor's new hours fell
 * on it. The reply says so (`needs_new_time`); a cancelled or past-completed visit never does.
 */
export function needsNewTime(a: Pick<Appointment, 'appointment_status'> & Partial<Pick<Appointment, 'needs_new_time'>>): boolean {
  const s = statusOf(a);
  return !!a.needs_new_time && (s === 'pending' || s === 'confirmed');
}

/**
 * Patients may cancel their own Pending or Confirmed appointment up to CANCELLATION_NOTICE_HOURS before it
 * starts (CONTRACT.md §10; the service refuses later ones with the same message), or any time while it needs a new
 * time (the clinic moved its day away). `show`: the Cancel button appears; `allowed`: it is enabled.
 */
export function cancelRule(a: Timed, now = Date.now()): { show: boolean; allowed: boolean; reason?: string } {
  const s = statusOf(a);
  if (s !== 'pending' && s !== 'confirmed') return { show: false, allowed: false };
  if (!needsNewTime(a) && hoursUntil(a, now) < CANCELLATION_NOTICE_HOURS) return { show: true, allowed: false, reason: AppointmentMessages.cancelTooLate };
  return { show: true, allowed: true };
}

/** Reschedule follows the cancellation's rule: an open visit, CANCELLATION_NOTICE_HOURS or more ahead, or one that needs a new time. */
export function rescheduleRule(a: Timed, now = Date.now()): { show: boolean; allowed: boolean; reason?: string } {
  const rule = cancelRule(a, now);
  return rule.allowed ? rule : { ...rule, reason: rule.reason ? AppointmentMessages.rescheduleTooLate : undefined };
}

/** Pay is offered for Pending or Confirmed, unpaid appointments with an amount (CONTRACT.md §2). */
export function canPay(a: Pick<Appointment, 'appointment_status' | 'paid' | 'total_amount'>): boolean {
  const s = statusOf(a);
  return (s === 'pending' || s === 'confirmed') && !a.paid && a.total_amount > 0;
}

export const canRate = (a: Pick<Appointment, 'appointment_status'>): boolean => statusOf(a) === 'completed';

/** Whether a card has any of the patient's buttons (Pay Now, View Prescription, Rate Visit, Cancel). */
export function hasActions(a: Pick<Appointment, 'appointment_date' | 'time_slot' | 'appointment_status' | 'paid' | 'total_amount'>, hasPrescription: boolean, now = Date.now()): boolean {
  return canPay(a) || hasPrescription || canRate(a) || cancelRule(a, now).show;
}
