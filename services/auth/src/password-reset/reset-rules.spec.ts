import { createHash } from 'node:crypto';
import { newResetCode, newResetToken, phoneKey, RESET_REQUEST_ATTEMPTS, resetRequestRetryMs, resetRequestStale, resetSecretHash, resetUsable } from './reset-rules';

describe('password reset rules', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const live = { expiresAt: new Date('2026-11-27T10:29:59Z'), usedAt: null, attempts: 0 };

  it('a reset works once, within its time, before five wrong codes', () => {
    expect(resetUsable(live, now)).toBe(true);
    expect(resetUsable({ ...live, usedAt: now }, now)).toBe(false);
    expect(resetUsable({ ...live, expiresAt: now }, now)).toBe(false);
    expect(resetUsable({ ...live, attempts: 4 }, now)).toBe(true);
    expect(resetUsable({ ...live, attempts: 5 }, now)).toBe(false);
    expect(resetUsable(null, now)).toBe(false);
  });

  it('stores hashes: a token alone, a code with its user (equal codes of two users differ)', () => {
    expect(resetSecretHash('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
    expect(resetSecretHash('123456', 7)).not.toBe(resetSecretHash('123456', 8));
    expect(resetSecretHash('123456', 7)).toBe(createHash('sha256').update('7:123456').digest('hex'));
  });

  it('makes 43-character URL-safe tokens and 6-digit codes', () => {
    expect(newResetToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (let i = 0; i < 50; i++) expect(newResetCode()).toMatch(/^\d{6}$/);
  });

  it('reads a Kenyan mobile number however it is typed', () => {
    for (const raw of ['0712345678', '+254712345678', '254 712 345 678', '(0712) 345-678']) expect(phoneKey(raw)).toBe('712345678');
    expect(phoneKey('+14155550100')).toBeNull();
    expect(phoneKey('')).toBeNull();
  });

  it('tries a stored request again later and later, and gives it up after its tries or a reset\'s lifetime', () => {
    expect([1, 2, 3, 4].map(resetRequestRetryMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(resetRequestRetryMs(20)).toBe(300_000);
    const requestedAt = new Date('2026-11-27T10:00:00Z');
    expect(resetRequestStale({ requestedAt, attempts: 1 }, new Date('2026-11-27T10:00:01Z'))).toBe(false);
    expect(resetRequestStale({ requestedAt, attempts: RESET_REQUEST_ATTEMPTS }, new Date('2026-11-27T10:10:00Z'))).toBe(false);
    expect(resetRequestStale({ requestedAt, attempts: RESET_REQUEST_ATTEMPTS + 1 }, new Date('2026-11-27T10:10:00Z'))).toBe(true);
    expect(resetRequestStale({ requestedAt, attempts: 2 }, new Date('2026-11-27T10:30:00Z'))).toBe(true);
  });
});
