import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface StaticSites {
  shellDir: string;
  /** remote name (patient, doctor, admin) → its dist folder, served under /mfe/<name>/ */
  remotes: Record<string, string>;
}

/** Parses STATIC_MFE_DIRS: "patient=/abs/dist,doctor=/abs/dist". */
export function parseRemoteDirs(value: string | undefined): Record<string, string> {
  const remotes: Record<string, string> = {};
  for (const part of (value ?? '').split(',')) {
    const [name, dir] = part.split('=').map((s) => s?.trim());
    if (name && dir) remotes[name] = resolve(dir);
  }
  return remotes;
}

export function staticSitesFromEnv(): StaticSites | null {
  const shellDir = process.env.STATIC_SHELL_DIR;
  if (!shellDir) return null;
  return { shellDir: resolve(shellDir), remotes: parseRemoteDirs(process.env.STATIC_MFE_DIRS) };
}

/** A content-hashed build file (`273.b5f18c0f.js`, `x.0f0f9ce4.js.br`): its name changes whenever its bytes do. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.(br|gz))?$/i;

/** Content-hashed files are immutable; entry files (index.html, remoteEntry, manifests) are always revalidated. */
export function cacheControlFor(path: string): string {
  return HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function cacheHeaders(reply: FastifyReply, path: string): void {
  reply.header('cache-control', cacheControlFor(path));
}

/**
 * The build writes `<file>.br` and `<file>.gz` beside each text asset (shell/webpack.parts.js PrecompressPlugin):
 * @fastify/static picks the one the browser accepts (brotli first), sets Content-Encoding and
 * `Vary: Accept-Encoding`, and falls back to the plain file.
 */
const STATIC_OPTIONS = { preCompressed: true, cacheControl: false, setHeaders: cacheHeaders } as const;

/**
 * Local mode (npm start): the gateway also serves the web app, like the Ingress does in a cluster:
 * /mfe/<name>/ → that remote, other GETs → the shell, with index.html for client-side routes.
 * Missing remote files stay 404 so the shell can show its fallback.
 */
export async function registerStaticSites(fastify: FastifyInstance, sites: StaticSites): Promise<void> {
  for (const [name, dir] of Object.entries(sites.remotes)) {
    if (!existsSync(dir)) continue;
    await fastify.register(fastifyStatic, { ...STATIC_OPTIONS, root: dir, prefix: `/mfe/${name}/`, decorateReply: false, wildcard: true });
  }
  await fastify.register(fastifyStatic, { ...STATIC_OPTIONS, root: sites.shellDir, prefix: '/', wildcard: false });
  const indexHtml = join(sites.shellDir, 'index.html');
  fastify.get('/*', (request, reply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/') || path.startsWith('/mfe/') || /\.[a-z0-9]+$/i.test(path) || !existsSync(indexHtml)) {
      return reply.status(404).send({ statusCode: 404, message: 'Not found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', sites.shellDir);
  });
}
