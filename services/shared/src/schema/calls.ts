/**
 * One declaration per HTTP call (issue 34), PROTOTYPE WITH ts-rest: written in the owning service's contracts
 * (`contracts/calls.ts`) with ts-rest's contract builder: method, path, summary, the body/query schemas, a reply
 * schema per status, and in `metadata` the roles and the bus subject the gateway forwards the call to.
 *
 * Its own entry point (`@afya/service-shared/calls`). Pure: zod and @ts-rest/core.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';

/** What the gateway needs beyond the route: who may call (none listed: any signed-in user) and where it goes. */
export interface CallMeta {
  subject: string;
  roles?: readonly ('user' | 'doctor' | 'admin')[];
  /** A list call: the reply is one page (bare array), total and links in X-Total-Count and Link. */
  list?: boolean;
}

export const contract = initContract();

/** A request body: a missing body is an empty object, so each required field says what it lacks (as before). */
export function bodyOf<T extends z.ZodType<object, object>>(schema: T) {
  return schema.prefault({} as z.input<T>);
}

/** A query: no query string at all is an empty object. */
export function queryOf<T extends z.ZodType<object, object>>(schema: T) {
  return schema.prefault({} as z.input<T>);
}

/** The gateway's part of a declaration (ts-rest keeps it as `metadata`). */
export function meta(value: CallMeta): CallMeta {
  return value;
}
