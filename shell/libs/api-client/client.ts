import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import { useSession, isTokenExpired, TOKEN_EXPIRED_REASON } from '../session';
import { ApiError, TokenExpiredError } from './errors';
import { currentLanguage } from '../i18n';

export interface ApiClientOptions {
  /** '/api' in the browser; an absolute URL in tests. */
  prefixUrl?: string;
  fetch?: typeof fetch;
}

/** Paths that must not trigger "401 → clear session" (a wrong password is a 401 too). */
const NO_LOGOUT_ON_401 = [/\/auth\/login$/, /\/auth\/register$/, /\/auth\/logout$/];

/** The /api URL the client calls (absolute): the declared calls' client (calls.ts) builds its URLs on it. */
let apiBase: string | null = null;
export function apiBaseUrl(): string {
  if (!apiBase) getHttp();
  return new URL(apiBase!, typeof window !== 'undefined' && window.location?.origin !== 'null' ? window.location?.href : 'http://localhost').href;
}

export function createHttp(opts: ApiClientOptions = {}): KyInstance {
  apiBase = opts.prefixUrl ?? defaultPrefix();
  return ky.create({
    prefixUrl: apiBase,
    fetch: opts.fetch,
    timeout: false, // contract: no request timeout
    retry: 0,
    // No default Content-Type: ky sets application/json itself when a call has a JSON body, and a body-less
    // request (DELETE, a bare POST) must not claim one (Fastify answers 400 to an empty JSON body).
    hooks: {
      beforeRequest: [
        (request) => {
          // Server messages, PDFs and CSV headers in the page's language (English when the server has none).
          request.headers.set('Accept-Language', currentLanguage());
          const { token } = useSession.getState();
          if (!token) return;
          if (isTokenExpired(token)) {
            useSession.getState().clearSession(TOKEN_EXPIRED_REASON, true);
            throw new TokenExpiredError();
          }
          request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        (request, _options, response) => {
          if (response.status === 401 && !NO_LOGOUT_ON_401.some((re) => re.test(new URL(request.url).pathname))) {
            if (useSession.getState().token) useSession.getState().clearSession(undefined, true);
          }
        },
      ],
    },
  });
}

function defaultPrefix(): string {
  if (typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null') {
    return `${window.location.origin}/api`;
  }
  return '/api';
}

let http: KyInstance | null = null;
export function getHttp(): KyInstance {
  if (!http) http = createHttp();
  return http;
}
/** Replace the ky instance (tests). */
export function configureApiClient(opts: ApiClientOptions): void {
  http = createHttp(opts);
}

export async function toApiError(err: unknown, fallback: string): Promise<Error> {
  if (err instanceof TokenExpiredError) return err;
  if (err instanceof HTTPError) {
    let message = '';
    const extra: { code?: string; details?: Record<string, unknown> } = {};
    try {
      const body = (await err.response.clone().json()) as { message?: unknown; code?: unknown; details?: unknown };
      if (typeof body?.message === 'string') message = body.message;
      else if (Array.isArray(body?.message)) message = body.message.join(', ');
      if (typeof body?.code === 'string') extra.code = body.code;
      if (body?.details && typeof body.details === 'object' && !Array.isArray(body.details)) extra.details = body.details as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
    return new ApiError(message || fallback, err.response.status, message, extra);
  }
  return new ApiError(fallback, 0);
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

function clean(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

/**
 * One typed call. `fallback` is the CONTRACT.md §8 default used when the server sends no message.
 * Paths are relative to /api ('appointments', 'user/profile').
 */
export async function request<T>(
  method: Method,
  path: string,
  opts: { json?: unknown; searchParams?: Options['searchParams']; fallback?: string } = {},
): Promise<T> {
  try {
    const res = await getHttp()(clean(path), { method, json: opts.json, searchParams: opts.searchParams });
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (err) {
    throw await toApiError(err, opts.fallback ?? 'Request failed');
  }
}

/** One page of a list call: the rows (the body, a bare array) and what the paging headers say. */
export interface ListPage<T> {
  items: T[];
  /** X-Total-Count: rows in the whole list (the page's length when the header is missing). */
  total: number;
  /** The Link header's rel="next" and rel="prev" targets, when there are such pages. */
  next?: string;
  prev?: string;
}

/** The targets of an RFC 8288 Link header by relation ('<url>; rel="next", <url>; rel="prev"'). */
export function parseLinkHeader(header: string | null): Record<string, string> {
  const links: Record<string, string> = {};
  for (const match of (header ?? '').matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2])?.[1];
    if (rel) for (const name of rel.trim().split(/\s+/)) links[name.toLowerCase()] = match[1];
  }
  return links;
}

/** GET a list call: the body is the bare array; its total and neighbours come from X-Total-Count and Link. */
export async function requestList<T>(path: string, opts: { searchParams?: Options['searchParams']; fallback?: string } = {}): Promise<ListPage<T>> {
  try {
    const res = await getHttp()(clean(path), { method: 'get', searchParams: opts.searchParams });
    const items = (await res.json()) as T[];
    const total = Number(res.headers.get('x-total-count'));
    const links = parseLinkHeader(res.headers.get('link'));
    return { items, total: Number.isFinite(total) && res.headers.has('x-total-count') ? total : items.length, next: links.next, prev: links.prev };
  } catch (err) {
    throw await toApiError(err, opts.fallback ?? 'Request failed');
  }
}

export const api = {
  get: <T>(path: string, opts?: { searchParams?: Options['searchParams']; fallback?: string }) => request<T>('get', path, opts),
  /** A list call (bare array + paging headers); `T` is the row type. */
  list: <T>(path: string, opts?: { searchParams?: Options['searchParams']; fallback?: string }) => requestList<T>(path, opts),
  post: <T>(path: string, json?: unknown, opts?: { fallback?: string }) => request<T>('post', path, { ...opts, json }),
  put: <T>(path: string, json?: unknown, opts?: { fallback?: string }) => request<T>('put', path, { ...opts, json }),
  patch: <T>(path: string, json?: unknown, opts?: { fallback?: string }) => request<T>('patch', path, { ...opts, json }),
  delete: <T>(path: string, opts?: { fallback?: string }) => request<T>('delete', path, opts),
};

/** GET a binary (PDF receipt, prescription, CSV report) as a Blob. */
export async function fetchBlob(path: string, fallback = 'Download failed'): Promise<Blob> {
  try {
    return await getHttp().get(clean(path), { headers: { Accept: '*/*' } }).blob();
  } catch (err) {
    throw await toApiError(err, fallback);
  }
}

/** Saves bytes as a file, the way a link with `download` does. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * GET a binary and save it as `filename`, or with `open: true` show it in a new tab. The tab is opened at the
 * click, before the bytes arrive (popup blockers allow a tab opened by the click, not one opened later), then
 * pointed at them; `type` names the content when the browser should render it (e.g. application/pdf).
 */
export async function downloadBlob(
  path: string,
  filename: string,
  opts: { fallback?: string; open?: boolean; type?: string } = {},
): Promise<void> {
  if (!opts.open) {
    saveBlob(await fetchBlob(path, opts.fallback), filename);
    return;
  }
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchBlob(path, opts.fallback);
    const url = URL.createObjectURL(opts.type ? new Blob([blob], { type: opts.type }) : blob);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
