import { stdSerializers } from 'pino';

/**
 * Keys whose values never reach a log line, wherever they sit in a logged object (top level or up to two objects
 * deep): credentials and tokens, payment card data, phone numbers and medical fields. Log lines should not carry
 * request bodies in the first place; this is the net under that rule, applied by pino's redact to every line.
 */
export const REDACTED_KEYS = [
  // credentials and tokens
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'oneTimePassword',
  'temporaryPassword',
  'passwordHash',
  'password_hash',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'resetToken',
  'jwt',
  'secret',
  'signature',
  'stripe-signature',
  // payment card data
  'card',
  'cardNumber',
  'card_number',
  'pan',
  'cvc',
  'cvv',
  'expiry',
  // phone numbers
  'phone',
  'phoneNumber',
  'contact_phone',
  'contactPhone',
  'user_phone',
  'PhoneNumber',
  'PartyA',
  'MSISDN',
  // where a person lives
  'address',
  // medical fields
  'diagnosis',
  'symptoms',
  'notes',
  'treatment',
  'medications',
  'medicines',
  'dosage',
  'instructions',
  'condition',
  'labResults',
] as const;

const needsBrackets = (key: string) => !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key);

/** pino redact paths for REDACTED_KEYS at depths 0-2 (fast-redact has no "any depth" wildcard). */
export function redactPaths(keys: readonly string[] = REDACTED_KEYS): string[] {
  const paths: string[] = [];
  for (const key of keys) {
    const leaf = needsBrackets(key) ? `["${key}"]` : key;
    const join = (prefix: string) => (needsBrackets(key) ? `${prefix}${leaf}` : `${prefix}.${leaf}`);
    paths.push(leaf, join('*'), join('*.*'));
  }
  return paths;
}

/** JSON Web Tokens (three base64url parts, the first a JSON header): replaced wherever they appear in a message. */
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g;
/** "Bearer <anything>" as found in a header echoed into an error message. */
const BEARER = /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi;

/** The M-Pesa callback URL's secret segment (its only authentication), as a URL quoted in an error would show it. */
const CALLBACK_TOKEN = /(\/mpesa\/(?:callback|transaction-status)\/)[^/\s"'?#]+/g;

/** A message text with tokens taken out: for strings that may quote a header, a token or a callback URL (errors, warnings). */
export function scrubText(text: string): string {
  if (text.includes('/mpesa/')) text = text.replace(CALLBACK_TOKEN, '$1[redacted]');
  if (!text.includes('eyJ') && !/bearer/i.test(text)) return text;
  return text.replace(JWT, '[jwt]').replace(BEARER, 'Bearer [redacted]');
}

/**
 * Errors keep what finds the bug (type, message, stack, code, status, cause) and lose what may carry data: a
 * TypeORM QueryFailedError's `parameters` (the row's values), pg's `detail` ("Key (phone)=(0712...)") and
 * `driverError`, an HTTP client's request with its headers.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const full = stdSerializers.err(error) as unknown as Record<string, unknown>;
  const kept: Record<string, unknown> = { type: full.type, message: scrubText(String(full.message ?? '')), stack: scrubText(String(full.stack ?? '')) };
  for (const key of ['code', 'statusCode', 'status', 'errno', 'routine']) {
    if (full[key] !== undefined && typeof full[key] !== 'object') kept[key] = full[key];
  }
  if (error.cause instanceof Error) kept.cause = serializeError(error.cause);
  return kept;
}
