/**
 * oRPC's client of the declared calls (loaded by calls.ts on the first declared call, so the public pages, which make
 * none, do not download it).
 */
import { createORPCClient } from '@orpc/client';
import type { ContractRouterClient } from '@orpc/contract';
import { OpenAPILink } from '@orpc/openapi-client/fetch';
import type { CallContext, DeclaredCalls } from './calls';
import { apiBaseUrl, getHttp, toApiError } from './client';
import routes from './calls.routes.json';

export function createCallsClient(): ContractRouterClient<DeclaredCalls, CallContext> {
  const link = new OpenAPILink<CallContext>(routes as unknown as DeclaredCalls, {
    url: () => apiBaseUrl(),
    async fetch(request, _init, options) {
      if (options.context.idempotencyKey) request.headers.set('Idempotency-Key', options.context.idempotencyKey);
      try {
        return await getHttp()(request);
      } catch (error) {
        throw await toApiError(error, options.context.fallback ?? 'Request failed');
      }
    },
  });
  return createORPCClient(link);
}
