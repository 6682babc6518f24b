import { type AnyContractRouter, minifyContractRouter } from '@orpc/contract';

/**
 * What the browser's client needs of the declared calls: each call's route (method, path, input and output structure),
 * as oRPC's minified contract, without the schemas (they would bring zod into the page) and without the gateway's meta
 * (bus subjects, roles). shell/libs/api-client/calls.routes.json holds it; calls-routes.spec.ts keeps it current.
 */
export function browserRoutes(router: AnyContractRouter): unknown {
  return JSON.parse(JSON.stringify(minifyContractRouter(router), (key, value: unknown) => (key === 'meta' ? {} : value)));
}
