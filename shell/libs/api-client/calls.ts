/**
 * The typed client of the calls declared in the services' contracts (issue 34), PROTOTYPE WITH ts-rest:
 * `calls.appointments.book({ body })` answers `{ status, body, headers }`, each typed from the declaration.
 * Requests go through the same ky instance as `api`; a refusal throws the same ApiError.
 */
import { type ApiFetcherArgs, initClient } from '@ts-rest/core';
import type { AppointmentCalls } from '@afya/appointment-service/contracts';
import { apiBaseUrl, getHttp, toApiError, type ListPage, parseLinkHeader } from './client';
import routes from './calls.routes.json';

export type DeclaredCalls = { appointments: typeof AppointmentCalls };

/** Per call: the text shown when the server sends no message of its own (CONTRACT.md §8). */
export interface CallContext {
  fallback?: string;
}

async function send(args: ApiFetcherArgs & CallContext) {
  try {
    const response = await getHttp()(new Request(args.path, { method: args.method, headers: args.headers, body: args.body ?? undefined }));
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
  } catch (error) {
    throw await toApiError(error, args.fallback ?? 'Request failed');
  }
}

/** ts-rest needs the contract at run time only for method and path: the routes file, not the schemas. */
const appointments = initClient(routes.appointments as unknown as DeclaredCalls['appointments'], {
  baseUrl: '',
  baseHeaders: {},
  api: (args: ApiFetcherArgs & CallContext) => send({ ...args, path: `${apiBaseUrl()}${args.path}` }),
  throwOnUnknownStatus: true,
});

export const calls = { appointments };

/** A list call's reply as a page (X-Total-Count and Link from the response headers). */
export function listPage<T>(reply: { headers: Headers; body: T[] }): ListPage<T> {
  const total = Number(reply.headers.get('x-total-count'));
  const links = parseLinkHeader(reply.headers.get('link'));
  return { items: reply.body, total: Number.isFinite(total) && reply.headers.has('x-total-count') ? total : reply.body.length, next: links.next, prev: links.prev };
}

/** The TanStack Query key of a declared call's answer: under the group's prefix (queryKeys.appointments). */
export function callKey<G extends keyof DeclaredCalls, C extends keyof DeclaredCalls[G] & string>(group: G, call: C, input?: unknown) {
  return input === undefined ? ([group, call] as const) : ([group, call, input] as const);
}
