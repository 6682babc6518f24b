#!/usr/bin/env node
'use strict';
// Writes (--write) or prints the Dockerfiles from infra/deploy/recipes.js: one per shape (services/Dockerfile,
// gateway/Dockerfile, shell/Dockerfile). infra/deploy/closure.spec.ts fails when a committed one differs.
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, NODE_IMAGE, NGINX_IMAGE, SHAPES, deployables, buildCommand, runtimeOf } = require('./recipes');

const HEADER = [
  '# syntax=docker/dockerfile:1',
  '# GENERATED from infra/deploy/recipes.js by `node infra/deploy/dockerfiles.js --write`: edit those, not this file.',
  '# Build from the repository root (npm workspaces). Both stages are Debian slim (glibc): the lockfile has no',
  '# musl build of Nx\'s native binary (STACK-NOTES).',
];

const BUILD_ENV = 'ENV PUPPETEER_SKIP_DOWNLOAD=1 NX_DAEMON=false NX_NO_CLOUD=true';

function runLine(args) {
  return `RUN ${args.map((a) => (a.startsWith('${') ? `"${a}"` : a)).join(' ')}`;
}

function nodeDockerfile(shape) {
  const spec = SHAPES[shape];
  const members = deployables().filter((d) => d.shape === shape);
  const sample = members[0];
  const nameExpr = spec.arg ? `\${${spec.arg}}` : sample.name;
  const runtime = runtimeOf(sample);
  const env = Object.entries(runtime.env).map(([k, v]) => `${k}=${v}`).join(' ');
  const workdir = spec.arg ? `/app/services/\${${spec.arg}}` : `/app/${sample.dir}`;
  const usage = spec.arg
    ? [
        `# ${members.map((d) => d.name).join(', ')}: a NestJS microservice on NATS (no port). The same image runs`,
        '# its migration Job (node dist/src/migrate.js) and, for auth, the first-admin bootstrap.',
        `#   docker build -f ${spec.dockerfile} --build-arg ${spec.arg}=<name> -t ghcr.io/afya/<name>:<git-sha> .`,
        `# Chromium (Debian's package) is installed only for ${members.filter((d) => d.apt.length).map((d) => d.name).join(' and ')} (recipes.js).`,
      ]
    : [
        '# The gateway: the HTTP API under /api on port 3000. In the cluster the Ingress serves the frontends.',
        `#   docker build -f ${spec.dockerfile} -t ghcr.io/afya/gateway:<git-sha> .`,
      ];
  return [
    ...HEADER,
    ...usage,
    '# The image holds its own closure only: its workspace, the workspaces it depends on, their production',
    '# dependencies (infra/deploy/build.js). Runs as the non-root "node" user (uid 1000), read-only root filesystem.',
    `ARG NODE_IMAGE=${NODE_IMAGE}`,
    '',
    'FROM ${NODE_IMAGE} AS build',
    ...(spec.arg ? [`ARG ${spec.arg}`] : []),
    'WORKDIR /app',
    BUILD_ENV,
    'COPY . .',
    runLine(buildCommand(nameExpr, '/deploy')),
    '',
    'FROM ${NODE_IMAGE}',
    ...(spec.arg ? [`ARG ${spec.arg}`] : []),
    `ENV ${env}`,
    '# the Debian packages this deployable needs (recipes.js: chromium for the PDF services), none for the others',
    'COPY --from=build /deploy/.apt-packages /tmp/apt-packages',
    'RUN packages="$(cat /tmp/apt-packages)"; if [ -n "$packages" ]; then apt-get update && apt-get install -y --no-install-recommends $packages && rm -rf /var/lib/apt/lists/*; fi; rm /tmp/apt-packages',
    'COPY --from=build /deploy /app',
    `WORKDIR ${workdir}`,
    'USER node',
    ...(shape === 'gateway' ? [`EXPOSE ${runtime.env.PORT}`] : []),
    `CMD ${JSON.stringify(runtime.cmd).replace(/","/g, '", "')}`,
    '',
  ].join('\n');
}

function staticDockerfile() {
  const spec = SHAPES.static;
  const members = deployables().filter((d) => d.shape === 'static');
  return [
    ...HEADER,
    `# ${members.map((d) => d.name).join(', ')}: static files on nginx-unprivileged (uid 101, port 8080; nginx writes`,
    '# only under /tmp, so a read-only root filesystem works). The shell is served at /, a remote under /mfe/<role>/.',
    `#   docker build -f ${spec.dockerfile} --build-arg ${spec.arg}=<${members.map((d) => d.name).join('|')}> -t ghcr.io/afya/<name>:<git-sha> .`,
    `ARG NODE_IMAGE=${NODE_IMAGE}`,
    `ARG NGINX_IMAGE=${NGINX_IMAGE}`,
    '# A remote\'s image keeps serving the releases of the image it replaces (k8s/README.md "Frontend releases"):',
    '# pass the tag running now, --build-arg PREVIOUS_IMAGE=ghcr.io/afya/<name>:<running tag>. The default (plain',
    '# nginx) has none: a first release. The shell ignores it.',
    'ARG PREVIOUS_IMAGE=${NGINX_IMAGE}',
    '',
    'FROM ${PREVIOUS_IMAGE} AS previous',
    '',
    'FROM ${NODE_IMAGE} AS build',
    `ARG ${spec.arg}=${spec.argDefault}`,
    'WORKDIR /app',
    BUILD_ENV,
    'COPY . .',
    'COPY --from=previous /usr/share/nginx/html /previous',
    runLine(buildCommand(`\${${spec.arg}}`, '/deploy', '/previous')),
    '',
    'FROM ${NGINX_IMAGE}',
    'COPY --from=build /deploy/nginx.conf /etc/nginx/conf.d/default.conf',
    'COPY --from=build /deploy/html /usr/share/nginx/html',
    '# the shell\'s /config/remotes.json (which remote releases run) is the ConfigMap shell-remotes, mounted over config/',
    'EXPOSE 8080',
    '',
  ].join('\n');
}

/** {path relative to the repository root: content} of every generated Dockerfile. */
function dockerfiles() {
  return {
    [SHAPES.service.dockerfile]: nodeDockerfile('service'),
    [SHAPES.gateway.dockerfile]: nodeDockerfile('gateway'),
    [SHAPES.static.dockerfile]: staticDockerfile(),
  };
}

if (require.main === module) {
  for (const [file, text] of Object.entries(dockerfiles())) {
    if (process.argv.includes('--write')) fs.writeFileSync(path.join(ROOT, file), text);
    else process.stdout.write(`==> ${file}\n${text}\n`);
  }
}

module.exports = { dockerfiles };
