import { MAX_AMOUNT, MIN_AMOUNT } from '../../contracts';

/**
 * A fee or an appointment amount in Ksh (CONTRACT.md §5: "a number, at least 0"): a finite number from
 * MIN_AMOUNT to MAX_AMOUNT. Negative amounts are refused, never clamped to 0 (issue 8 §6); 0 is a valid
 * amount (a free consultation).
 */
export function isValidAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= MIN_AMOUNT && value <= MAX_AMOUNT;
}
