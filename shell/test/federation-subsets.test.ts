/**
 * @jest-environment node
 */
// antd and react-router-dom are shared as subsets the shell provides (shell/federation/<name>.js, federation.shared.js):
// the remotes bundle no copy, so a name a remote imports that the subset lacks would be `undefined` at run time, seen
// only in a browser. This reads every app's sources (tests excluded) and fails first.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const { SUBSETS, shared, remoteShared, subsetRequest, subsetAliases } = require('../federation.shared') as {
  SUBSETS: Record<string, string>;
  subsetRequest: (name: string) => string;
  subsetAliases: () => Record<string, string>;
  shared: Record<string, { import?: string | false; singleton?: boolean }>;
  remoteShared: Record<string, { import?: string | false; singleton?: boolean }>;
};

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(ts|tsx|js|jsx)$/.test(entry.name) && !/\.(test|spec)\.[jt]sx?$/.test(entry.name) ? [file] : [];
  });
}

const appSources = () =>
  fs
    .readdirSync(root)
    .filter((dir) => dir === 'shell' || dir.startsWith('mfe-'))
    .flatMap((dir) => (dir === 'shell' ? ['src', 'libs'] : ['src']).flatMap((s) => sourceFiles(path.join(root, dir, s))));

/** Names exported by a subset file: `export { default as X } from '…'` or `export { X, Y } from '…'`. */
function exportedNames(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const m of text.matchAll(/export\s*\{([^}]*)\}\s*from/g))
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  return names;
}

/** Value imports of `pkg` in a source: names, plus whether it takes the whole module (default or namespace). */
function importsOf(text: string, pkg: string) {
  const names: string[] = [];
  let whole = false;
  const quoted = pkg.replace(/[/.-]/g, (c) => `\\${c}`);
  for (const m of text.matchAll(new RegExp(`import\\s+(?!type\\b)([^;]*?)\\s+from\\s+['"]${quoted}['"]`, 'g'))) {
    const clause = m[1];
    if (/^\s*[\w$]+\s*(,|$)/.test(clause) || /\*\s+as/.test(clause)) whole = true;
    const braces = clause.match(/\{([^}]*)\}/);
    if (braces)
      for (const part of braces[1].split(',')) {
        const item = part.trim();
        if (item && !item.startsWith('type ')) names.push(item.split(/\s+as\s+/)[0]);
      }
  }
  for (const m of text.matchAll(new RegExp(`export\\s*\\{([^}]*)\\}\\s*from\\s+['"]${quoted}['"]`, 'g')))
    for (const part of m[1].split(',')) if (part.trim() && !part.trim().startsWith('type ')) names.push(part.trim().split(/\s+as\s+/)[0]);
  return { names, whole };
}

describe('federation subsets', () => {
  it.each(Object.keys(SUBSETS))('%s: the shell provides the subset, the remotes none of their own, one copy on the page', (pkg) => {
    expect(shared[pkg]).toMatchObject({ singleton: true, import: subsetRequest(pkg) });
    expect(subsetAliases()[`${subsetRequest(pkg)}$`]).toBe(SUBSETS[pkg]);
    expect(remoteShared[pkg]).toMatchObject({ singleton: true, import: false });
    // The subset never imports the share itself (it would answer itself).
    expect(fs.readFileSync(SUBSETS[pkg], 'utf8')).not.toMatch(new RegExp(`from\\s+['"]${pkg}['"]`));
  });

  it.each(Object.keys(SUBSETS))('%s: every name an app imports is in the subset', (pkg) => {
    const offered = exportedNames(SUBSETS[pkg]);
    const missing: string[] = [];
    const whole: string[] = [];
    for (const file of appSources()) {
      const found = importsOf(fs.readFileSync(file, 'utf8'), pkg);
      for (const name of found.names) if (!offered.has(name)) missing.push(`${path.relative(root, file)}: ${name}`);
      if (found.whole) whole.push(path.relative(root, file));
    }
    expect(missing).toEqual([]);
    expect(whole).toEqual([]);
  });

  it("antd: each name is antd's own component of that name (as antd's index exports it)", () => {
    const antdIndex = fs.readFileSync(require.resolve('antd/es/index.js'), 'utf8');
    const text = fs.readFileSync(SUBSETS.antd, 'utf8');
    const lines = [...text.matchAll(/export \{ default as (\w+) \} from 'antd\/es\/([\w-]+)';/g)];
    expect(lines.length).toBe(exportedNames(SUBSETS.antd).size);
    for (const [, name, dir] of lines) expect(antdIndex).toContain(`export { default as ${name} } from './${dir}';`);
  });

  it('react-router-dom: each name is one react-router-dom exports', () => {
        const real = require('react-router-dom') as Record<string, unknown>;
    for (const name of exportedNames(SUBSETS['react-router-dom'])) expect(real[name]).toBeDefined();
  });
});
