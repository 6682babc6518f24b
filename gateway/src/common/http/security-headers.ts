import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet, { HelmetOptions } from 'helmet';

/** What the gateway's pages and API may load and run (helmet's defaults otherwise). */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd writes its styles at runtime (CSS-in-JS).
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // One frame policy: nobody may frame Afya (CSP frame-ancestors 'none' and, for old browsers, DENY; helmet's
  // default SAMEORIGIN contradicted it). nginx sends the same (infra/docker/nginx, checked by a test).
  frameguard: { action: 'deny' },
};

/**
 * helmet's response headers on every response (API, docs and static files): helmet's own middleware, built
 * once, run on each request's Node request and response from a Fastify onRequest hook (helmet is
 * Connect-style middleware over node:http objects, which Fastify exposes as `request.raw` / `reply.raw`).
 *
 * Not @fastify/helmet: it calls helmet(options) on every request, re-validating the options and rebuilding
 * the CSP header each time; measured ~0.1 ms of the gateway's CPU per request (the gateway-only path fell from
 * 0.34 to 0.20 of bare node:http; docs/decisions/0022-library-internals-replaced-by-public-surfaces.md).
 * Register before the routes and static sites.
 */
export function registerSecurityHeaders(app: NestFastifyApplication, options: HelmetOptions = SECURITY_HEADER_OPTIONS): void {
  const setSecurityHeaders = helmet(options);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)));
}
