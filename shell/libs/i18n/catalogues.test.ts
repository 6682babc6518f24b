/**
 * Every app's message catalogue (<app>/locales/en.json and sw.json: the shell and each remote, found on disk, so a
 * new remote's catalogue is checked as soon as it exists): the same keys in both languages, no empty text, the
 * same {{placeholders}}, every key the app's sources ask for present, and no key that no source uses.
 *
 * A key counts as used when the app's sources (tests excluded) hold it as a string literal: in t('a.b'), in
 * i18nKey="a.b", or in a table of keys handed to t later. A whole subtree is used by t('a', { returnObjects: true })
 * or getResource(…, 'a') (antd's texts), and by a template t(`status.${s}`) (every key under `status.`); plural
 * forms (a_one, a_other) are used through `a`.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: unknown };

/** Apps with a catalogue, their namespace and the folders holding their sources. */
function apps() {
  return fs
    .readdirSync(root)
    .filter((dir) => (dir === 'shell' || dir.startsWith('mfe-')) && fs.existsSync(path.join(root, dir, 'locales', 'en.json')))
    .map((dir) => ({
      dir,
      namespace: dir === 'shell' ? 'shell' : dir.replace(/^mfe-/, ''),
      sources: (dir === 'shell' ? ['src', 'libs'] : ['src']).map((s) => path.join(root, dir, s)),
    }));
}

function readCatalogue(dir: string, language: string): Tree {
  return JSON.parse(fs.readFileSync(path.join(root, dir, 'locales', `${language}.json`), 'utf8')) as Tree;
}

/** 'a.b.c' → text, for every leaf. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of leaves(value as Tree, name)) out.set(k, v);
    else out.set(name, value);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

interface Usage {
  /** Keys asked for with t('…') or i18nKey: each must exist. */
  asked: Set<string>;
  /** Every string literal of the sources (a key in a table counts as used). */
  literals: Set<string>;
  /** t(`prefix.${…}`), t('tree', { returnObjects: true }), getResource(…, 'tree'): every key under it counts as used. */
  prefixes: Set<string>;
}

function usage(files: string[]): Usage {
  const asked = new Set<string>();
  const literals = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:\bt\(|i18nKey=\{?)\s*(['"])([^'"\n]+)\1/g)) asked.add(m[2]);
    for (const m of text.matchAll(/\bt\(\s*`([^`$]*)\$\{/g)) prefixes.add(m[1]);
    for (const m of text.matchAll(/\bt\(\s*(['"])([^'"\n]+)\1\s*,\s*\{[^}]*returnObjects:\s*true/g)) prefixes.add(`${m[2]}.`);
    for (const m of text.matchAll(/getResource\([^)]*?(['"])([\w.]+)\1\s*\)/g)) prefixes.add(`${m[2]}.`);
    for (const m of text.matchAll(/\bt\(\s*`([^`$]+)`/g)) asked.add(m[1]);
    for (const m of text.matchAll(/(['"`])([A-Za-z0-9_.:-]+)\1/g)) literals.add(m[2]);
  }
  return { asked, literals, prefixes };
}

/** The namespace and key of an asked key: 'patient:a.b' → ['patient', 'a.b']; 'a.b' → [own namespace, 'a.b']. */
function split(key: string, own: string): [string, string] {
  const i = key.indexOf(':');
  return i > 0 ? [key.slice(0, i), key.slice(i + 1)] : [own, key];
}

const all = apps();
const catalogues = new Map(all.map((app) => [app.namespace, { en: leaves(readCatalogue(app.dir, 'en')), sw: leaves(readCatalogue(app.dir, 'sw')) }]));

/** Whether `key` names a text of the catalogue, a plural family, or a subtree. */
function exists(keys: Map<string, unknown>, key: string): boolean {
  if (keys.has(key)) return true;
  for (const k of keys.keys()) if (k.replace(PLURAL, '') === key || k.startsWith(`${key}.`)) return true;
  return false;
}

describe.each(all)('the $dir catalogue (namespace $namespace)', ({ namespace, sources }) => {
  const { en, sw } = catalogues.get(namespace)!;
  const used = usage(sources.flatMap(sourceFiles));

  it('has the same keys in English and Kiswahili', () => {
    expect({ missingInKiswahili: [...en.keys()].filter((k) => !sw.has(k)), missingInEnglish: [...sw.keys()].filter((k) => !en.has(k)) }).toEqual({
      missingInKiswahili: [],
      missingInEnglish: [],
    });
  });

  it('has a text for every key, with the same {{placeholders}} in both languages', () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
    const bad = [...en].flatMap(([key, text]) => {
      const other = sw.get(key);
      if (typeof text !== 'string' || !text.trim()) return [`${key}: English is empty or not text`];
      if (typeof other !== 'string' || !other.trim()) return sw.has(key) ? [`${key}: Kiswahili is empty or not text`] : [];
      return JSON.stringify(placeholders(text)) === JSON.stringify(placeholders(other)) ? [] : [`${key}: placeholders differ`];
    });
    expect(bad).toEqual([]);
  });

  it('has every key its sources ask for', () => {
    const missing = [...used.asked].filter((asked) => {
      const [ns, key] = split(asked, namespace);
      const target = catalogues.get(ns);
      return !target || !exists(target.en, key);
    });
    expect(missing).toEqual([]);
  });

  it('has no key that no source uses', () => {
    const isUsed = (key: string) => {
      const base = key.replace(PLURAL, '');
      if ([key, base].some((k) => used.literals.has(k) || used.literals.has(`${namespace}:${k}`))) return true;
      return [...used.prefixes].some((prefix) => base.startsWith(prefix));
    };
    expect([...en.keys()].filter((k) => !isUsed(k))).toEqual([]);
  });
});

it('finds the shell catalogue and every remote that has one', () => {
  expect(all.map((a) => a.namespace)).toContain('shell');
});
