import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Deployable {
  name: string;
  shape: string;
  dir: string;
  project: string;
  apt: string[];
  nginxConf: string | null;
  htmlPath: string | null;
}
const stamps = require('./image-stamps') as {
  inputsOf(d: Deployable, root?: string): { key: string; inputs: [string, string][] };
  findStamp(d: Deployable, root?: string): { file: string; commit: string } | null;
  writeStamp(d: Deployable, build: { seconds: number }, root?: string): string;
};
const recipes = require('./recipes') as { deployables(): Deployable[] };

/** A repository of three workspaces: a depends on b; c is unrelated. */
function tinyRepository(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-stamps-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('package.json', JSON.stringify({ name: 'tiny', workspaces: ['a', 'b', 'c'] }));
  write('a/package.json', JSON.stringify({ name: '@tiny/a', dependencies: { '@tiny/b': '*' } }));
  write('b/package.json', JSON.stringify({ name: '@tiny/b' }));
  write('c/package.json', JSON.stringify({ name: '@tiny/c' }));
  write('infra/deploy/recipe.txt', 'one');
  commit(root, 'first');
  return root;
}

function commit(root: string, message: string): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
  if (!fs.existsSync(path.join(root, '.git'))) git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=test', '-c', 'user.email=test@example.test', 'commit', '-qm', message);
}

const a: Deployable = { name: 'a', shape: 'service', dir: 'a', project: '@tiny/a', apt: [], nginxConf: null, htmlPath: null };

describe('image builds are keyed by everything they read', () => {
  let root: string;
  let stampDir: string;
  beforeEach(() => {
    root = tinyRepository();
    stampDir = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-stamp-dir-'));
    process.env.AFYA_IMAGE_STAMPS = stampDir;
    delete process.env.AFYA_IMAGE_BUILDS;
  });
  afterEach(() => {
    delete process.env.AFYA_IMAGE_STAMPS;
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(stampDir, { recursive: true, force: true });
  });

  it('a change outside the closure keeps the key; one in the closure, at the root or in infra/deploy changes it', () => {
    const first = stamps.inputsOf(a, root).key;
    fs.writeFileSync(path.join(root, 'c', 'index.js'), 'unrelated');
    commit(root, 'c changes');
    expect(stamps.inputsOf(a, root).key).toBe(first);
    // the root's Markdown is read by people, not by a build
    fs.writeFileSync(path.join(root, 'README.md'), '# tiny');
    commit(root, 'readme');
    expect(stamps.inputsOf(a, root).key).toBe(first);

    fs.writeFileSync(path.join(root, 'b', 'index.js'), 'a dependency changes');
    commit(root, 'b changes');
    const second = stamps.inputsOf(a, root).key;
    expect(second).not.toBe(first);

    fs.writeFileSync(path.join(root, 'package-lock.json'), '{}');
    commit(root, 'lockfile');
    const third = stamps.inputsOf(a, root).key;
    expect(third).not.toBe(second);

    fs.writeFileSync(path.join(root, 'infra', 'deploy', 'recipe.txt'), 'two');
    commit(root, 'recipe');
    expect(stamps.inputsOf(a, root).key).not.toBe(third);
  });

  it('an uncommitted change does not count: the clean copy is HEAD', () => {
    const before = stamps.inputsOf(a, root).key;
    fs.writeFileSync(path.join(root, 'a', 'index.js'), 'not committed');
    expect(stamps.inputsOf(a, root).key).toBe(before);
  });

  it('finds a stamp only for the same inputs, and never with AFYA_IMAGE_BUILDS=always', () => {
    expect(stamps.findStamp(a, root)).toBeNull();
    const file = stamps.writeStamp(a, { seconds: 12 }, root);
    expect(stamps.findStamp(a, root)).toEqual(expect.objectContaining({ file, seconds: 12, deployable: 'a' }));
    process.env.AFYA_IMAGE_BUILDS = 'always';
    expect(stamps.findStamp(a, root)).toBeNull();
    delete process.env.AFYA_IMAGE_BUILDS;
    fs.writeFileSync(path.join(root, 'a', 'index.js'), 'changed');
    commit(root, 'a changes');
    expect(stamps.findStamp(a, root)).toBeNull();
  });

  it("in this repository, the gateway's inputs hold every service it builds and no frontend; a remote's hold the shell", () => {
    const byName = new Map(recipes.deployables().map((d) => [d.name, d]));
    const dirs = (name: string) => stamps.inputsOf(byName.get(name)!).inputs.map(([what]) => what);
    expect(dirs('gateway')).toEqual(expect.arrayContaining(['gateway', 'services/shared', 'services/appointment', 'infra/deploy', 'root files']));
    expect(dirs('gateway')).not.toContain('shell');
    expect(dirs('mfe-admin')).toEqual(expect.arrayContaining(['mfe-admin', 'shell']));
    expect(dirs('mfe-admin')).not.toContain('gateway');
  });
});
