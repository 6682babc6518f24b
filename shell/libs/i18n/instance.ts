import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, detectLanguage, isLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from './languages';
import shellEn from '../../locales/en.json';

/** A message catalogue: nested keys → texts (one JSON file per app and language, <app>/locales/<lang>.json). */
export type Catalogue = Record<string, unknown>;
/** How an app hands over its catalogue: English bundled (the default language costs no request), Kiswahili on demand. */
export interface CatalogueSource {
  en: Catalogue;
  sw: () => Promise<Catalogue | { default: Catalogue }>;
}

/**
 * The one i18next instance of the page: i18next's own, and i18next and react-i18next are federation singletons,
 * so the shell and every remote translate with it (and with the catalogues registered here: this lib is the
 * shell's `shell/i18n` expose; the shell's app imports it by that name, never by a relative path).
 */
export const i18n = i18next;

type LanguageListener = (language: Language) => void;
/**
 * The registry, kept on the page (globalThis) rather than in this module: a file of the shell's app that imports a
 * lib by a relative path gets its own copy of this module, and every copy must see the same catalogues, start-up
 * and listeners. (i18next itself is one federation singleton.)
 */
const registry: { sources: Map<string, CatalogueSource>; choiceListeners: Set<LanguageListener>; initializing: Promise<void> | null } = ((
  globalThis as { __afyaI18n?: unknown }
).__afyaI18n ??= { sources: new Map(), choiceListeners: new Set(), initializing: null }) as never;
const sources = registry.sources;

/** i18next's backend: reads a namespace's catalogue from what its app registered (Kiswahili: a lazy chunk). */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const source = sources.get(namespace);
    if (!source || !isLanguage(language)) return callback(null, {});
    if (language === 'en') return callback(null, source.en as ResourceKey);
    source.sw().then(
      (m) => callback(null, ('default' in m && typeof m.default === 'object' ? m.default : m) as ResourceKey),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Registers an app's namespace ('shell', 'patient', 'doctor', 'admin'). Call it once, at the top of the module
 * that gives the app its translate hook, so the catalogue is there whenever a component of the app renders.
 * In Kiswahili the namespace's catalogue is fetched when a component first asks for it (useTranslation suspends
 * meanwhile).
 */
export function registerCatalogue(namespace: string, source: CatalogueSource): void {
  if (sources.has(namespace)) return;
  sources.set(namespace, source);
  if (i18n.isInitialized) i18n.addResourceBundle('en', namespace, source.en, true, false);
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The language of this visit before anything is rendered: remembered choice, browser, English. */
export function initialLanguage(): Language {
  const browser = typeof navigator !== 'undefined' ? (navigator.languages?.length ? navigator.languages : [navigator.language]) : [];
  return detectLanguage(storage()?.getItem(LANGUAGE_STORAGE_KEY), browser);
}

function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined' && isLanguage(language)) document.documentElement.lang = language;
}

/**
 * Starts i18n for the page: the registered catalogues, the visit's language (its catalogues loaded before the
 * promise resolves, so the first paint is in the right language) and `<html lang>`. Idempotent.
 */
export function initI18n(options: { language?: Language } = {}): Promise<void> {
  if (registry.initializing) return registry.initializing;
  const language = options.language ?? initialLanguage();
  const resources = { en: Object.fromEntries([...sources].map(([ns, s]) => [ns, s.en])) } as Record<string, Record<string, ResourceKey>>;
  i18n.on('languageChanged', setDocumentLanguage);
  registry.initializing = i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: false,
      load: 'languageOnly',
      ns: [...sources.keys()],
      defaultNS: 'shell',
      resources,
      // English is bundled; the backend loads the rest (Kiswahili) when asked.
      partialBundledLanguages: true,
      // Synchronous when everything needed is bundled (English, tests): the first render needs no await.
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      react: { useSuspense: true },
    })
    .then(() => setDocumentLanguage(i18n.language));
  return registry.initializing;
}

/** The page's language now (before i18n has started, the one it will start with: a call sent at start-up asks for it too). */
export function currentLanguage(): Language {
  if (!i18n.isInitialized) return initialLanguage();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

const choiceListeners = registry.choiceListeners;

/**
 * Fires when the visitor chooses a language with the switch (not when the profile or the browser sets it): the
 * api-client saves it in the signed-in user's profile.
 */
export function onLanguageChosen(listener: LanguageListener): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/**
 * Switches the page to `language` once its catalogues are in, remembers it in localStorage, and when the
 * visitor chose it (`chosen`, the default) tells onLanguageChosen's listeners.
 */
export async function setLanguage(language: Language, { chosen = true }: { chosen?: boolean } = {}): Promise<void> {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  // Before start-up the stored language is all it takes: initI18n reads it.
  await initI18n();
  if (currentLanguage() !== language || i18n.language !== language) await i18n.changeLanguage(language);
  if (chosen) for (const listener of choiceListeners) listener(language);
}

// The shell's own catalogue (its app and its libs: ui-kit, api-client, this switch): always there.
registerCatalogue('shell', { en: shellEn, sw: () => import(/* webpackChunkName: "i18n-shell-sw" */ '../../locales/sw.json') });

const messageIndexes = new Map<string, Map<string, string>>();

/**
 * A known English message in the page's language: the texts fixed in English by the contracts (validation messages,
 * the auth contract's notices, a server's English reply) are listed under `messages` in the namespace's catalogue,
 * English as the contract writes it; this finds the one that matches and gives its translation. Any other text
 * (a name, a note, a message the catalogue does not know) comes back as it is.
 */
export function translateMessage(text: string, namespace = 'shell'): string {
  if (!text || currentLanguage() === 'en') return text;
  let index = messageIndexes.get(namespace);
  if (!index) {
    index = new Map();
    const english = (i18n.getResource('en', namespace, 'messages') ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(english)) if (typeof value === 'string') index.set(value, key);
    messageIndexes.set(namespace, index);
  }
  const key = index.get(text.trim());
  return key ? i18n.t(`messages.${key}`, { ns: namespace }) : text;
}
