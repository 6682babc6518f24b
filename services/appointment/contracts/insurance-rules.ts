/**
 * Insurance cover's pure rules (issue 38): the co-pay a doctor charges a payer's member, the SHA member number's
 * shape, and how a member number is masked where it is shown to someone other than the desk. No I/O: the service
 * applies them at booking and the booking screen shows the same figures before the patient confirms.
 */

export const COPAY_KINDS = ['none', 'fixed', 'percent'] as const;
export type CopayKind = (typeof COPAY_KINDS)[number];

/** The most a percentage co-pay may be (a co-pay above the fee is refused). */
export const MAX_COPAY_PERCENT = 100;

/** What a patient with this cover pays of `fee` now, and what the insurer is expected to pay. */
export interface CopaySplit {
  copay_amount: number;
  cover_amount: number;
}

/**
 * The co-pay of a fee: none (0), a fixed amount, or a percentage of the fee; rounded to whole shillings (M-Pesa takes
 * whole shillings), never below 0 and never above the fee. The insurer's part is the rest.
 */
export function copaySplit(fee: number, kind: CopayKind, value: number): CopaySplit {
  const wholeFee = Math.max(0, Math.round(fee));
  const raw = kind === 'fixed' ? value : kind === 'percent' ? (wholeFee * value) / 100 : 0;
  const copay = Math.min(wholeFee, Math.max(0, Math.round(Number.isFinite(raw) ? raw : 0)));
  return { copay_amount: copay, cover_amount: wholeFee - copay };
}

/**
 * Why a doctor's co-pay for a payer is refused (400), or null: a negative value, a percentage above 100, a fixed
 * amount above the doctor's fee (when a fee is set). `none` takes no value (0).
 */
export function copayProblem(kind: CopayKind, value: number, fee: number | null): string | null {
  if (!Number.isFinite(value) || value < 0) return InsuranceRuleMessages.copayNegative;
  if (kind === 'percent' && value > MAX_COPAY_PERCENT) return InsuranceRuleMessages.copayPercent;
  if (kind === 'fixed' && fee !== null && value > fee) return InsuranceRuleMessages.copayAboveFee;
  return null;
}

export const InsuranceRuleMessages = {
  copayNegative: 'A co-pay cannot be negative',
  copayPercent: 'A co-pay percentage is at most 100',
  copayAboveFee: "A fixed co-pay cannot be more than the doctor's fee",
  /** The warning kept with an SHA cover whose number does not look like a Client Registry number (never a refusal). */
  crNumber: 'This does not look like an SHA CR number (CR, digits, a dash and a check digit, e.g. CR0680969605010-6). It is kept: SHA confirms it at the desk.',
} as const;

/** SHA's Client Registry number: "CR", digits, a dash and one check digit (CR0680969605010-6). */
const CR_NUMBER = /^CR\d{6,}-\d$/;

/** A member number as kept: spaces removed, letters in capitals (how SHA and insurers print them). */
export function normalMemberNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The warnings a cover is kept with: for SHA, a number that is not shaped like a CR number (only SHA can say it is wrong). */
export function coverWarnings(payerKind: 'sha' | 'private', memberNumber: string): string[] {
  return payerKind === 'sha' && !CR_NUMBER.test(normalMemberNumber(memberNumber)) ? [InsuranceRuleMessages.crNumber] : [];
}

/** A member number shown on receipts and in logs: every character but the last 4 replaced by '*'. */
export function maskMemberNumber(value: string | null | undefined): string {
  if (!value) return '';
  const keep = value.slice(-4);
  return `${'*'.repeat(Math.max(0, value.length - 4))}${keep}`;
}

/** A cover is usable for a visit on `date` (YYYY-MM-DD) when it has no end or ends on that day or later. */
export function coverValidOn(validUntil: string | null | undefined, date: string): boolean {
  return !validUntil || validUntil >= date;
}
