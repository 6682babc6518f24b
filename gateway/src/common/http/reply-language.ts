import type { FastifyInstance } from 'fastify';
import { languageFromAcceptLanguage, MessageLanguage, translateMessage } from '@afya/service-shared';

/** How deep into a reply a payment's reasons are looked for (a list of payments: reply → array → item). */
const MAX_DEPTH = 3;

/**
 * A payment's reasons the server writes: why it failed (the provider's result), why it was refunded (an automatic
 * refund's reason; an admin's typed reason is not in the catalogue and stays as written).
 */
export const REASON_FIELDS: readonly string[] = ['failure_reason', 'refund_reason'];

function translateReasons(value: unknown, language: MessageLanguage, depth: number): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) translateReasons(item, language, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const field = record[key];
    if (REASON_FIELDS.includes(key)) {
      if (typeof field === 'string') record[key] = translateMessage(field, language);
    } else translateReasons(field, language, depth + 1);
  }
}

/**
 * The one place server messages meet the reader's language: every JSON reply (successes and the exception
 * filter's error bodies alike) leaves with its `message`, its validation `errors` and any payment's
 * `failure_reason` and `refund_reason` in the language of the request's Accept-Language. English texts are the catalogue's keys, so
 * services and DTOs keep writing English whatever declares them; a client asking for no language we speak gets
 * the English exactly as written. Only top-level `message`: nested ones can be what a person typed (a ticket's
 * messages).
 */
export function registerReplyTranslation(fastify: FastifyInstance): void {
  fastify.addHook('preSerialization', (request, reply, payload: unknown, done) => {
    // Added to what Vary already lists (another hook may have set it), never in place of it.
    const vary = reply.getHeader('vary');
    const listed = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
    if (!/(^|,)\s*accept-language\s*(,|$)/i.test(listed)) void reply.header('vary', listed ? `${listed}, Accept-Language` : 'Accept-Language');
    const language = languageFromAcceptLanguage(request.headers['accept-language']);
    if (language === 'en' || payload === null || typeof payload !== 'object') return done(null, payload);
    // A copy as it will be sent (toJSON applied): a reply object may be shared (a cached value).
    const translated = JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;
    if (!Array.isArray(translated)) {
      if (typeof translated.message === 'string') translated.message = translateMessage(translated.message, language);
      if (Array.isArray(translated.errors)) translated.errors = translated.errors.map((error) => (typeof error === 'string' ? translateMessage(error, language) : error));
    }
    translateReasons(translated, language, 0);
    void reply.header('content-language', language);
    done(null, translated);
  });
}
