import { context, Span, SpanKind, trace } from '@opentelemetry/api';
import { AfterQueryEvent, BeforeQueryEvent, EntitySubscriberInterface, EventSubscriber, QueryRunner } from 'typeorm';
import { activeTracer, endSpan } from './tracing';

const MAX_QUERY_TEXT = 2000;

/**
 * A CLIENT span per SQL statement a traced request runs, through TypeORM's public query events (beforeQuery /
 * afterQuery are broadcast around the driver call, in the caller's async context). Chosen over
 * @opentelemetry/instrumentation-pg, which patches pg's Client through a require hook: that is a prototype patch
 * (the project allows public APIs only), misses modules loaded before it (and everything under jest's module
 * registry), and its Node 20 releases lag. Queries outside a traced request (the outbox relay's poll, migrations)
 * make no spans: only statements with a span in scope are recorded. The text is recorded without parameters
 * (they hold patient data); statements here bind every value as a parameter.
 */
@EventSubscriber()
export class QueryTracingSubscriber implements EntitySubscriberInterface {
  /** One query runner (one connection) runs its statements in order: spans end in the order they started. */
  private readonly open = new WeakMap<QueryRunner, Span[]>();

  beforeQuery(event: BeforeQueryEvent): void {
    const tracer = activeTracer();
    if (!tracer) return;
    const parent = context.active();
    if (!trace.getSpan(parent)) return;
    const text = event.query.length > MAX_QUERY_TEXT ? `${event.query.slice(0, MAX_QUERY_TEXT)}…` : event.query;
    const operation = /^\s*(\w+)/.exec(event.query)?.[1]?.toUpperCase() ?? 'QUERY';
    const schema = (event.dataSource.options as { schema?: string }).schema;
    const span = tracer.startSpan(
      schema ? `${operation} ${schema}` : operation,
      { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': text, ...(schema ? { 'db.namespace': schema } : {}) } },
      parent,
    );
    const spans = this.open.get(event.queryRunner);
    if (spans) spans.push(span);
    else this.open.set(event.queryRunner, [span]);
  }

  afterQuery(event: AfterQueryEvent): void {
    const span = this.open.get(event.queryRunner)?.shift();
    if (span) endSpan(span, event.success ? undefined : event.error);
  }
}
