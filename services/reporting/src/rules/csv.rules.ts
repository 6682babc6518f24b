/**
 * CSV cells that a spreadsheet would run as a formula (OWASP "CSV injection"): a value starting with
 * = + - @ (or a tab or carriage return, which some spreadsheets skip before reading one) gets a leading
 * apostrophe, so it is shown as text. Numbers stay numbers: only strings are escaped.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
