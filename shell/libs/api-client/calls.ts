/**
 * The typed client of the calls declared in the services' contracts (issue 34): `calls.appointments.book({ body })`,
 * `calls.appointments.listOwn({ query })`, each typed from its declaration (input schemas, reply schema). The page
 * needs only the routes (calls.routes.json, derived from the declarations by the gateway's calls-routes.spec.ts), so
 * no schema and no zod is downloaded. Requests go through the same ky instance as `api` (token, expiry, 401 → sign
 * out, Accept-Language) and fail with the same ApiError (the server's message, else the call's `fallback`).
 *
 * TanStack Query keys come from the same table: `callKey('appointments', 'listOwn', input)` is
 * `['appointments', 'listOwn', input]`, under the group's prefix, so invalidating `queryKeys.appointments` (a booking,
 * a payment, a change on another screen) refreshes declared and not-yet-declared calls alike. (@orpc/tanstack-query's
 * keys, `[['appointments', 'listOwn'], { type, input }]`, do not nest under those prefixes.)
 */
import type { ContractRouterClient, InferContractRouterInputs } from '@orpc/contract';
import type { AppointmentCalls } from '@afya/appointment-service/contracts';
import type { PaymentCalls } from '@afya/payment-service/contracts';
import type { PrescriptionCalls, VitalsCalls } from '@afya/prescription-service/contracts';
import type { ReportingCalls } from '@afya/reporting-service/contracts';
import type { AuthCalls } from '@afya/auth-service/contracts';
import type { SupportCalls } from '@afya/support-service/contracts';
import { type ListPage, parseLinkHeader } from './client';

/** The declared calls by the client's names (the gateway serves the same table: common/calls/calls.module.ts). */
export type DeclaredCalls = {
  appointments: typeof AppointmentCalls;
  payments: typeof PaymentCalls;
  prescriptions: typeof PrescriptionCalls;
  reporting: typeof ReportingCalls;
  auth: typeof AuthCalls;
  support: typeof SupportCalls;
  vitals: typeof VitalsCalls;
};

/** Per call: the text shown when the server sends no message of its own (CONTRACT.md §8). */
export interface CallContext {
  fallback?: string;
  /** Sent as the Idempotency-Key header, on the calls that take one (withSubmissionKey makes it). */
  idempotencyKey?: string;
}

type CallsClient = ContractRouterClient<DeclaredCalls, CallContext>;
type AnyCall = (input: unknown, options?: unknown) => Promise<unknown>;

let client: Promise<CallsClient> | null = null;
/** oRPC's client, loaded on the first declared call (calls-client.ts; its own chunk, not on the public pages). */
function loadClient(): Promise<CallsClient> {
  client ??= import('./calls-client').then(({ createCallsClient }) => createCallsClient());
  return client;
}

/** Tests: answer the declared calls with `stub` (a function per call) instead of oRPC's client and HTTP (shell/test/declared-calls.ts). */
export function configureCallsClient(stub: unknown): void {
  client = Promise.resolve(stub as CallsClient);
}

/** `calls.<group>.<call>(input, { context })`: typed from the declarations, oRPC's client behind it. */
export const calls = new Proxy({} as CallsClient, {
  get: (_target, group: string) =>
    new Proxy({}, {
      get: (_calls, call: string) => async (input: unknown, options?: unknown) => {
        const loaded = (await loadClient()) as unknown as Record<string, Record<string, AnyCall>>;
        return loaded[group][call](input, options);
      },
    }),
});

type Inputs = InferContractRouterInputs<DeclaredCalls>;

/** The TanStack Query key of a declared call's answer to `input` (see above). */
export function callKey<G extends keyof DeclaredCalls, C extends keyof DeclaredCalls[G] & keyof Inputs[G] & string>(group: G, call: C, input?: Inputs[G][C]) {
  return input === undefined ? ([group, call] as const) : ([group, call, input] as const);
}

/** A list call's reply as a page: the rows, X-Total-Count and the Link header's neighbours (header names in any case). */
export function listPage<T>(reply: { headers: Record<string, string | undefined>; body: T[] }): ListPage<T> {
  const header = (name: string) => Object.entries(reply.headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const total = Number(header('x-total-count'));
  const links = parseLinkHeader(header('link') ?? null);
  return { items: reply.body, total: Number.isFinite(total) && header('x-total-count') !== undefined ? total : reply.body.length, next: links.next, prev: links.prev };
}
