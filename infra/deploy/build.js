#!/usr/bin/env node
'use strict';
// The build stage of every image (the generated Dockerfiles RUN this; infra/deploy/closure.spec.ts runs it
// in a clean copy):
//   node infra/deploy/build.js <deployable> [--out <dir>] [--previous <html dir of the image this one replaces>]
// 1. refuses a name that is not a deployable (infra/deploy/recipes.js: the gateway, services/* with code,
//    the shell, mfe-*), listing the ones that exist: an image is never built empty;
// 2. installs that deployable's closure only: the root's tooling (devDependencies) plus its workspace and the
//    workspaces it depends on, with their dependencies (npm workspaces, locked versions);
// 3. checks that Nx knows the project, then builds it and its dependencies (`nx run-many -t build -p`);
// 4. with --out: assembles what the runtime image holds. Node deployables: a package.json whose workspaces
//    are the runtime closure, the lockfile, each closure workspace's package.json and dist/, and their
//    production dependencies installed there (`npm install --omit=dev`). Static deployables: html/<path>/ =
//    dist/ (the shell at /, a remote under mfe/<role>/: its release in <version>/) and the nginx.conf for it.
//    A remote also keeps the releases of the image it replaces (--previous; see assembleRemote), the shell the
//    hashed files of the build before it (assembleShell).
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT, deployables, findDeployable, closure, SHAPES } = require('./recipes');

const NPM_FLAGS = ['--no-audit', '--no-fund', '--prefer-offline'];

function fail(message) {
  process.stderr.write(`infra/deploy/build.js: ${message}\n`);
  process.exit(2);
}

