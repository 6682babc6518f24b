import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface StaticSites {
  shellDir: string;
  /**
   * remote name (patient, doctor, admin) → its dist folder, served under /mfe/<name>/. A remote's build puts its
   * files under <version>/ and names that release in release.json (shell/webpack.parts.js VersionedReleasePlugin).
   */
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

/** A release folder's name, as VersionedReleasePlugin writes it: `<x.y.z>-<8 hex>`. */
const RELEASE_VERSION = /^\d+\.\d+\.\d+-[0-9a-f]{8}$/;

/**
 * Under a remote's folder: everything in a release folder (<version>/, remoteEntry.js and mf-manifest.json
 * included) is immutable, since a changed byte is a new version; anything else (release.json) is revalidated.
 */
export function remoteCacheControlFor(remoteDir: string, file: string): string {
  const [first, ...rest] = relative(remoteDir, file).split(sep);
  return rest.length && RELEASE_VERSION.test(first) ? 'public, max-age=31536000, immutable' : cacheControlFor(file);
}

export interface RemoteRelease {
  name: string;
  version: string;
  requiredShell?: string;
  /** the release's manifest, relative to the remote's folder: `<version>/mf-manifest.json` */
  manifest: string;
}

/** The release a remote's folder holds (its release.json), or null when it has none. */
export function readRelease(remoteDir: string): RemoteRelease | null {
  const file = join(remoteDir, 'release.json');
  if (!existsSync(file)) return null;
  const release = JSON.parse(readFileSync(file, 'utf8')) as RemoteRelease;
  if (typeof release.name !== 'string' || !RELEASE_VERSION.test(release.version) || release.manifest !== `${release.version}/mf-manifest.json`) {
    throw new Error(`${file} is not a release description (name, version <x.y.z>-<hex8>, manifest <version>/mf-manifest.json)`);
  }
  return release;
}

/**
 * The shell's /config/remotes.json for the builds on disk: each remote's container name → the manifest of
 * the release its folder holds (`/mfe/patient/0.1.0-3f9a1c2e/mf-manifest.json`). In a cluster the same file
 * is a ConfigMap that ops edit to roll a remote forward or back (k8s/README.md "Frontend releases").
 */
export function remotesConfigFor(remotes: Record<string, string>): Record<string, string> {
  const config: Record<string, string> = {};
  for (const [name, dir] of Object.entries(remotes)) {
    const release = readRelease(dir);
    if (release) config[release.name] = `/mfe/${name}/${release.manifest}`;
  }
  return config;
}

/**
 * The build writes `<file>.br` and `<file>.gz` beside each text asset (shell/webpack.parts.js PrecompressPlugin):
 * @fastify/static picks the one the browser accepts (brotli first), sets Content-Encoding and
 * `Vary: Accept-Encoding`, and falls back to the plain file.
 */
const STATIC_OPTIONS = { preCompressed: true, cacheControl: false, setHeaders: cacheHeaders } as const;

/**
 * Local mode (npm start): the gateway also serves the web app, like the Ingress does in a cluster:
 * /mfe/<name>/ → that remote (its releases under /mfe/<name>/<version>/), /config/remotes.json → the release of
 * each remote on disk, other GETs → the shell, with index.html for client-side routes.
 * Missing remote files stay 404 so the shell can show its fallback.
 */
export async function registerStaticSites(fastify: FastifyInstance, sites: StaticSites): Promise<void> {
  for (const [name, dir] of Object.entries(sites.remotes)) {
    if (!existsSync(dir)) continue;
    const setHeaders = (reply: FastifyReply, file: string) => reply.header('cache-control', remoteCacheControlFor(dir, file));
    await fastify.register(fastifyStatic, { ...STATIC_OPTIONS, setHeaders, root: dir, prefix: `/mfe/${name}/`, decorateReply: false, wildcard: true });
  }
  // Read on each request: a remote rebuilt while the gateway runs is pinned at once (local mode only).
  fastify.get('/config/remotes.json', (_request, reply) => reply.header('cache-control', 'no-cache').send(remotesConfigFor(sites.remotes)));
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
