import { ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { currentRequestContext, RequestContext } from '../context/request-context';
import { traceEventBatch } from './event-telemetry';
import { activeTracer, injectTraceContext, startTracing, TracingHandle } from './tracing';

/** A set-wise handler over several events: one span of its own, linked to the span that recorded each event. */
describe('traceEventBatch', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: TracingHandle;

  beforeAll(async () => {
    tracing = (await startTracing({ serviceName: 'afya-test', exporter }))!;
  });

  afterAll(async () => {
    await tracing?.shutdown();
  });

  it('runs the handler under a CONSUMER span in a new trace, linked to each event\'s recording span, carried in the request context', async () => {
    const recorded = ['appointment.book', 'payment.complete'].map((name) => activeTracer()!.startSpan(name));
    const contexts: (RequestContext | undefined)[] = recorded.map((span) => {
      const carried: RequestContext = { requestId: `r-${span.spanContext().spanId}` };
      injectTraceContext(carried, trace.setSpan(ROOT_CONTEXT, span));
      return carried;
    });
    contexts.push(undefined); // an event recorded without tracing: no link
    for (const span of recorded) span.end();

    let inside: RequestContext | undefined;
    expect(await traceEventBatch('reporting-read-models', contexts, async () => ((inside = currentRequestContext()), 'done'))).toBe('done');
    await tracing.flush();

    const batch = exporter.getFinishedSpans().find((span) => span.name === 'reporting-read-models process batch')!;
    expect(batch.kind).toBe(SpanKind.CONSUMER);
    expect(batch.attributes['messaging.batch.message_count']).toBe(3);
    expect(batch.links.map((link) => link.context.spanId)).toEqual(recorded.map((span) => span.spanContext().spanId));
    expect(recorded.map((span) => span.spanContext().traceId)).not.toContain(batch.spanContext().traceId);
    // no one request's id for many events; the batch span is what its SQL and log lines hang from
    expect(inside?.requestId).toBeUndefined();
    expect(inside?.traceparent).toContain(batch.spanContext().spanId);
  });
});
