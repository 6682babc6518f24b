import { LOCALES, type Language } from './languages';
import { currentLanguage } from './instance';

/** The clinic's clock: times and instants are shown in Nairobi time, wherever the reader is. */
export const CLINIC_TIME_ZONE = 'Africa/Nairobi';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${language}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.NumberFormat(LOCALES[language], options)));
  return f;
}
function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${language}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(LOCALES[language], options)));
  return f;
}

function toNumber(n: number | string | null | undefined): number | null {
  const v = typeof n === 'string' ? Number(n) : n;
  return v === null || v === undefined || !Number.isFinite(v) ? null : v;
}

/** A count or amount with the language's grouping: 1234567 → '1,234,567'. */
export function formatNumber(n: number | string | null | undefined, language: Language = currentLanguage()): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(toNumber(n) ?? 0);
}

/**
 * Money in Kenyan shillings: formatKsh(1500) → 'Ksh 1,500', formatKsh(99.5) → 'Ksh 99.5'. Kenya writes 'Ksh' before
 * the amount in both languages (Intl's KES currency style would add '.00' to whole amounts). Accepts numeric
 * strings (the API's numerics).
 */
export function formatKsh(n: number | string | null | undefined, language: Language = currentLanguage()): string {
  const v = toNumber(n);
  if (v === null) return 'Ksh 0';
  const sign = v < 0 ? '-' : '';
  return `${sign}Ksh ${numberFormat(language, { maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(Math.abs(v))}`;
}

/** How a date is written: */
export const DATE_STYLES = {
  /** Sat, 28 Nov 2026 · Jumamosi, 28 Nov 2026 */
  day: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** Saturday, 28 November 2026 · Jumamosi, 28 Novemba 2026 */
  dayLong: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** 28 Nov 2026 */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 28 November 2026 · 28 Novemba 2026 */
  dateLong: { day: 'numeric', month: 'long', year: 'numeric' },
  /** 28 Nov */
  dayMonth: { day: 'numeric', month: 'short' },
  /** Nov 2026 */
  monthYear: { month: 'short', year: 'numeric' },
  /** 28 Nov 2026, 14:05 */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  /** 14:05 */
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date or instant in the language's words. A calendar date ('2026-11-28', an appointment's day) is that day
 * wherever the reader is; an instant (an ISO timestamp, a Date, epoch ms) is shown on the clinic's clock
 * (Africa/Nairobi). '—' for a missing or unreadable value.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  style: DateStyle = 'date',
  language: Language = currentLanguage(),
): string {
  if (value === null || value === undefined || value === '') return '—';
  const day = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return dateFormat(language, { ...DATE_STYLES[style], timeZone: day ? 'UTC' : CLINIC_TIME_ZONE }).format(date);
}

const SLOT = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i;

/**
 * A clinic time slot as its reader writes time. The API's slots are '09:00 AM' / '02:30 PM' (the 12-hour form of
 * CONTRACT.md §9), and English shows them exactly so. Kiswahili readers in Kenya read clinic, bank and transport times on the 24-hour
 * clock ('09:00', '14:30'), as the services' Kiswahili PDFs, emails and SMS do, not in 'Swahili time' (saa tatu
 * asubuhi), which would be ambiguous beside the English. A value that is not a slot is shown as it is.
 */
export function formatSlot(slot: string | null | undefined, language: Language = currentLanguage()): string {
  if (!slot) return '—';
  if (language === 'en') return slot;
  const match = SLOT.exec(slot.trim());
  if (!match) return slot;
  const hour = (Number(match[1]) % 12) + (match[3]!.toUpperCase() === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${match[2]}`;
}
