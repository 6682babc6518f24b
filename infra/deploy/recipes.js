'use strict';
// The one description of every deployable's image. The Dockerfiles are generated from it
// (`node infra/deploy/dockerfiles.js --write`; infra/deploy/closure.spec.ts fails when a committed Dockerfile
// differs), their build stage runs `node infra/deploy/build.js <name> --out /deploy` (infra/deploy/build.js),
// and the closure test runs that same command in a clean copy and boots what it produced.
//
// Deployables are discovered, not listed by hand: the gateway, every services/<name> whose package.json has
// a "main" (services/shared is a library), the shell and every mfe-<role>. So an image can only be asked for
// something that has code, and a new service has a recipe the moment its package exists.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');

const NODE_IMAGE = 'node:20-bookworm-slim';
const NGINX_IMAGE = 'nginxinc/nginx-unprivileged:1.27-bookworm';

/** Services that render PDFs (prescriptions, receipts) with headless Chromium from Debian (STACK-NOTES). */
const CHROMIUM_SERVICES = new Set(['payment', 'prescription']);
const CHROMIUM_PACKAGES = ['chromium', 'fonts-liberation'];

/**
 * One image recipe per shape. `dockerfile` is where the generated file lives, `arg` the build argument that
 * names the deployable (null: the file builds exactly one).
 * - service: a NestJS microservice on NATS, no port; the same image runs its migration Job.
 * - gateway: the HTTP API on port 3000.
 * - static: the shell or a remote, static files on nginx-unprivileged (port 8080).
 */
const SHAPES = {
  service: { dockerfile: 'services/Dockerfile', arg: 'SERVICE', runtime: 'node' },
  gateway: { dockerfile: 'gateway/Dockerfile', arg: null, runtime: 'node' },
  static: { dockerfile: 'shell/Dockerfile', arg: 'APP', argDefault: 'shell', runtime: 'nginx' },
};

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Every deployable: {name, shape, dir, project, apt, nginxConf}. */
function deployables(root = ROOT) {
  const list = [{ name: 'gateway', shape: 'gateway', dir: 'gateway' }];
  const servicesDir = path.join(root, 'services');
  for (const entry of fs.readdirSync(servicesDir, { withFileTypes: true })) {
    const pkgFile = path.join(servicesDir, entry.name, 'package.json');
    // a service runs src/main.ts; services/shared is a library
    if (!entry.isDirectory() || !fs.existsSync(pkgFile) || !fs.existsSync(path.join(servicesDir, entry.name, 'src', 'main.ts'))) continue;
    list.push({ name: entry.name, shape: 'service', dir: `services/${entry.name}` });
  }
  list.push({ name: 'shell', shape: 'static', dir: 'shell' });
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory() && /^mfe-[a-z]+$/.test(entry.name) && fs.existsSync(path.join(root, entry.name, 'package.json'))) {
      list.push({ name: entry.name, shape: 'static', dir: entry.name });
    }
  }
  return list
    .map((d) => ({
      ...d,
      project: readJson(path.join(root, d.dir, 'package.json')).name,
      apt: d.shape === 'service' && CHROMIUM_SERVICES.has(d.name) ? CHROMIUM_PACKAGES : [],
      nginxConf: d.shape === 'static' ? (d.name === 'shell' ? 'infra/docker/nginx/shell.conf' : 'infra/docker/nginx/mfe.conf') : null,
      // where nginx serves its files: the shell at /, a remote at /mfe/<role>/ (the Ingress path, no rewrite)
      htmlPath: d.shape === 'static' ? (d.name === 'shell' ? '' : `mfe/${d.name.replace(/^mfe-/, '')}`) : null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function findDeployable(name, root = ROOT) {
  return deployables(root).find((d) => d.name === name) || null;
}

/** Workspace folders by package name. */
function workspaces(root = ROOT) {
  const byName = new Map();
  const patterns = readJson(path.join(root, 'package.json')).workspaces;
  for (const pattern of patterns) {
    const dirs = pattern.endsWith('/*')
      ? fs.readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => `${pattern.slice(0, -2)}/${e.name}`)
      : [pattern];
    for (const dir of dirs) {
      const file = path.join(root, dir, 'package.json');
      if (fs.existsSync(file)) byName.set(readJson(file).name, { dir, pkg: readJson(file) });
    }
  }
  return byName;
}

/**
 * The workspace folders a deployable needs, itself first: `runtime` follows "dependencies" only (what the
 * image runs), otherwise devDependencies too (what its build reads).
 */
function closure(deployable, { runtime }, root = ROOT) {
  const all = workspaces(root);
  const seen = new Set();
  const order = [];
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    const ws = all.get(name);
    if (!ws) return;
    order.push(ws.dir);
    const deps = { ...ws.pkg.dependencies, ...(runtime ? {} : ws.pkg.devDependencies) };
    for (const dep of Object.keys(deps)) if (all.has(dep)) visit(dep);
  };
  visit(deployable.project);
  return order;
}

/**
 * The command a build stage runs (the Dockerfile's RUN line and the closure test run the same one). `previous`:
 * the html folder of the image this one replaces, whose remote releases the new image keeps serving.
 */
function buildCommand(nameExpr, out, previous) {
  return ['node', 'infra/deploy/build.js', nameExpr, '--out', out, ...(previous ? ['--previous', previous] : [])];
}

/** How the runtime image starts: working directory inside /deploy, command, environment. */
function runtimeOf(deployable) {
  // The shell's manifest is at /; a remote's is in its release folder, named by <htmlPath>/release.json.
  if (deployable.shape === 'static') {
    return deployable.htmlPath ? { html: 'html', release: `${deployable.htmlPath}/release.json` } : { html: 'html', manifest: '/mf-manifest.json' };
  }
  return {
    workdir: deployable.dir,
    cmd: ['node', 'dist/src/main.js'],
    // The gateway listens on loopback unless HOST says otherwise: in a container it must answer on every interface.
    env: { NODE_ENV: 'production', ...(deployable.shape === 'gateway' ? { PORT: '3000', HOST: '0.0.0.0' } : {}) },
  };
}

module.exports = { ROOT, NODE_IMAGE, NGINX_IMAGE, SHAPES, deployables, findDeployable, workspaces, closure, buildCommand, runtimeOf };
