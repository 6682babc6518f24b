/**
 * Reading a Ksh amount a person typed (a doctor's fee, an admin's appointment amount), within the catalog's
 * MIN_AMOUNT..MAX_AMOUNT (the service's own bounds). Negative values are
 * refused here, in the form: a number field clamped with `min={0}` used to turn "-500" into 0 on blur and
 * save it as if that was meant. Zero is allowed but is worth a confirmation (a free visit is rarely intended).
 */
import { MAX_AMOUNT, MIN_AMOUNT } from '@afya/appointment-service/contracts/catalog';

export type KshInput =
  | { ok: true; amount: number }
  | { ok: false; reason: 'empty' | 'not-a-number' | 'negative' | 'too-large' };

export function readKshInput(value: unknown): KshInput {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return { ok: false, reason: 'empty' };
  const n = typeof value === 'number' ? value : Number(String(value).replace(/,/g, '').trim());
  if (!Number.isFinite(n)) return { ok: false, reason: 'not-a-number' };
  if (n < MIN_AMOUNT) return { ok: false, reason: 'negative' };
  if (n > MAX_AMOUNT) return { ok: false, reason: 'too-large' };
  // Cents at most; and never "-0".
  return { ok: true, amount: Math.round(n * 100) / 100 || 0 };
}

/** Setting an amount to 0 asks first, unless it already is 0 (then nothing changes). */
export function zeroNeedsConfirmation(amount: number, current: number | null | undefined): boolean {
  return amount === 0 && current !== 0;
}
