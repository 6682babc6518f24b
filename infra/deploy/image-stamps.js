'use strict';
// Image builds are reused when nothing they read has changed (docs/decisions/0098-image-builds-by-their-inputs.md).
//
// infra/deploy/closure.spec.ts builds every deployable from its own closure in a clean copy of HEAD and boots it: npm
// installs and webpack, ~1000 CPU-seconds for all of them. The same inputs build the same image, so a passing build
// leaves a stamp named by a hash of everything that build read, and the next run with the same hash does not build
// that deployable again (it reports it as reused). A change to any input, or AFYA_IMAGE_BUILDS=always, builds it.
//
// What a deployable's build reads, all taken from HEAD's git objects (the clean copy is `git archive HEAD`):
//   - every workspace of its build closure (recipes.closure, devDependencies included), sources and configs;
//   - every file at the repository's root (package.json, the lockfile, nx.json, tsconfig.base.json, .swcrc, ...),
//     except its Markdown (README.md, CONTRACT.md, ...), which no build reads: a README change rebuilt all nine;
//   - infra/deploy (the recipes, build.js, the Dockerfile generator and this check itself), infra/docker (nginx
//     configuration), infra/nats (the bus users a booted service connects as), its shape's Dockerfile;
//   - its recipe (shape, Debian packages, nginx conf, html path) and the Node version that runs the build.
// Stamps live outside the clone ($AFYA_IMAGE_STAMPS, else ~/.cache/afya/image-builds), like Nx's or npm's caches: a
// new machine has none and builds everything.
const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const recipes = require('./recipes');

const SHARED_INPUTS = ['infra/deploy', 'infra/docker', 'infra/nats'];

function stampDir() {
  return process.env.AFYA_IMAGE_STAMPS || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'afya', 'image-builds');
}

function git(args, root) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** The object id of `spec` at HEAD (a tree or a blob), or "absent". */
function objectId(spec, root) {
  try {
    return git(['rev-parse', `HEAD:${spec}`], root);
  } catch {
    return 'absent';
  }
}

/** The hash of everything a deployable's image build reads, and the list it was made from (kept in the stamp). */
function inputsOf(deployable, root = recipes.ROOT) {
  const inputs = [
    ['node', process.version],
    ['recipe', JSON.stringify({ shape: deployable.shape, apt: deployable.apt, nginxConf: deployable.nginxConf, htmlPath: deployable.htmlPath, project: deployable.project })],
    ['root files', git(['ls-tree', 'HEAD'], root).split('\n').filter((line) => line.includes(' blob ') && !/\t[^/]+\.md$/.test(line)).join('\n')],
    ...recipes.closure(deployable, { runtime: false }, root).map((dir) => [dir, objectId(dir, root)]),
    ...SHARED_INPUTS.map((dir) => [dir, objectId(dir, root)]),
    ['dockerfile', objectId(recipes.SHAPES[deployable.shape].dockerfile, root)],
  ];
  const key = crypto.createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 32);
  return { key, inputs };
}

function stampFile(deployable, key) {
  return path.join(stampDir(), `${deployable.name}-${key}.json`);
}

/** The stamp of a passing build with exactly these inputs, or null (always null with AFYA_IMAGE_BUILDS=always). */
function findStamp(deployable, root = recipes.ROOT) {
  if (process.env.AFYA_IMAGE_BUILDS === 'always') return null;
  const { key } = inputsOf(deployable, root);
  const file = stampFile(deployable, key);
  if (!fs.existsSync(file)) return null;
  try {
    return { file, ...JSON.parse(fs.readFileSync(file, 'utf8')) };
  } catch {
    return null; // a torn write: build again
  }
}

/** Records a passing build and boot of these inputs. */
function writeStamp(deployable, { seconds }, root = recipes.ROOT) {
  const { key, inputs } = inputsOf(deployable, root);
  fs.mkdirSync(stampDir(), { recursive: true });
  const file = stampFile(deployable, key);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify({ deployable: deployable.name, commit: git(['rev-parse', 'HEAD'], root), builtAt: new Date().toISOString(), seconds, inputs }, null, 2)}\n`);
  fs.renameSync(temporary, file);
  return file;
}

module.exports = { inputsOf, findStamp, writeStamp, stampDir };
