import { MAX_PICTURE_BYTES } from '@afya/auth-service/contracts';

/**
 * How big a request body may be (issue 22, item 8). A JSON body crosses NATS inside the request envelope, and
 * NATS carries at most 1 MiB per message (nats-server's default max_payload, and most managed servers'): a body
 * the bus cannot carry must be refused here with 413, never reach the bus and come back as a 500.
 */
export const NATS_MAX_PAYLOAD = 1024 * 1024;
/** Room for the envelope around the body: principal, request id, trace context, deadline, Nest's packet. */
const ENVELOPE_ROOM = 64 * 1024;
/** Any JSON body: what still fits in one NATS message with its envelope (960 KiB). */
export const JSON_BODY_LIMIT = NATS_MAX_PAYLOAD - ENVELOPE_ROOM;

/** The profile picture travels as a base64 data URL in JSON; the gateway sends its bytes through the object store. */
export const PROFILE_PICTURE_PATH = '/api/user/profile-picture';
/** A 2 MiB image as base64 (4 characters per 3 bytes), plus the data URL prefix and the JSON around it. */
export const PICTURE_BODY_LIMIT = Math.ceil(MAX_PICTURE_BYTES / 3) * 4 + 4 * 1024;
/** Fastify's own limit while reading any body: the largest a route accepts. */
export const READ_BODY_LIMIT = Math.max(JSON_BODY_LIMIT, PICTURE_BODY_LIMIT);

export const BODY_TOO_LARGE = `The request is too large: at most ${Math.floor(JSON_BODY_LIMIT / 1024)} KB (a profile picture may be an image of up to ${MAX_PICTURE_BYTES / 1024 / 1024} MB).`;

/** The body limit of the route a request is for. */
export function bodyLimitFor(url: string): number {
  const path = url.split('?', 1)[0].replace(/\/+$/, '');
  return path === PROFILE_PICTURE_PATH ? PICTURE_BODY_LIMIT : JSON_BODY_LIMIT;
}

/** A body above its route's limit: 413 through the exception filter (a Fastify client error). */
export class BodyTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(BODY_TOO_LARGE);
  }
}
