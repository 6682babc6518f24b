// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the remotes compile this file under their own tsconfig, which does not include the shell's ambient declarations
/// <reference path="./catalogue-parts.d.ts" />
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, detectLanguage, isLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from './languages';
// The shell's texts for `/` and the plain public pages only (shell/build/catalogue-parts.js); the rest is fetched
// with the first page that needs it (loadShellTexts).
import shellStartEn from '@afya/shell-locales/en.json?part=start';

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
/** More of a namespace's texts, fetched on demand in each language (a part of a catalogue cut at build time). */
export interface CataloguePart {
  en: () => Promise<Catalogue | { default: Catalogue }>;
  sw: () => Promise<Catalogue | { default: Catalogue }>;
}
/**
 * The registry, kept on the page (globalThis) rather than in this module: a file of the shell's app that imports a
 * lib by a relative path gets its own copy of this module, and every copy must see the same catalogues, start-up
 * and listeners. (i18next itself is one federation singleton.)
 */
const registry: {
  sources: Map<string, CatalogueSource>;
  /** The parts asked for so far, per namespace (a language loaded later gets them too), and their loads. */
  parts: Map<string, CataloguePart[]>;
  partLoads: Map<string, Promise<void>>;
  choiceListeners: Set<LanguageListener>;
  initializing: Promise<void> | null;
} = ((globalThis as { __afyaI18n?: unknown }).__afyaI18n ??= {
  sources: new Map(),
  parts: new Map(),
  partLoads: new Map(),
  choiceListeners: new Set(),
  initializing: null,
}) as never;
// A registry written by an older copy of this module (a tab that kept an older shell) lacks the parts.
registry.parts ??= new Map();
registry.partLoads ??= new Map();
const sources = registry.sources;

const unwrap = (m: Catalogue | { default: Catalogue }): Catalogue =>
  ('default' in m && typeof m.default === 'object' ? m.default : m) as Catalogue;

function mergeInto(target: Catalogue, extra: Catalogue): Catalogue {
  for (const [key, value] of Object.entries(extra)) {
    const mine = target[key];
    if (mine && value && typeof mine === 'object' && typeof value === 'object' && !Array.isArray(value)) mergeInto(mine as Catalogue, value as Catalogue);
    else target[key] = value;
  }
  return target;
}

/** i18next's backend: reads a namespace's catalogue from what its app registered (Kiswahili: a lazy chunk). */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const source = sources.get(namespace);
    if (!source || !isLanguage(language)) return callback(null, {});
    if (language === 'en') return callback(null, source.en as ResourceKey);
    // The namespace's parts asked for so far come with it (a part asked for while this loads is picked up by the loop).
    const read = async () => {
      const catalogue = mergeInto({}, unwrap(await source.sw()));
      const parts = registry.parts.get(namespace) ?? [];
      for (let done = 0; done < parts.length; done++) mergeInto(catalogue, unwrap(await parts[done][language]()));
      return catalogue;
    };
    read().then(
      (catalogue) => callback(null, catalogue as ResourceKey),
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

/** translateMessage's index per namespace (English text → key), rebuilt when a part of the namespace comes in. */
const messageIndexes = new Map<string, Map<string, string>>();

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

/**
 * Adds a part of a namespace's catalogue (`name` tells parts apart): fetched now in English (the fallback) and in
 * every language already loaded, and from now on with the namespace whenever another language is loaded. Resolves
 * once the texts are in; asking again for the same part returns the same promise.
 */
export function loadCataloguePart(namespace: string, name: string, part: CataloguePart): Promise<void> {
  const id = `${namespace}:${name}`;
  const pending = registry.partLoads.get(id);
  if (pending) return pending;
  // One array per namespace, changed in place: a Kiswahili load in flight reads it to its end.
  const parts = registry.parts.get(namespace) ?? registry.parts.set(namespace, []).get(namespace)!;
  parts.push(part);
  const languages = new Set<Language>(['en', ...LANGUAGES.filter((l) => i18n.isInitialized && i18n.hasResourceBundle(l, namespace))]);
  const load = Promise.all(
    [...languages].map(async (language) => {
      const texts = unwrap(await part[language]());
      if (i18n.isInitialized) i18n.addResourceBundle(language, namespace, texts, true, false);
      else if (language === 'en') mergeInto(sources.get(namespace)?.en ?? {}, texts);
    }),
  ).then(() => void messageIndexes.delete(namespace));
  // A failed fetch can be retried by the next page that asks.
  load.catch(() => {
    registry.partLoads.delete(id);
    parts.splice(parts.indexOf(part), 1);
  });
  registry.partLoads.set(id, load);
  return load;
}

// The shell's own catalogue (its app and its libs: ui-kit, api-client, this switch). What `/` draws is always there.
registerCatalogue('shell', { en: shellStartEn, sw: () => import(/* webpackChunkName: "i18n-shell-sw" */ '@afya/shell-locales/sw.json?part=start') });

/**
 * The rest of the shell's texts (sign-in, the dashboard and its ui-kit, antd's texts, the contracts' messages): the
 * shell fetches them beside the chunk of any page other than the plain public ones, before it renders.
 */
export function loadShellTexts(): Promise<void> {
  return loadCataloguePart('shell', 'app', {
    en: () => import(/* webpackChunkName: "i18n-shell-app-en" */ '@afya/shell-locales/en.json?part=app'),
    sw: () => import(/* webpackChunkName: "i18n-shell-app-sw" */ '@afya/shell-locales/sw.json?part=app'),
  });
}

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
