import { hoursUntil, statusOf } from 'shell/ui-kit';
import type { Appointment } from './api';

export const CANCEL_WINDOW_HOURS = 24;
export const CANCEL_TOO_LATE = 'Appointments can only be cancelled at least 24 hours before they start.';

/**
 * Patients may cancel their own Pending or Confirmed appointment up to 24 hours before it starts
 * (PRODUCT.md). `show`: the Cancel button appears; `allowed`: it is enabled.
 */
export function cancelRule(a: Appointment, now = Date.now()): { show: boolean; allowed: boolean; reason?: string } {
  const s = statusOf(a);
  if (s !== 'pending' && s !== 'confirmed') return { show: false, allowed: false };
  if (hoursUntil(a, now) < CANCEL_WINDOW_HOURS) return { show: true, allowed: false, reason: CANCEL_TOO_LATE };
  return { show: true, allowed: true };
}

/** Pay is offered for Pending or Confirmed, unpaid appointments with an amount (SPEC.md section 2). */
export function canPay(a: Appointment): boolean {
  const s = statusOf(a);
  return (s === 'pending' || s === 'confirmed') && !a.paid && Number(a.total_amount ?? 0) > 0;
}

export const canRate = (a: Appointment): boolean => statusOf(a) === 'completed';
