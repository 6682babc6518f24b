import { Context, context, propagation, ROOT_CONTEXT, Span, SpanKind, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activeTracer, endSpan, httpRequestDuration } from '@afya/service-shared';
import { pathOf } from '../logging/request-logging';

/** Requests Fastify routed nowhere (404s, scanners): one label, so random URLs cannot grow the series count. */
const UNMATCHED_ROUTE = 'unmatched';

interface RequestSpan {
  span: Span;
  context: Context;
}

/**
 * The gateway's HTTP telemetry, as Fastify hooks:
 * - metrics (METRICS on): each response into afya_http_request_duration_seconds{route,method,status}, where route
 *   is the route template Fastify matched (`/api/appointments/:id`), never the raw URL;
 * - traces (tracing on): a SERVER span per request, child of an incoming `traceparent` header if any, named
 *   `METHOD /route/template` once routed. It is put in scope in preHandler, after the body is read: body parsing
 *   runs in the socket's async context, so a context entered at onRequest would be lost by then for POSTs. The
 *   handler (guards, pipes, controller, ServiceClient) runs inside it, so bus calls become its children.
 */
export function registerHttpTelemetry(fastify: FastifyInstance, options: { metrics: boolean }): void {
  const spans = new WeakMap<FastifyRequest, RequestSpan>();
  const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? UNMATCHED_ROUTE;

  // Span hooks only when tracing is on (started before the app is created): off, a request pays for no extra hook.
  const tracer = activeTracer();
  if (tracer) {
    fastify.addHook('onRequest', (request, _reply, done) => {
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const span = tracer.startSpan(
        `${request.method} ${routeOf(request)}`,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': routeOf(request), 'url.path': pathOf(request.url) } },
        parent,
      );
      spans.set(request, { span, context: trace.setSpan(parent, span) });
      done();
    });
    fastify.addHook('preHandler', (request, _reply, done) => {
      const traced = spans.get(request);
      if (traced) context.with(traced.context, done);
      else done();
    });
  }

  fastify.addHook('onResponse', (request, reply, done) => {
    if (options.metrics) {
      httpRequestDuration.observe({ route: routeOf(request), method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    }
    const traced = spans.get(request);
    if (traced) {
      traced.span.setAttribute('http.response.status_code', reply.statusCode);
      endSpan(traced.span, reply.statusCode >= 500 ? `HTTP ${reply.statusCode}` : undefined);
      spans.delete(request);
    }
    done();
  });
}
