import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getProcessLogger, languageFromAcceptLanguage, Logger, RequestContext, runWithRequestContext } from '@afya/service-shared';
import { redactPath } from '../http/provider-callbacks';

/**
 * Each request's RequestContext, born here with Fastify's request id (x-request-id when the caller sent a sane one,
 * else a UUID: gateway.app.ts genReqId): every line the request causes in the gateway, the bus envelope
 * (ServiceClient) and, through the services, the events it records carry it. Other hooks may add fields to the same
 * object (currentRequestContext() returns it) and they travel too.
 *
 * Fastify runs onRequest in the request's async context but parses the body on the socket's events, which lose it;
 * the AsyncResource made in onRequest takes the handler (guards, Nest, the bus call) back into it at preHandler.
 */
const scopes = new WeakMap<FastifyRequest, AsyncResource>(); // gone with the request

export interface RequestLoggingOptions {
  /** One access line per request (method, path, route, status, ms); ACCESS_LOG=false turns it off. */
  accessLog?: boolean;
  logger?: Logger;
}

/**
 * The path without its query (queries can hold what we never log: a searched phone number) and without secrets: the
 * path parameters of every route declared a provider callback (common/http/provider-callbacks.ts), such as the
 * token in M-Pesa's callback URL or in Africa's Talking's delivery-report URL.
 */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return redactPath(query === -1 ? url : url.slice(0, query));
}

export function registerRequestLogging(fastify: FastifyInstance, options: RequestLoggingOptions = {}): void {
  const logger = options.logger ?? getProcessLogger();
  fastify.addHook('onRequest', (request, _reply, done) => {
    // The language travels with the request: services write PDFs in it (and the reply's messages are translated here).
    const context: RequestContext = { requestId: request.id, language: languageFromAcceptLanguage(request.headers['accept-language']) };
    runWithRequestContext(context, () => {
      scopes.set(request, new AsyncResource('afya.request'));
      done();
    });
  });
  fastify.addHook('preHandler', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
  if (options.accessLog ?? process.env.ACCESS_LOG !== 'false') {
    fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      const status = reply.statusCode;
      const user = (request as { user?: { userId?: number; role?: string } }).user;
      const fields = {
        context: 'http',
        requestId: request.id,
        method: request.method,
        path: pathOf(request.url),
        route: request.routeOptions?.url,
        status,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(user?.userId !== undefined ? { userId: user.userId, role: user.role } : {}),
      };
      if (status >= 500) logger.warn(fields, `${request.method} ${fields.path} ${status}`);
      else logger.info(fields, `${request.method} ${fields.path} ${status}`);
      done();
    });
  }
}
