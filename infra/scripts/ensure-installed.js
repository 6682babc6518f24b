#!/usr/bin/env node
'use strict';
// First step of `npm start`: install dependencies when they are missing or older than the lockfile;
// otherwise return at once. `--check` only prints the decision (exit 0 = up to date, 1 = would install).
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..', '..');

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * {install: boolean, reason: string}. The quick test is mtimes: npm writes node_modules/.package-lock.json
 * at the end of every install. When the lockfile is newer (a git pull, or just a touched file), compare
 * what it pins with what is installed before wiping node_modules for nothing: `npm ci` deletes
 * node_modules, which the other people working in this checkout would not thank us for.
 */
function installDecision(root = ROOT) {
  const lockFile = path.join(root, 'package-lock.json');
  const modules = path.join(root, 'node_modules');
  const installed = path.join(modules, '.package-lock.json');
  if (mtime(lockFile) === null) return { install: false, reason: 'no package-lock.json: nothing to install from' };
  if (mtime(modules) === null) return { install: true, reason: 'node_modules is missing' };
  const installedTime = mtime(installed) ?? mtime(modules);
  if (installedTime >= mtime(lockFile)) return { install: false, reason: 'node_modules is newer than package-lock.json' };
  const mismatch = firstMismatch(lockFile, installed);
  if (mismatch) return { install: true, reason: `node_modules is older than package-lock.json and differs (${mismatch})` };
  return { install: false, reason: 'package-lock.json is newer but pins exactly what is installed' };
}

/** The first package the lockfile pins that node_modules lacks or has at another version; null if none. */
function firstMismatch(lockFile, installedFile) {
  let wanted;
  let have;
  try {
    wanted = JSON.parse(fs.readFileSync(lockFile, 'utf8')).packages || {};
    have = JSON.parse(fs.readFileSync(installedFile, 'utf8')).packages || {};
  } catch (error) {
    return `cannot compare: ${error.message}`;
  }
  for (const [key, entry] of Object.entries(wanted)) {
    if (!key.includes('node_modules/')) continue; // the root and workspace folders themselves
    if (entry.optional) continue; // platform binaries and optional extras may rightly be absent
    const got = have[key];
    if (!got) return `${key.replace(/^.*node_modules\//, '')} is not installed`;
    if (entry.link ? got.resolved !== entry.resolved : got.version !== entry.version) {
      return `${key.replace(/^.*node_modules\//, '')} ${got.version || got.resolved} installed, ${entry.version || entry.resolved} pinned`;
    }
  }
  return null;
}

function main() {
  const decision = installDecision();
  if (process.argv.includes('--check')) {
    process.stdout.write(`${decision.install ? 'would install' : 'up to date'}: ${decision.reason}\n`);
    process.exit(decision.install ? 1 : 0);
  }
  if (!decision.install) return;
  // `npm install` with the committed lockfile, not `npm ci`: this registry lacks some optional native
  // binaries of other platforms (e.g. @swc/core-darwin-*), which npm leaves out of the lockfile and `npm ci`
  // then refuses as "missing from lock file". `npm install` installs exactly the locked versions and skips
  // the optional packages it cannot fetch (see docs/decisions/0020-npm-install-not-npm-ci.md).
  process.stdout.write(`[afya] ${decision.reason}: running npm install\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
  });
  if (result.error) {
    process.stderr.write(`[afya] could not run npm install: ${result.error.message}\n`);
    process.exit(1);
  }
  if (result.status !== 0) {
    process.stderr.write(`[afya] npm install failed (exit ${result.status}); fix the error above and run npm start again\n`);
    process.exit(result.status || 1);
  }
}

if (require.main === module) main();

module.exports = { installDecision, firstMismatch };