function run(command, args, options = {}) {
  const started = Date.now();
  process.stdout.write(`$ ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1', NX_DAEMON: 'false', NX_NO_CLOUD: 'true', ...options.env },
  });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited ${result.status ?? result.signal}`);
  process.stdout.write(`infra/deploy/build.js: ${path.basename(command)} ${args[0]} took ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

function copyDir(from, to) {
  fs.cpSync(from, to, { recursive: true, dereference: false });
}

/** The runtime tree of a node deployable (gateway or service) under `out`. */
function assembleNode(deployable, out) {
  const dirs = closure(deployable, { runtime: true });
  const rootPkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const pkg = { name: rootPkg.name, version: rootPkg.version, private: true, workspaces: dirs, overrides: rootPkg.overrides };
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  fs.copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(out, 'package-lock.json'));
  for (const dir of dirs) {
    const dist = path.join(ROOT, dir, 'dist');
    if (!fs.existsSync(dist)) fail(`${dir}/dist is missing after the build`);
    fs.mkdirSync(path.join(out, dir), { recursive: true });
    fs.copyFileSync(path.join(ROOT, dir, 'package.json'), path.join(out, dir, 'package.json'));
    copyDir(dist, path.join(out, dir, 'dist'));
  }
  // npm install (not ci) on the locked versions: docs/decisions/0020-npm-install-not-npm-ci.md; the lockfile's
  // entries for workspaces outside this closure are dropped, every other package keeps its locked version.
  run('npm', ['install', '--omit=dev', ...NPM_FLAGS], { cwd: out });
  fs.rmSync(path.join(out, 'package-lock.json'));
}

/** A remote's release folder name, as shell/webpack.parts.js VersionedReleasePlugin writes it. */
const RELEASE_VERSION = /^\d+\.\d+\.\d+-[0-9a-f]{8}$/;

/** How many releases of a remote its image serves: the new one and the newest previous ones (AFYA_KEEP_RELEASES). */
function keepReleases() {
  const n = Number(process.env.AFYA_KEEP_RELEASES || 5);
  if (!Number.isInteger(n) || n < 1) fail(`AFYA_KEEP_RELEASES must be a whole number >= 1, got "${process.env.AFYA_KEEP_RELEASES}"`);
  return n;
}

/**
 * A remote's folder in the image: the new release (dist/<version>/ and its release.json) and the releases the
 * image it replaces served (`previousHtml`: that image's /usr/share/nginx/html, copied in by the Dockerfile), so
 * every release /config/remotes.json may still pin, and every tab that loaded one, finds its files after the
 * rollout. releases.json lists them newest first; the oldest beyond AFYA_KEEP_RELEASES are dropped.
 */
function assembleRemote(deployable, out, previousHtml, dist = path.join(ROOT, deployable.dir, 'dist')) {
  const releaseFile = path.join(dist, 'release.json');
  if (!fs.existsSync(releaseFile)) fail(`${deployable.dir}/dist/release.json is missing after the build`);
  const release = JSON.parse(fs.readFileSync(releaseFile, 'utf8'));
  if (!fs.existsSync(path.join(dist, release.manifest))) fail(`${deployable.dir}/dist/${release.manifest} is missing after the build`);
  const target = path.join(out, 'html', deployable.htmlPath);
  fs.mkdirSync(target, { recursive: true });
  copyDir(dist, target);

  let previous = [];
  const previousDir = previousHtml ? path.join(previousHtml, deployable.htmlPath) : null;
  if (previousDir && fs.existsSync(previousDir)) {
    const listed = fs.existsSync(path.join(previousDir, 'releases.json'))
      ? JSON.parse(fs.readFileSync(path.join(previousDir, 'releases.json'), 'utf8')).releases
      : fs.readdirSync(previousDir).filter((n) => RELEASE_VERSION.test(n)); // an image from before releases.json
    previous = listed.filter((v) => RELEASE_VERSION.test(v) && v !== release.version && fs.existsSync(path.join(previousDir, v, 'mf-manifest.json')));
  }
  const releases = [release.version, ...previous].slice(0, keepReleases());
  for (const version of releases.slice(1)) copyDir(path.join(previousDir, version), path.join(target, version));
  fs.writeFileSync(path.join(target, 'releases.json'), `${JSON.stringify({ name: release.name, current: release.version, releases }, null, 2)}\n`);
  process.stdout.write(`infra/deploy/build.js: ${deployable.name} serves releases ${releases.join(', ')} (new: ${release.version})\n`);
}

/** A content-hashed build file (`273.b5f18c0f.js`, `x.0f0f9ce4.css.br`): its name changes whenever its bytes do. */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.(br|gz))?$/i;

/**
 * The shell's html: its build, plus the content-hashed files of the build the previous image served
 * (`previousHtml`/assets.json) that this one no longer has, so a tab opened before the rollout still loads its
 * lazy pages and exposes. One release back: files carried over are not carried again. assets.json lists this
 * build's own hashed files for the next image.
 */
function assembleShell(out, previousHtml, dist) {
  const html = path.join(out, 'html');
  copyDir(dist, html);
  const own = fs.readdirSync(dist).filter((f) => HASHED_FILE.test(f)).sort();
  const previousList = previousHtml && path.join(previousHtml, 'assets.json');
  let carried = [];
  if (previousList && fs.existsSync(previousList)) {
    carried = JSON.parse(fs.readFileSync(previousList, 'utf8')).own.filter(
      (f) => HASHED_FILE.test(f) && !f.includes('/') && !own.includes(f) && fs.existsSync(path.join(previousHtml, f)),
    );
    for (const f of carried) fs.copyFileSync(path.join(previousHtml, f), path.join(html, f));
  }
  fs.writeFileSync(path.join(html, 'assets.json'), `${JSON.stringify({ own, carried }, null, 2)}\n`);
}

function assembleStatic(deployable, out, previousHtml) {
  fs.mkdirSync(out, { recursive: true });
  if (deployable.name === 'shell') {
    const dist = path.join(ROOT, deployable.dir, 'dist');
    if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) fail(`${deployable.dir}/dist/mf-manifest.json is missing after the build`);
    assembleShell(out, previousHtml, dist);
  } else {
    assembleRemote(deployable, out, previousHtml);
  }
  fs.copyFileSync(path.join(ROOT, deployable.nginxConf), path.join(out, 'nginx.conf'));
}

function main(argv) {
  const name = argv[0];
  const outIndex = argv.indexOf('--out');
  const out = outIndex >= 0 ? path.resolve(argv[outIndex + 1] || fail('--out needs a directory')) : null;
  const previousIndex = argv.indexOf('--previous');
  const previous = previousIndex >= 0 ? path.resolve(argv[previousIndex + 1] || fail('--previous needs a directory')) : null;
  const deployable = name ? findDeployable(name) : null;
  if (!deployable) {
    fail(`unknown deployable "${name ?? ''}". Deployables: ${deployables().map((d) => d.name).join(', ')}`);
  }
  if (!SHAPES[deployable.shape]) fail(`no recipe for shape ${deployable.shape}`);

  const buildDirs = closure(deployable, { runtime: false });
  run('npm', ['install', ...NPM_FLAGS, '--include-workspace-root', ...buildDirs.map((dir) => `--workspace=${dir}`)]);

  const nx = path.join(ROOT, 'node_modules', '.bin', 'nx');
  const known = spawnSync(nx, ['show', 'projects', '--json'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' } });
  if (known.status !== 0) fail(`nx show projects failed: ${known.stderr}`);
  if (!JSON.parse(known.stdout).includes(deployable.project)) fail(`Nx has no project ${deployable.project}`);
  run(nx, ['run-many', '-t', 'build', '-p', deployable.project, '--output-style=stream']);

  if (out) {
    fs.rmSync(out, { recursive: true, force: true });
    if (deployable.shape === 'static') assembleStatic(deployable, out, previous);
    else assembleNode(deployable, out);
    // The Debian packages the runtime stage installs (Chromium for the PDF services); empty for the others.
    fs.writeFileSync(path.join(out, '.apt-packages'), deployable.apt.join(' '));
  }
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { main, assembleRemote, assembleShell, RELEASE_VERSION };
