import { MAX_ID } from './id-param.pipe';

/** NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair (jsonb and UTF-8 cannot). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern looks for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = 'The request contains characters that are not allowed';
/** How deep a request's JSON, query or DTO may nest: our deepest DTO needs 3. */
export const MAX_INPUT_DEPTH = 32;

export function isUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text);
}

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  // Not only Object.prototype: Fastify's query objects have a prototype without Object's (fast-querystring).
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer) && !(value instanceof Date);
}

/**
 * The first string (key or value) in a request's input that PostgreSQL would refuse with a 500, or
 * undefined. Walks objects and arrays, not bytes (a raw Buffer body is not text); stops at
 * MAX_INPUT_DEPTH (deeper input is refused on its own).
 */
export function findUnsafeText(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return isUnsafeText(value) ? value : undefined;
  if (!isPlainContainer(value) || depth > MAX_INPUT_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findUnsafeText(item, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isUnsafeText(key)) return key;
    const found = findUnsafeText(item, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The path of the first number in validated input that no column of ours can hold: not finite, or a whole
 * number outside PostgreSQL's 32-bit `integer` (ids, limits, offsets, counts). Amounts and fees are bounded far
 * below by their DTOs. Applies to every DTO without each one declaring a @Max.
 */
export function findOutOfRangeNumber(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return path || 'value';
    return Number.isInteger(value) && Math.abs(value) > MAX_ID ? path || 'value' : undefined;
  }
  if (typeof value !== 'object' || value === null || depth > MAX_INPUT_DEPTH || value instanceof Uint8Array) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findOutOfRangeNumber(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * How deep JSON text nests, counted on the text before any parsing (strings skipped, escapes honoured).
 * Returns as soon as `limit` is passed, so a 10,000-deep body costs a scan to depth limit + 1.
 */
export function jsonDepthExceeds(text: string, limit = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
