/** The languages Afya speaks. English is the default and the fallback (CONTRACT.md: English texts as given). */
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's Intl locale: Kenyan English and Kenyan Kiswahili. */
export const LOCALES: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

/** Each language's name in itself: what the switch shows, whatever the page's language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sw: 'Kiswahili' };

/** Where the visitor's choice is remembered (localStorage). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'sw-KE' → 'sw', 'en_GB' → 'en', 'fr' → undefined. */
export function languageOfTag(tag: string | null | undefined): Language | undefined {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The language of a visit: the remembered choice, else the first of the browser's languages that Afya speaks,
 * else English.
 */
export function detectLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
