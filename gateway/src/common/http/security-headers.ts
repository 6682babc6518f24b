import fastifyHelmet, { FastifyHelmetOptions } from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** What the gateway's pages and API may load and run (helmet's defaults otherwise). */
export const SECURITY_HEADER_OPTIONS: FastifyHelmetOptions = {
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
};

/**
 * helmet's response headers on every response (API, docs and static files), through @fastify/helmet
 * registered on the Fastify instance. Register it before the routes and static sites it should cover.
 * @fastify/helmet runs helmet's middleware per request (re-reading the CSP options each time); that cost is
 * measured in the bench and accepted for a stock, upgradable path (DECISIONS.md).
 */
export async function registerSecurityHeaders(app: NestFastifyApplication, options: FastifyHelmetOptions = SECURITY_HEADER_OPTIONS): Promise<void> {
  await app.register(fastifyHelmet, options);
}
