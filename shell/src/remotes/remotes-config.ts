import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router-dom';

export type RemoteName = 'mfe_patient' | 'mfe_doctor' | 'mfe_admin';

/** Used when /config/remotes.json cannot be fetched. */
export const DEFAULT_REMOTES: Record<RemoteName, string> = {
  mfe_patient: '/mfe/patient/mf-manifest.json',
  mfe_doctor: '/mfe/doctor/mf-manifest.json',
  mfe_admin: '/mfe/admin/mf-manifest.json',
};

const NAMES = Object.keys(DEFAULT_REMOTES) as RemoteName[];

/** Reads /config/remotes.json (runtime configuration: moving a remote needs no shell rebuild). */
export async function fetchRemotesConfig(fetchImpl?: typeof fetch): Promise<Record<RemoteName, string>> {
  try {
    const doFetch = fetchImpl ?? globalThis.fetch;
    if (typeof doFetch !== 'function') throw new Error('fetch unavailable');
    const res = await doFetch('/config/remotes.json', { cache: 'no-cache' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as Partial<Record<string, unknown>>;
    const out = { ...DEFAULT_REMOTES };
    for (const n of NAMES) if (typeof body[n] === 'string' && body[n]) out[n] = body[n] as string;
    return out;
  } catch {
    return { ...DEFAULT_REMOTES };
  }
}

let config: Record<RemoteName, string> | null = null;
let ready: Promise<Record<RemoteName, string>> | null = null;

/** Fetches the config once and registers the three remotes. */
export function initRemotes(): Promise<Record<RemoteName, string>> {
  if (!ready) {
    ready = fetchRemotesConfig().then((cfg) => {
      config = cfg;
      registerRemotes(NAMES.map((name) => ({ name, entry: cfg[name] })));
      return cfg;
    });
  }
  return ready;
}

/** Marker returned by the errorLoadRemote runtime plugin instead of throwing. */
export interface RemoteLoadFailure {
  __remoteLoadFailed: true;
  id: string;
  error: unknown;
}
export function isRemoteLoadFailure(v: unknown): v is RemoteLoadFailure {
  return !!v && typeof v === 'object' && (v as RemoteLoadFailure).__remoteLoadFailed === true;
}

/** Loads `<remote>/routes` (its route table for /dashboard/*). Throws when the remote is down. */
export async function loadRemoteRoutes(name: RemoteName, opts: { retry?: boolean } = {}): Promise<RouteObject[]> {
  const cfg = await initRemotes();
  if (opts.retry) {
    // Drop the cached (failed) entry so the manifest and remoteEntry are fetched again.
    registerRemotes([{ name, entry: (config ?? cfg)[name] }], { force: true });
  }
  const mod = await loadRemote<{ default?: RouteObject[]; routes?: RouteObject[] }>(`${name}/routes`);
  if (!mod || isRemoteLoadFailure(mod)) {
    const reason = isRemoteLoadFailure(mod) ? mod.error : undefined;
    throw new Error(`Could not load ${name}${reason instanceof Error ? `: ${reason.message}` : ''}`);
  }
  const routes = mod.default ?? mod.routes;
  if (!Array.isArray(routes)) throw new Error(`${name}/routes exposes no route table`);
  return routes;
}

export function remoteForRole(role: string | undefined | null): RemoteName | null {
  if (role === 'user') return 'mfe_patient';
  if (role === 'doctor') return 'mfe_doctor';
  if (role === 'admin') return 'mfe_admin';
  return null;
}
