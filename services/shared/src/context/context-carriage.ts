import { headers as natsHeaders, MsgHdrs } from 'nats';
import { currentRequestContext, RequestContext } from './request-context';

/**
 * How each RequestContext field travels as a message header (JetStream events; any NATS message with headers).
 * A Record over every key: a field added to RequestContext does not compile until it is given a header here, so the
 * whole context always travels, not only the request id.
 */
export const REQUEST_CONTEXT_HEADERS: Record<keyof RequestContext, string> = {
  requestId: 'x-request-id',
  traceparent: 'traceparent',
  tracestate: 'tracestate',
  language: 'x-afya-language',
};

const FIELDS = Object.keys(REQUEST_CONTEXT_HEADERS) as (keyof RequestContext)[];
/** Header values we accept back: printable ASCII, bounded (a header is input from the bus). */
const SAFE_VALUE = /^[\x21-\x7e][\x20-\x7e]{0,511}$/;

/** Only the known fields with string values: what goes into the envelope, an outbox row or headers. */
export function portableContext(context: RequestContext | null | undefined = currentRequestContext()): RequestContext | undefined {
  if (!context) return undefined;
  const portable: RequestContext = {};
  let any = false;
  for (const field of FIELDS) {
    const value = context[field];
    if (typeof value === 'string' && SAFE_VALUE.test(value)) {
      portable[field] = value;
      any = true;
    }
  }
  return any ? portable : undefined;
}

/** Sets the context's fields as headers (on new headers when none are given); undefined when there is nothing to send. */
export function requestContextHeaders(context: RequestContext | null | undefined, into?: MsgHdrs): MsgHdrs | undefined {
  const portable = portableContext(context);
  if (!portable) return into;
  const headers = into ?? natsHeaders();
  for (const field of FIELDS) {
    const value = portable[field];
    if (value !== undefined) headers.set(REQUEST_CONTEXT_HEADERS[field], value);
  }
  return headers;
}

/** The context a message's headers carry (a consumed event's), or an empty one. */
export function requestContextFromHeaders(headers: MsgHdrs | undefined): RequestContext {
  const context: RequestContext = {};
  if (!headers) return context;
  for (const field of FIELDS) {
    const value = headers.get(REQUEST_CONTEXT_HEADERS[field]);
    if (value && SAFE_VALUE.test(value)) context[field] = value;
  }
  return context;
}
