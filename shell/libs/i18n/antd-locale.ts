import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/sw';
import { useMemo } from 'react';
import { currentLanguage, i18n } from './instance';
import type { Language } from './languages';
import { useLanguage } from './useLanguage';

// antd 6 ships no Kiswahili locale: its texts (dialog buttons, date picker, table, pagination, empty states, form
// rules, upload, ...) are in our catalogue under `antd`, in antd's own shape, and laid over its English locale. Two
// departures from that shape, for the catalogue's text-only leaves: a pair (antd's [start, end] range placeholders)
// is written { "start", "end" }; Calendar and TimePicker are not repeated (antd's are the DatePicker's, so ours are
// too). English is antd's en_US, but for the calendar header's labels (below).

type Tree = { [key: string]: unknown };
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `base` with every leaf that `over` has replaced (objects merged key by key). */
export function overlay<T>(base: T, over: unknown): T {
  if (!isTree(base) || !isTree(over)) return (over === undefined ? base : over) as T;
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = overlay(out[key], value);
  return out as T;
}

/** The catalogue's { start, end } pairs as antd's [start, end] arrays. */
function pairsToArrays(value: unknown): unknown {
  if (!isTree(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 2 && keys.includes('start') && keys.includes('end')) return [value.start, value.end];
  return Object.fromEntries(keys.map((key) => [key, pairsToArrays(value[key])]));
}

/**
 * The calendar's month and year buttons show "Dec" and "2026" but were named "Choose a month" and "Choose a year"
 * (aria-label): a voice user saying what they see is not understood (WCAG 2.5.3, axe label-content-name-mismatch).
 * Without the labels a button's name is what it shows. (The catalogue keeps the texts antd's locale has.)
 */
const HEADER_LABELS = ['monthSelect', 'yearSelect'] as const;
function withVisibleHeaderNames(locale: Locale): Locale {
  const lang = locale.DatePicker?.lang;
  if (!lang) return locale;
  const DatePicker = { ...locale.DatePicker!, lang: { ...lang, ...Object.fromEntries(HEADER_LABELS.map((key) => [key, undefined])) } };
  return { ...locale, DatePicker, Calendar: locale.Calendar === locale.DatePicker ? DatePicker : locale.Calendar };
}

const ENGLISH = withVisibleHeaderNames(enUS);

/** antd's locale for a language, from the catalogue's `antd` texts. */
export function antdLocale(language: Language, texts: unknown): Locale {
  if (language === 'en') return ENGLISH;
  const merged = overlay(enUS, pairsToArrays(texts));
  // The date picker names its dayjs locale by `lang.locale` ('en_US' → 'en'): ours, for Kiswahili month and day names.
  const DatePicker = merged.DatePicker ? { ...merged.DatePicker, lang: { ...merged.DatePicker.lang, locale: language } } : undefined;
  return withVisibleHeaderNames({ ...merged, locale: language, DatePicker, Calendar: DatePicker ?? merged.Calendar, TimePicker: DatePicker?.timePickerLocale ?? merged.TimePicker });
}

// The date picker's month and day names follow the page's language (dayjs ships Kiswahili).
const followLanguage = (language: string) => {
  if (dayjs.locale() !== language) dayjs.locale(language === 'sw' ? 'sw' : 'en');
};
followLanguage(currentLanguage());
i18n.on('languageChanged', followLanguage);

/** antd's locale for the page's language (ConfigProvider `locale`). */
export function useAntdLocale(): Locale {
  const { language } = useLanguage();
  // The catalogue's own object (stable while the language is), not a translated copy per render.
  const texts = i18n.getResource(language, 'shell', 'antd') as unknown;
  return useMemo(() => antdLocale(language, texts), [language, texts]);
}
