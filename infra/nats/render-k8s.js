#!/usr/bin/env node
'use strict';
// Writes the NATS cluster's authorization config for each k8s overlay, k8s/nats/<overlay>.conf, from the bus
// users (bus-users.js) and the overlay's bus namespace (AFYA_BUS in its afya-config). bus-users.spec.ts fails when
// a committed file differs from what this writes. Usage: node infra/nats/render-k8s.js
const fs = require('node:fs');
const path = require('node:path');
const { renderAuthorization } = require('./authorization');

const REPO_ROOT = path.resolve(__dirname, '../..');
const OVERLAYS = path.join(REPO_ROOT, 'k8s/overlays');
const OUT = path.join(REPO_ROOT, 'k8s/nats');

/** The AFYA_BUS literal of an overlay's kustomization (its afya-config), else the base's. */
function overlayNamespace(overlay) {
  for (const file of [path.join(OVERLAYS, overlay, 'kustomization.yaml'), path.join(REPO_ROOT, 'k8s/base/kustomization.yaml')]) {
    const found = fs.readFileSync(file, 'utf8').match(/^\s*-\s*AFYA_BUS=([A-Za-z0-9_-]+)\s*$/m);
    if (found) return found[1];
  }
  throw new Error(`no AFYA_BUS for overlay ${overlay}`);
}

/** {file: contents} for every overlay. */
function renderedFiles() {
  const files = {};
  for (const overlay of fs.readdirSync(OVERLAYS).sort()) {
    if (!fs.existsSync(path.join(OVERLAYS, overlay, 'kustomization.yaml'))) continue;
    files[path.join(OUT, `${overlay}.conf`)] = renderAuthorization({ namespace: overlayNamespace(overlay) });
  }
  return files;
}

if (require.main === module) {
  fs.mkdirSync(OUT, { recursive: true });
  for (const [file, text] of Object.entries(renderedFiles())) {
    fs.writeFileSync(file, text);
    process.stdout.write(`wrote ${path.relative(REPO_ROOT, file)}\n`);
  }
}

module.exports = { renderedFiles, overlayNamespace };
