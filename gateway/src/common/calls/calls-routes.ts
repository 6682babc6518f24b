import type { AppRouter } from '@ts-rest/core';
import { routesOf } from './bus-calls';

/** What the browser's client needs of the declared calls: method and path (ts-rest has no minifier; no schema, no zod). */
export function browserRoutes(router: AppRouter): unknown {
  const table: Record<string, Record<string, { method: string; path: string; responses: Record<string, null> }>> = {};
  for (const [[group, name], route] of routesOf(router)) {
    // The client checks the status against the declared ones: their codes, without the schemas.
    const responses = Object.fromEntries(Object.keys(route.responses).map((status) => [status, null]));
    (table[group] ??= {})[name] = { method: route.method, path: route.path, responses };
  }
  return table;
}
