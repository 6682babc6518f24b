import { currentRequestContext } from '../context/request-context';

/**
 * The languages Afya speaks. The same list as the auth service's LANGUAGES (the user's stored choice); kept here
 * too because every service formats and translates, and this package sits below the services' contracts.
 */
export const MESSAGE_LANGUAGES = ['en', 'sw'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** A table of texts in every language: one shape for `en` and `sw`, so a text missing in either does not compile. */
export type LanguageTexts<T> = Readonly<Record<MessageLanguage, T>>;

export function isMessageLanguage(value: unknown): value is MessageLanguage {
  return value === 'en' || value === 'sw';
}

/**
 * The language an Accept-Language header asks for: its ranges by q-value (highest first, ties in the order sent,
 * q=0 meaning "not this one"); the first whose primary subtag we speak wins. Nothing we speak, no header, or a
 * malformed one: English.
 */
export function languageFromAcceptLanguage(header: string | string[] | undefined): MessageLanguage {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value || value.length > 1000) return 'en';
  const ranges: { tag: string; q: number; order: number }[] = [];
  value.split(',').forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag.trim().toLowerCase();
    if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) q = Math.min(1, Number(match[1]));
      else if (/^\s*q\s*=/i.test(param)) q = -1; // a malformed weight: ignore the range
    }
    if (q > 0) ranges.push({ tag, q, order });
  });
  ranges.sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranges) {
    const primary = tag.split('-')[0];
    if (isMessageLanguage(primary)) return primary;
  }
  return 'en';
}

/** The Intl locale for Kenya in each language: Ksh, grouping and dates as Kenyans read them. */
export function intlLocale(language: MessageLanguage): string {
  return language === 'sw' ? 'sw-KE' : 'en-KE';
}

/** Clinic time (CONTRACT.md: every time is Nairobi's). */
export const CLINIC_TIME_ZONE = 'Africa/Nairobi';

/** An amount in Kenyan shillings with thousands grouping: "Ksh 2,500.00" in both languages (Intl's en-KE and sw-KE). */
export function formatKsh(amount: number, language: MessageLanguage): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'KES', currencyDisplay: 'symbol' }).format(amount);
}

/** A day (and optionally the time) in clinic time, e.g. "28 November 2026" / "28 Novemba 2026". */
export function formatClinicDate(date: Date, language: MessageLanguage, withTime = false): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: CLINIC_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
  }).format(date);
}

/** The language of the request being handled (carried from the gateway in the request context); English if none. */
export function requestLanguage(): MessageLanguage {
  const language = currentRequestContext()?.language;
  return isMessageLanguage(language) ? language : 'en';
}
