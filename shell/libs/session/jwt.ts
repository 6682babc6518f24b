/** Reads `exp` (seconds since epoch) from a JWT without verifying it (the server verifies). */
export function getTokenExpiry(token: string | null | undefined): number | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length < 2) return null;
  try {
    const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const json = typeof atob === 'function' ? atob(padded) : Buffer.from(padded, 'base64').toString('binary');
    const payload = JSON.parse(json) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** True when the token carries an exp that is in the past (a token without exp is not considered expired). */
export function isTokenExpired(token: string | null | undefined, now: number = Date.now()): boolean {
  const exp = getTokenExpiry(token);
  return exp !== null && exp <= now;
}
