import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * `Cache-Control: no-store` on every /api response to a request that carried credentials (errors included):
 * no browser, proxy or shared cache keeps a patient's data. Public /api answers (health, docs, profile pictures
 * fetched by <img> without a token) keep their own caching.
 */
export function registerNoStore(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (request, reply, payload, done) => {
      if (request.headers.authorization !== undefined && request.url.startsWith('/api')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
}
