import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BodyTooLargeError, bodyLimitFor } from './body-limits';
import { jsonDepthExceeds, MAX_INPUT_DEPTH } from './safe-input';

/** A body nested deeper than MAX_INPUT_DEPTH: 400 through the exception filter (a Fastify client error). */
export class JsonTooDeepError extends Error {
  readonly statusCode = 400;
  constructor() {
    super(`JSON nested deeper than ${MAX_INPUT_DEPTH} levels`);
  }
}

/** Fastify's default JSON parser is its callback form (its type is the union of both forms). */
type CallbackJsonParser = (request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => void;

/**
 * JSON bodies as Fastify parses them (its own default parser, with prototype-poisoning protection), except
 * that an empty body is no body. Fastify refuses an empty `application/json` body with 400 ("Body cannot be
 * empty when content-type is set to application/json"), and clients (ours included) send that content type
 * on a DELETE without a body. A route that needs a body still gets its DTO's validation message.
 */
export function acceptEmptyJsonBodies(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = fastify.initialConfig;
  const parseJson = fastify.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning) as CallbackJsonParser;
  // Nest's public hook for a body parser: it replaces the one Nest would register for this type.
  app.useBodyParser('application/json', {}, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    // Fastify read at most READ_BODY_LIMIT; most routes take less, as their body must fit in one NATS message.
    if (body.length > bodyLimitFor(request.url ?? '')) return done(new BodyTooLargeError());
    const text = body.toString('utf8');
    // Stripe signs the exact bytes it sends: its webhook (modules/payments) verifies request.rawBody, not a re-serialization.
    if (request.url === '/api/payments/stripe/webhook') (request as { rawBody?: string }).rawBody = text;
    // Counted on the text before parsing: a 60 KB body of arrays nested 10,000 deep overflowed the stack later on.
    if (jsonDepthExceeds(text)) return done(new JsonTooDeepError());
    parseJson(request, text, done);
  });
}

/** The routes that take a form body: Africa's Talking posts its SMS delivery reports and USSD steps form-encoded. */
export const FORM_BODY_ROUTE_PREFIXES = ['/api/notifications/sms/delivery-reports/', '/api/ussd/callback/'] as const;

/**
 * `application/x-www-form-urlencoded` as flat string fields, for FORM_BODY_ROUTE_PREFIXES only (elsewhere a 415, as
 * before: no other route reads forms). Repeated keys keep the first value.
 */
export function acceptProviderForms(app: NestFastifyApplication): void {
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit: 64 * 1024 }, (request, body, done) => {
    if (!FORM_BODY_ROUTE_PREFIXES.some((prefix) => request.url?.startsWith(prefix))) {
      return done(Object.assign(new Error('Unsupported Media Type: application/x-www-form-urlencoded'), { statusCode: 415 }));
    }
    const fields: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) if (!(key in fields)) fields[key] = value;
    done(null, fields);
  });
}
