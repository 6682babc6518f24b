import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router-dom';
import { assertShellCompatible } from './shell-compat';

export type RemoteName = 'mfe_patient' | 'mfe_doctor' | 'mfe_admin';

export const REMOTE_NAMES: readonly RemoteName[] = ['mfe_patient', 'mfe_doctor', 'mfe_admin'];

/**
 * /config/remotes.json: each remote's manifest URL, which names the release it runs
 * (`/mfe/patient/0.1.0-3f9a1c2e/mf-manifest.json`, or a full URL on another origin). It is deployment
 * configuration (a ConfigMap in the cluster, the gateway's static serving locally), so a rollout or rollback of
 * a remote is a change of this file and no shell rebuild. There is no built-in default: which release runs is
 * not something the shell's build can know.
 */
export type RemotesConfig = Partial<Record<RemoteName, string>>;

export class RemotesConfigUnavailableError extends Error {
  constructor(reason: string) {
    super(`/config/remotes.json could not be read: ${reason}`);
    this.name = 'RemotesConfigUnavailableError';
  }
}

/** Reads /config/remotes.json, revalidated on every page load (it is served no-cache). */
export async function fetchRemotesConfig(fetchImpl?: typeof fetch): Promise<RemotesConfig> {
  const doFetch = fetchImpl ?? globalThis.fetch;
  if (typeof doFetch !== 'function') throw new RemotesConfigUnavailableError('fetch unavailable');
  let body: unknown;
  try {
    const res = await doFetch('/config/remotes.json', { cache: 'no-cache' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = await res.json();
  } catch (error) {
    throw new RemotesConfigUnavailableError(error instanceof Error ? error.message : String(error));
  }
  if (!body || typeof body !== 'object') throw new RemotesConfigUnavailableError('not a JSON object');
  const out: RemotesConfig = {};
  for (const n of REMOTE_NAMES) {
    const entry = (body as Record<string, unknown>)[n];
    if (typeof entry === 'string' && entry) out[n] = entry;
  }
  return out;
}

let ready: Promise<RemotesConfig> | null = null;
/** What the federation runtime was given, per remote. */
const registered = new Map<RemoteName, string>();

/**
 * Fetches the config once and registers the remotes it names. A failed fetch is not kept: the next call
 * fetches again. `refresh` (a Retry) re-reads it and re-registers `refresh` itself and any remote whose release
 * changed meanwhile (force: the runtime drops what it cached for them, a failed manifest included); a remote
 * this tab already runs and whose release is unchanged is left alone.
 */
export function initRemotes(opts: { refresh?: RemoteName } = {}): Promise<RemotesConfig> {
  if (!ready || opts.refresh) {
    const attempt = fetchRemotesConfig().then((cfg) => {
      const fresh = REMOTE_NAMES.filter((name) => cfg[name] && !registered.has(name));
      const changed = REMOTE_NAMES.filter((name) => cfg[name] && registered.has(name) && (registered.get(name) !== cfg[name] || name === opts.refresh));
      if (fresh.length) registerRemotes(fresh.map((name) => ({ name, entry: cfg[name]! })));
      if (changed.length) registerRemotes(changed.map((name) => ({ name, entry: cfg[name]! })), { force: true });
      for (const name of [...fresh, ...changed]) registered.set(name, cfg[name]!);
      return cfg;
    });
    ready = attempt;
    attempt.catch(() => {
      if (ready === attempt) ready = null;
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

/**
 * Loads `<remote>/routes` (its route table for /dashboard/*). Throws when the remote is down, and
 * ShellVersionMismatchError when the remote needs shell libs this page's shell does not have.
 */
export async function loadRemoteRoutes(name: RemoteName, opts: { retry?: boolean } = {}): Promise<RouteObject[]> {
  // On Retry, re-read the config and drop the cached (failed) entry so the manifest and remoteEntry are fetched again.
  const cfg = await initRemotes(opts.retry ? { refresh: name } : {});
  if (!cfg[name]) throw new Error(`/config/remotes.json names no release of ${name}`);
  const mod = await loadRemote<{ default?: RouteObject[]; routes?: RouteObject[]; requiredShell?: unknown }>(`${name}/routes`);
  if (!mod || isRemoteLoadFailure(mod)) {
    const reason = isRemoteLoadFailure(mod) ? mod.error : undefined;
    throw new Error(`Could not load ${name}${reason instanceof Error ? `: ${reason.message}` : ''}`);
  }
  assertShellCompatible(name, mod.requiredShell);
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
