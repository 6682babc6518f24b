import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one request carries through every process it touches: born at the gateway, sent in the NATS envelope and
 * in event headers, restored around each handler and event consumer. Logs read requestId; traces read traceparent.
 */
export interface RequestContext {
  requestId?: string;
  /** W3C trace context of the caller's span, when tracing is on. */
  traceparent?: string;
  tracestate?: string;
  /**
   * The language the person behind the request reads ('en' | 'sw', from the browser's Accept-Language at the
   * gateway): what a PDF made for them is written in. Read it with requestLanguage().
   */
  language?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}
