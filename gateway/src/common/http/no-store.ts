import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Answers that hand out a token (sign-in, registration) though the request carried none. */
const ISSUES_TOKENS = /^\/api\/auth\/(login|register)\/?(\?|$)/;

/**
 * `Cache-Control: no-store` on every /api response to a request that carried credentials (errors included), and on
 * the sign-in and registration answers, which carry a token: no browser, proxy or shared cache keeps a patient's
 * data or a session. Public /api answers (health, docs, profile pictures fetched by <img> without a token) keep
 * their own caching.
 */
export function registerNoStore(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (request, reply, payload, done) => {
      if ((request.headers.authorization !== undefined && request.url.startsWith('/api')) || ISSUES_TOKENS.test(request.url)) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
}
