/** Which same-origin files the service worker keeps, and how (sw.ts). Pure, so tested without a worker. */

/** A remote's release (/mfe/<name>/<version>/…, the version ends in a content hash) or a shell chunk named by its hash. */
export function isHashedAsset(pathname: string): boolean {
  if (/^\/mfe\/[a-z0-9-]+\/\d+\.\d+\.\d+-[0-9a-f]{8}\//.test(pathname)) return true;
  return /^\/[^/]+\.[0-9a-f]{8}\.(js|css)$/.test(pathname);
}

/** The unhashed files a page starts from: kept for offline, always asked of the network first. */
export function isShellEntry(pathname: string): boolean {
  return ['/main.js', '/remoteEntry.js', '/mf-manifest.json', '/config/remotes.json', '/favicon.svg'].includes(pathname) || /^\/mfe\/[a-z0-9-]+\/(remoteEntry\.js|mf-manifest\.json)$/.test(pathname);
}
