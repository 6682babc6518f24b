import { AppointmentMessages, CANCELLATION_NOTICE_HOURS } from '@afya/appointment-service/contracts/catalog';
import { hoursUntil, statusOf } from 'shell/ui-kit';
import type { Appointment } from '../../api/appointments';

type Timed = Pick<Appointment, 'appointment_date' | 'time_slot' | 'appointment_status'>;

/**
 * Patients may cancel their own Pending or Confirmed appointment up to CANCELLATION_NOTICE_HOURS before it
 * starts (CONTRACT.md §10; the service refuses later ones with the same message). `show`: the Cancel button
 * appears; `allowed`: it is enabled.
 */
export function cancelRule(a: Timed, now = Date.now()): { show: boolean; allowed: boolean; reason?: string } {
  const s = statusOf(a);
  if (s !== 'pending' && s !== 'confirmed') return { show: false, allowed: false };
  if (hoursUntil(a, now) < CANCELLATION_NOTICE_HOURS) return { show: true, allowed: false, reason: AppointmentMessages.cancelTooLate };
  return { show: true, allowed: true };
}

/** Reschedule follows the cancellation's rule: an open visit, CANCELLATION_NOTICE_HOURS or more ahead. */
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
