import { createHash, randomBytes, randomInt } from 'node:crypto';
import { PASSWORD_RESET_CODE_ATTEMPTS, PASSWORD_RESET_MINUTES } from '../../contracts/catalog';

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

/** Tries of one forgot-password request (looking the account up, sending the message) before it is given up. */
export const RESET_REQUEST_ATTEMPTS = 6;

/** How long a claimed request stays hidden from other replicas: past it, a request whose handler died is tried again. */
export const RESET_REQUEST_LEASE_MS = 60_000;

/** When a request whose message could not be handed over (support unreachable) is tried again: 5 s, 10 s, 20 s... at most 5 min. */
export function resetRequestRetryMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 300_000);
}

/**
 * Whether a stored request is no longer worth handling: tried RESET_REQUEST_ATTEMPTS times, or older than a reset's
 * own lifetime (the person has asked again or given up; a message now would only confuse).
 */
export function resetRequestStale(request: { requestedAt: Date; attempts: number }, now: Date = new Date()): boolean {
  return request.attempts > RESET_REQUEST_ATTEMPTS || now.getTime() - request.requestedAt.getTime() >= PASSWORD_RESET_MINUTES * 60_000;
}
