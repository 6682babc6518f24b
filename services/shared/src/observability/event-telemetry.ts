import { context, Link, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import type { ConsumerInfo } from 'nats';
import { currentRequestContext, RequestContext, runWithRequestContext } from '../context/request-context';
import { consumerAckPendingReaders, consumerPendingReaders, consumerRedeliveredReaders } from './metrics';
import { activeTracer, endSpan, extractTraceContext, injectTraceContext, TraceCarrier } from './tracing';

/**
 * Runs one event handler under a CONSUMER span, child of the span that recorded the event (its `traceparent`
 * travelled in the outbox row's context and the message headers, restored as the RequestContext around the
 * handler). The handler's SQL becomes the span's children, and events it records in turn carry this span.
 * Tracing off: just runs the handler.
 */
export async function traceEventHandler<T>(consumer: string, eventType: string, handle: () => Promise<T>): Promise<T> {
  const tracer = activeTracer();
  if (!tracer) return handle();
  const parent = extractTraceContext(currentRequestContext());
  const span = tracer.startSpan(
    `${eventType} process`,
    { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'nats', 'messaging.operation.type': 'process', 'messaging.consumer.group.name': consumer, 'afya.event.type': eventType } },
    parent,
  );
  const inSpan = trace.setSpan(parent, span);
  const carried: TraceCarrier = {};
  injectTraceContext(carried, inSpan);
  try {
    const result = await context.with(inSpan, () => runWithRequestContext({ ...currentRequestContext(), ...carried }, handle));
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error);
    throw error;
  }
}

/**
 * Runs a set-wise handler over several events under one CONSUMER span of its own (a new trace: a batch has as many
 * parents as events), linked to the span that recorded each event, OpenTelemetry's shape for batch processing.
 * The handler's SQL becomes the span's children. Tracing off: just runs the handler.
 */
export async function traceEventBatch<T>(consumer: string, eventContexts: (RequestContext | undefined)[], handle: () => Promise<T>): Promise<T> {
  const tracer = activeTracer();
  if (!tracer) return handle();
  const links: Link[] = [];
  for (const carried of eventContexts) {
    const linked = trace.getSpanContext(extractTraceContext(carried));
    if (linked) links.push({ context: linked });
  }
  const span = tracer.startSpan(
    `${consumer} process batch`,
    {
      kind: SpanKind.CONSUMER,
      links,
      attributes: { 'messaging.system': 'nats', 'messaging.operation.type': 'process', 'messaging.consumer.group.name': consumer, 'messaging.batch.message_count': eventContexts.length },
    },
    ROOT_CONTEXT,
  );
  const inSpan = trace.setSpan(ROOT_CONTEXT, span);
  const carried: TraceCarrier = {};
  injectTraceContext(carried, inSpan);
  try {
    const result = await context.with(inSpan, () => runWithRequestContext({ ...carried }, handle));
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error);
    throw error;
  }
}

/**
 * A durable consumer's lag on /metrics, read at scrape time from JetStream's consumer info (one call shared by
 * the three gauges): num_pending (in the stream, not yet delivered: the lag), num_ack_pending (delivered, not yet
 * acknowledged) and num_redelivered. A consumer that cannot answer (connection closed) is left out of the scrape.
 */
export function observeConsumer(durable: string, info: () => Promise<ConsumerInfo>): void {
  let pending: Promise<ConsumerInfo> | undefined;
  const read = () => {
    pending ??= info().finally(() => {
      pending = undefined;
    });
    return pending;
  };
  const labels = { consumer: durable };
  consumerPendingReaders.set(durable, async () => [{ labels, value: (await read()).num_pending }]);
  consumerAckPendingReaders.set(durable, async () => [{ labels, value: (await read()).num_ack_pending }]);
  consumerRedeliveredReaders.set(durable, async () => [{ labels, value: (await read()).num_redelivered }]);
}
