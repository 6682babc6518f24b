/// <reference lib="webworker" />
/**
 * Afya's service worker (issue 35, decision 0100): a phone that opened Afya once opens it again without the network,
 * and a repeat visit fetches almost nothing. Built from Workbox's routing and strategies (no precache: the first visit
 * downloads nothing more than the page itself needs).
 *
 * - Pages (navigations): network first, the last page HTML kept under one key (every route is the same index.html);
 *   after 4 s without an answer, or offline, the kept one is shown and the app says it is offline.
 * - Hashed files (the shell's chunks, a remote's release under /mfe/<name>/<version>/): cache first. A changed byte is
 *   a new name, so a kept file is never stale.
 * - Entry files (main.js, remoteEntry.js, the manifests, /config/remotes.json): network first, kept for offline.
 * - Never the API: no personal data is kept by the worker (a shared phone's next user must not find it).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { clientsClaim } from 'workbox-core';
import { isHashedAsset, isShellEntry } from './routes';

declare const self: ServiceWorkerGlobalScope;

// A new worker takes over open pages at once: it only caches files, so an old page and a new worker agree.
void self.skipWaiting();
clientsClaim();

const PAGES = 'afya-pages';
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: 4,
    plugins: [{ cacheKeyWillBeUsed: async () => '/index.html' }],
  }),
);

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isHashedAsset(url.pathname),
  new CacheFirst({ cacheName: 'afya-assets', plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true })] }),
);

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isShellEntry(url.pathname),
  new NetworkFirst({ cacheName: 'afya-entries', networkTimeoutSeconds: 4 }),
);
