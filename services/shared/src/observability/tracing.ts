import { Context, context, propagation, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, trace, Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * OpenTelemetry traces: HTTP → gateway → bus (W3C `traceparent` in the request envelope and in event headers) →
 * service → PostgreSQL. On only when OTEL_EXPORTER_OTLP_ENDPOINT is set (spans leave over OTLP/HTTP in batches)
 * or a test passes its own exporter. Off, the SDK is never loaded and every instrumentation point is one boolean
 * check (`activeTracer()` returns undefined): no spans, no context switches, nothing in the envelope.
 */
let tracer: Tracer | undefined;
let shutdownProvider: (() => Promise<void>) | undefined;
let flushProvider: (() => Promise<void>) | undefined;

export interface TracingOptions {
  /** The resource's service.name: `afya-gateway`, `afya-appointment`, ... */
  serviceName: string;
  /** Default OTEL_EXPORTER_OTLP_ENDPOINT (the exporter also reads OTEL_EXPORTER_OTLP_HEADERS etc. itself). */
  endpoint?: string;
  /** Export here instead, each span as it ends (tests: InMemorySpanExporter). */
  exporter?: SpanExporter;
}

export interface TracingHandle {
  /** Exports what is buffered (call before reading an in-memory exporter or before exit). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** The tracer when tracing is on, else undefined: the one check every instrumentation point makes. */
export function activeTracer(): Tracer | undefined {
  return tracer;
}

/** Starts tracing for this process if configured; null (and nothing loaded) when it is off. */
export async function startTracing(options: TracingOptions): Promise<TracingHandle | null> {
  const endpoint = options.endpoint ?? process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!options.exporter && !endpoint) return null;
  if (tracer) throw new Error('tracing is already started in this process');
  const [{ BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor }, { resourceFromAttributes }, { W3CTraceContextPropagator }, { AsyncLocalStorageContextManager }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/core'),
      import('@opentelemetry/context-async-hooks'),
    ]);
  let processor;
  if (options.exporter) {
    processor = new SimpleSpanProcessor(options.exporter);
  } else {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    // The exporter appends /v1/traces to OTEL_EXPORTER_OTLP_ENDPOINT itself when it reads the variable.
    processor = new BatchSpanProcessor(options.endpoint ? new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/$/, '')}/v1/traces` }) : new OTLPTraceExporter());
  }
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [processor],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracer = trace.getTracer('afya');
  shutdownProvider = () => provider.shutdown();
  flushProvider = () => provider.forceFlush();
  return {
    flush: () => flushProvider?.() ?? Promise.resolve(),
    shutdown: async () => {
      const shutdown = shutdownProvider;
      tracer = undefined;
      shutdownProvider = undefined;
      flushProvider = undefined;
      await shutdown?.();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** W3C trace context fields as they travel in the envelope and in event headers. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

/** Writes the context's span as `traceparent` (and `tracestate`) into a carrier object. */
export function injectTraceContext(carrier: TraceCarrier, from: Context = context.active()): void {
  propagation.inject(from, carrier);
}

/** The remote parent a carrier names (or the root context when it names none). */
export function extractTraceContext(carrier: TraceCarrier | undefined): Context {
  if (!carrier?.traceparent) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, { traceparent: carrier.traceparent, tracestate: carrier.tracestate });
}

/** Ends a span with an error status (5xx, exceptions): the trace view shows where a request failed. */
export function endSpan(span: Span, failure?: unknown): void {
  if (failure !== undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: failure instanceof Error ? failure.message : String(failure) });
  }
  span.end();
}

export { SpanKind };
