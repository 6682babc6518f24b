/**
 * Building blocks for the contracts' zod schemas (each service's contracts/schemas.ts) and the one way a failed parse
 * is told: the first message of each field, in the schema's field order. Pure: imports only zod, so a web app may import
 * a contract's schema without the services' runtime.
 *
 * The schemas are read by the gateway (validation and /api/docs), by the service (its bus payloads) and by the web apps
 * (types, and form rules where they are the same). Messages are plain English (the gateway translates them).
 */
import { z } from 'zod';

/** A list call without paging parameters answers up to this many rows... */
export const LIST_LIMIT_DEFAULT = 1000;
/** ...and no call may ask for more. */
export const LIST_LIMIT_MAX = 1000;

const DIGITS = /^\s*\d+\s*$/;
const DECIMAL = /^\s*\d+(\.\d+)?\s*$/;

/**
 * A whole number from JSON, or written in digits ('12': query strings, form selects), from `min` (and up to `max`
 * when given); anything else (1.5, '0x39', '1e3', true) is `message`. Without a `max`, a number no column can hold
 * is left to the gateway's range check ('doctor_id is out of range').
 */
export function wholeNumber(message: string, { min = 0, max }: { min?: number; max?: number } = {}) {
  const whole = z.number().refine(Number.isInteger, message).min(min, message);
  return z
    .union([z.number({ error: message }), z.string({ error: message }).regex(DIGITS, message).transform(Number)], { error: message })
    .pipe(max === undefined ? whole : whole.max(max, message));
}

/** An amount in JSON or as text ('1500', '1500.50': an inline edit may send text), from `min` (to `max`), else `message`. */
export function decimalNumber(message: string, { min, max }: { min: number; max?: number }) {
  const amount = z.number(message).min(min, message);
  return z
    .union([z.number({ error: message }), z.string({ error: message }).regex(DECIMAL, message).transform(Number)], { error: message })
    .pipe(max === undefined ? amount : amount.max(max, message));
}

/** One of `values`, else `message`. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** Text, trimmed, from `min` to `max` characters (`tooShort` / `tooLong`; `tooShort` when it is not text at all). */
export function trimmedText(min: number, max: number, tooShort: string, tooLong = tooShort) {
  return z.string({ error: tooShort }).trim().min(min, tooShort).max(max, tooLong);
}

/**
 * Control characters: C0 (line feed, carriage return, tab, escape...), DEL, C1 (NEL...) and the Unicode line and
 * paragraph separators. A single-line field holds none of them: a line break in a name, a phone, an address line or
 * a ticket's title would split an SMS, a CSV row, a PDF's line or a log line, and a terminal escape would repaint it.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern looks for
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** One line of text: no control character (see CONTROL_CHARACTER). Multi-line fields (a description, a message) do not use it. */
export function isSingleLine(text: string): boolean {
  return !CONTROL_CHARACTER.test(text);
}

/**
 * No `<` or `>`: no person's name has them, and refusing them in names keeps markup out of every place a name is
 * shown (emails, PDFs, other people's screens), on top of rendering it as text (docs/decisions/0092-single-line-fields.md).
 */
export function isFreeOfMarkup(text: string): boolean {
  return !/[<>]/.test(text);
}

/** A string field that is one line of text, else `message` (checked first: the clearest message for such input). */
export function singleLine(message: string, notText: string = message) {
  return z.string({ error: notText }).refine(isSingleLine, message);
}

/** A calendar date written YYYY-MM-DD, else `message` (whether the day exists is the owning service's rule). */
export function isoDate(message: string) {
  return z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message);
}

/** An optional field that a client may also send as null (read as absent). */
export function nullToAbsent<T extends z.ZodType>(schema: T) {
  return schema
    .nullish()
    .transform((value) => value ?? undefined)
    .optional();
}

const LIMIT_MESSAGE = `limit must be from 1 to ${LIST_LIMIT_MAX}`;
/** `?limit=&offset=` of every list call. Without them a list answers its first 1,000 rows. */
export const pageQuery = z.object({
  limit: wholeNumber(LIMIT_MESSAGE, { min: 1, max: LIST_LIMIT_MAX }).optional(),
  offset: wholeNumber('offset must be 0 or more').optional(),
});

/**
 * The messages of a failed parse: the first of each field, fields in the schema's order (one field, one message,
 * as a form shows it). The first of them is the one an error reply leads with.
 */
export function issueMessages(error: z.ZodError): string[] {
  const seen = new Set<string>();
  const messages: string[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    messages.push(issue.message);
  }
  return messages;
}

export { idParam } from './id-param';
export { z };
export * from './id-param';
