/**
 * @jest-environment node
 */
// The shell's catalogue is cut in two at build time (shell/build/catalogue-parts.js): `start`, in the first chunk,
// for `/` and the plain public pages; `app`, fetched with every other page. The parts must cover each language's
// catalogue exactly, and every key the start pages ask for must be in `start` (a missing one would show as its
// key on `/`).
import fs from 'node:fs';
import path from 'node:path';

const { PARTS, START, cut } = require('../build/catalogue-parts') as {
  PARTS: Record<'start' | 'app', (c: Tree) => Tree>;
  START: string[];
  cut: (c: Tree, paths: string[], keep: boolean) => Tree;
};

type Tree = { [key: string]: unknown };
const shell = path.resolve(__dirname, '..');
const read = (language: string) => JSON.parse(fs.readFileSync(path.join(shell, 'locales', `${language}.json`), 'utf8')) as Tree;

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return value && typeof value === 'object' && !Array.isArray(value) ? leaves(value as Tree, name) : [name];
  });
}

// What `/`, /about and /services render before any other chunk: the app shell, the public pages, the page titles,
// the skip link and focus, the logo and the language switch.
const START_SOURCES = [
  'src/App.tsx',
  'src/bootstrap.tsx',
  'src/features/public-site/PublicLayout.tsx',
  'src/features/public-site/HomePage.tsx',
  'src/features/public-site/AboutPage.tsx',
  'src/features/public-site/ServicesPage.tsx',
  'src/features/public-site/content.ts',
  'src/features/public-site/icons.tsx',
  'src/features/public-site/feature-icons.tsx',
  'src/features/page-titles/RouteTitle.tsx',
  'src/features/page-titles/route-titles.ts',
  'libs/ui-kit/a11y.tsx',
  'libs/ui-kit/Logo.tsx',
  'libs/i18n/LanguageSwitch.tsx',
  'libs/i18n/useLanguage.ts',
];

/**
 * The label helpers of shell/i18n (labels.ts: `specialtyLabel = ... i18n.t(`specialty.${value}` ...)`) and the key
 * prefix each translates under: a start page that names a specialty needs every `specialty.*` key in `start`.
 */
const LABEL_HELPERS: Array<[string, string]> = [
  ...fs.readFileSync(path.join(shell, 'libs/i18n/labels.ts'), 'utf8').matchAll(/export const (\w+) =[^;]*?\bi18n\.t\(`([^`$]*)\$\{/g),
].map((m) => [m[1]!, m[2]!]);

describe("the shell catalogue's parts", () => {
  it.each(['en', 'sw'])('cover the %s catalogue exactly, each key in one part', (language) => {
    const full = read(language);
    const start = leaves(PARTS.start(full));
    const app = leaves(PARTS.app(full));
    expect(start.filter((k) => app.includes(k))).toEqual([]);
    expect([...start, ...app].sort()).toEqual(leaves(full).sort());
    expect(start.length).toBeGreaterThan(0);
  });

  it('cut a listed subtree below the top level and keep its siblings in the other part', () => {
    const catalogue = { contact: { hours: { weekdays: 'Mon-Fri' }, title: 'Contact' }, home: { title: 'Home' } };
    expect(cut(catalogue, ['contact.hours'], true)).toEqual({ contact: { hours: { weekdays: 'Mon-Fri' } } });
    expect(cut(catalogue, ['contact.hours'], false)).toEqual({ contact: { title: 'Contact' }, home: { title: 'Home' } });
  });

  it('hold in `start` every key the start pages ask for', () => {
    const full = read('en');
    const keys = new Set(leaves(full));
    const start = new Set(leaves(PARTS.start(full)));
    const missing: string[] = [];
    for (const file of START_SOURCES) {
      const text = fs.readFileSync(path.join(shell, file), 'utf8');
      // Any literal that is a key of the catalogue (t('a.b'), tables of keys), and every key under a t(`a.${…}`).
      for (const m of text.matchAll(/(['"`])([A-Za-z0-9_.]+)\1/g)) if (keys.has(m[2]) && !start.has(m[2])) missing.push(`${file}: ${m[2]}`);
      for (const m of text.matchAll(/\bt\(\s*`([^`$]*)\$\{/g))
        for (const key of keys) if (key.startsWith(m[1]) && !start.has(key)) missing.push(`${file}: ${key}`);
      // The catalog's names (specialtyLabel(...)): every key under the prefix the helper translates with.
      for (const [helper, prefix] of LABEL_HELPERS) {
        if (new RegExp(`\\b${helper}\\(`).test(text)) for (const key of keys) if (key.startsWith(prefix) && !start.has(key)) missing.push(`${file}: ${key} (${helper})`);
      }
    }
    expect(missing).toEqual([]);
    expect(START.length).toBeGreaterThan(0);
    expect(LABEL_HELPERS).toContainEqual(['specialtyLabel', 'specialty.']);
  });
});
