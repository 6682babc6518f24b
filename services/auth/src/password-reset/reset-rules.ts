import { createHash, randomBytes, randomInt } from 'node:crypto';
import { PASSWORD_RESET_CODE_ATTEMPTS } from '../../contracts/catalog';

/** The link's secret: 32 random bytes, URL-safe. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SMS code: 6 digits, leading zeros kept. */
export function newResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What is stored: a hash, never the secret (a code is hashed with its user, so equal codes never collide). */
export function resetSecretHash(secret: string, userId?: number): string {
  return createHash('sha256').update(userId === undefined ? secret : `${userId}:${secret}`).digest('hex');
}

/** The last 9 digits of a Kenyan mobile number as people type it (0712…, +254 712…), or null. */
export function phoneKey(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const match = /^(?:\+?254|0)?([17]\d{8})$/.exec(raw.replace(/[\s().-]/g, ''));
  return match ? match[1] : null;
}

export interface StoredReset {
  expiresAt: Date;
  usedAt: Date | null;
  attempts: number;
}

/** Whether a stored reset can still be used: not used, not expired, not locked by wrong codes. */
export function resetUsable(reset: StoredReset | null, now: Date = new Date()): boolean {
  return reset !== null && reset.usedAt === null && reset.expiresAt.getTime() > now.getTime() && reset.attempts < PASSWORD_RESET_CODE_ATTEMPTS;
}
