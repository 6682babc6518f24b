/**
 * One declaration per HTTP call (issue 34), written in the owning service's contracts (`contracts/calls.ts`) with oRPC's
 * contract builder: method, path, summary, the roles that may call it, the bus subject the gateway forwards it to,
 * the path/query/body schemas and the reply schema. Everything else derives from it: the gateway's route, role check
 * and validation (gateway/src/common/calls), /api/docs, the browser's typed client and its TanStack Query keys
 * (shell/libs/api-client/calls.ts). docs/decisions/0095-one-declaration-per-call.md says why oRPC and how to move a call.
 *
 * Its own entry point (`@afya/service-shared/calls`), so only contracts that declare calls load oRPC. Pure: zod and @orpc/contract (no Node, no Nest), so the browser may read a contract's declarations.
 */
import { oc, type, type Schema } from '@orpc/contract';
import { z } from 'zod';

/** What the gateway needs beyond the route: who may call (none listed: any signed-in user) and where it goes. */
export interface CallMeta {
  /** The bus pattern (without the namespace) the gateway sends the call to. */
  subject: string;
  /** Only these roles (CONTRACT.md §6); others get 403. Leave out for every signed-in role. */
  roles?: readonly ('user' | 'doctor' | 'admin')[];
  /**
   * A list call: the reply is one page (bare array), total and links in X-Total-Count and Link; the gateway sends the
   * page asked for (`limit`, `offset`, defaulted). `'counted'`: the service pages the list itself from the query as
   * sent (`page`, `limit`) and the reply carries X-Total-Count only, no Link.
   */
  list?: boolean | 'counted';
  /** How long the gateway waits for the service (ms), for a call that waits on a provider; else the bus default. */
  timeoutMs?: number;
  /** Reachable by a user who still has to replace their one-time password (the gateway's @AllowedBeforePasswordChange). */
  allowedBeforePasswordChange?: boolean;
  /** Answered without a token (the gateway's @Public(); documented with `security: []`): sign-in, registration, contact. */
  public?: boolean;
  /**
   * Takes an `Idempotency-Key` header (the IETF httpapi draft's name, as Stripe uses it): a retry of the same request
   * with the same key gets the first attempt's reply instead of doing it again (decision 0099). Without the header the
   * call behaves as it always has.
   */
  idempotencyKey?: boolean;
}

/**
 * The builder every declaration starts from. Inputs are `{ params, query, body }` (oRPC's "detailed" input), so the
 * browser calls `client.appointments.reschedule({ params: { id }, body })`.
 */
export const call = oc.$meta<CallMeta>({ subject: '' }).$route({ inputStructure: 'detailed' });

/** A request body: a missing body is an empty object, so each required field says what it lacks (as before). */
export function bodyOf<T extends z.ZodType<object, object>>(schema: T) {
  return schema.prefault({} as z.input<T>);
}

/** A query: no query string at all is an empty object. */
export function queryOf<T extends z.ZodType<object, object>>(schema: T) {
  return schema.prefault({} as z.input<T>);
}

/**
 * A reply schema as a call declares it. The schema documents the reply (/api/docs) and types it (the browser's
 * client, `z.output`), but the gateway does not parse a service's reply again: services build their replies from
 * the same contract, a list arrives as JSON text the gateway passes on unparsed (JsonText), and parsing would strip
 * any field a schema forgot instead of sending what the service sent.
 */
export type DeclaredReply<T extends z.ZodType> = Schema<z.output<T>, z.output<T>> & { readonly declared: T };

export function reply<T extends z.ZodType>(schema: T): DeclaredReply<T> {
  // oRPC's type(): a schema that passes any value on and only carries the type.
  const passOn = type<unknown>() as unknown as Schema<z.output<T>, z.output<T>>;
  return Object.assign(passOn, { declared: schema });
}

export function isDeclaredReply(schema: unknown): schema is DeclaredReply<z.ZodType> {
  return typeof schema === 'object' && schema !== null && 'declared' in schema && (schema as { declared: unknown }).declared instanceof z.ZodType;
}

/** A declared call's input as validated: `{ params?, query?, body? }`. */
type InputOf<C> = C extends { '~orpc': { inputSchema?: infer S } } ? (S extends z.ZodType ? z.output<S> : never) : never;
type Part<I, K extends string> = K extends keyof I ? NonNullable<I[K]> : unknown;

/**
 * What the owning service receives on the bus for a declared call (the gateway's `forward`): the body as validated
 * when the call has neither path parameters nor a query, else the path parameters, the query and the body's fields in
 * one object (`{ id, status }` for a ticket's status); as JSON carries it, a field that may be undefined may be absent. A service types its handler's payload with it, so the payload
 * is never written by hand beside the schemas. (A list call's page, `limit` and `offset`, comes with its query.)
 */
export type PayloadOf<C> = OnTheWire<
  InputOf<C> extends infer I
    ? ('params' extends keyof I ? true : 'query' extends keyof I ? true : false) extends true
      ? Part<I, 'params'> & Part<I, 'query'> & Part<I, 'body'>
      : Part<I, 'body'>
    : never
>;
/** As JSON carries it: a field whose value may be undefined may be absent. */
type OnTheWire<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] };

/** The paging headers of a list reply (the names as documented; HTTP header names are case-insensitive). */
export const PagingHeadersSchema = z.object({
  'X-Total-Count': z.string().meta({ description: 'Rows in the whole list' }),
  Link: z.string().optional().meta({ description: 'RFC 8288 links to the neighbouring pages: rel="next", rel="prev" (same call, limit and offset set)' }),
});

/** A list call's reply: the bare array of one page as the body, paging in the headers (declare with `outputStructure: 'detailed'`). */
export function listOf<T extends z.ZodType>(row: T) {
  return reply(z.object({ headers: PagingHeadersSchema, body: z.array(row) }));
}
