import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { registerOpsRoute } from '../ops/ops-routes';

/**
 * Prometheus metrics of one process (prom-client), scraped at GET /metrics on the per-pod ops port (OPS_PORT,
 * ops/ops-server.ts): never on the gateway's public port, so the ingress cannot expose it.
 *
 * Names follow Prometheus conventions (`afya_` prefix, `_total` counters, `_seconds` durations). Labels are
 * bounded sets only: route templates (never raw URLs), bus patterns without the namespace, status codes, durable
 * consumer names, schema names. The dashboard (k8s/observability/afya-golden-signals.json) reads these names.
 *
 * METRICS=off turns the instrumentation off (no hooks, no interceptor, no route): the bench's "metrics off" run.
 */
export const metricsRegistry = new Registry();

/** Latency buckets (seconds) spanning a cached read (~1 ms) to the bus timeout (5 s). */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function metricsEnabled(value = process.env.METRICS): boolean {
  return value !== 'off' && value !== 'false';
}

/** Gateway: one per HTTP request, by Fastify route template (`/api/appointments/:id`), method and status. */
export const httpRequestDuration = new Histogram({
  name: 'afya_http_request_duration_seconds',
  help: 'Gateway HTTP requests: duration by route template, method and status code (count is the request rate)',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Services: one per bus request handled, by pattern (`appointment.book`, the subject without namespace) and status. */
export const rpcRequestDuration = new Histogram({
  name: 'afya_rpc_request_duration_seconds',
  help: 'Service bus requests handled: duration by message pattern and status code (count is the request rate)',
  labelNames: ['pattern', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Gateway's bus client: requests that got no answer, by pattern and reason (timeout → 504, no_responders → 503). */
export const busRequestFailures = new Counter({
  name: 'afya_bus_request_failures_total',
  help: 'Bus requests from the gateway that got no reply: reason timeout (answered 504) or no_responders (503)',
  labelNames: ['pattern', 'reason'] as const,
  registers: [metricsRegistry],
});

/** Events that JetStream delivered again (the handler failed, or the ack was lost), per durable consumer. */
export const eventRedeliveries = new Counter({
  name: 'afya_event_redeliveries_total',
  help: 'Event deliveries that were redeliveries, per durable consumer',
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
});

/** Business counters, incremented after the transaction that makes them true has committed. */
export const appointmentsBooked = new Counter({
  name: 'afya_appointments_booked_total',
  help: 'Appointments booked (committed)',
  registers: [metricsRegistry],
});

export const paymentsSettled = new Counter({
  name: 'afya_payments_total',
  help: 'Payments settled (committed), by method (mpesa, stripe, ...) and outcome (completed, failed, refunded, disputed)',
  labelNames: ['method', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const prescriptionsIssued = new Counter({
  name: 'afya_prescriptions_issued_total',
  help: 'Prescriptions issued (committed)',
  registers: [metricsRegistry],
});

/**
 * Values read when Prometheus scrapes (outbox backlog, consumer lag, pool usage): each source registers a reader
 * under a key (its schema or durable name); a process hosting several services (the tests) has several.
 */
type GaugeReader = () => Promise<Array<{ labels: Record<string, string>; value: number }>>;

function scrapedGauge(name: string, help: string, labelNames: string[]): Map<string, GaugeReader> {
  const readers = new Map<string, GaugeReader>();
  new Gauge({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      const results = await Promise.allSettled([...readers.values()].map((read) => read()));
      for (const result of results) {
        // A source that cannot answer now (database restarting) leaves its series out of this scrape, not the rest.
        if (result.status === 'fulfilled') for (const { labels, value } of result.value) this.set(labels, value);
      }
    },
  });
  return readers;
}

export const outboxBacklogReaders = scrapedGauge('afya_outbox_backlog', 'Outbox rows not yet published to JetStream, per schema', ['schema']);
export const outboxOldestAgeReaders = scrapedGauge(
  'afya_outbox_oldest_age_seconds',
  'Age of the oldest unpublished outbox row (0 when none), per schema',
  ['schema'],
);
export const consumerPendingReaders = scrapedGauge(
  'afya_event_consumer_pending',
  'Events in the stream not yet delivered to a durable consumer (num_pending: its lag)',
  ['consumer'],
);
export const consumerAckPendingReaders = scrapedGauge(
  'afya_event_consumer_ack_pending',
  'Events delivered to a durable consumer and not yet acknowledged (num_ack_pending)',
  ['consumer'],
);
export const consumerRedeliveredReaders = scrapedGauge(
  'afya_event_consumer_redelivered',
  'Events currently being redelivered to a durable consumer (num_redelivered)',
  ['consumer'],
);
export const dbPoolReaders = scrapedGauge(
  'afya_db_pool_connections',
  'PostgreSQL pool connections per schema: state total, idle, or waiting (requests queued for a connection)',
  ['schema', 'state'],
);

let enabled = false;

/**
 * Turns on what costs something to collect: Node's default metrics (event-loop lag, heap, GC, CPU) and the
 * /metrics ops route. Called once per process by runService and the gateway's main (and by tests).
 */
export function enableMetrics(): void {
  if (enabled) return;
  enabled = true;
  // METRICS_DEFAULTS=off leaves out Node's default metrics (event-loop lag, GC, heap): the bench weighs them apart.
  if (process.env.METRICS_DEFAULTS !== 'off') collectDefaultMetrics({ register: metricsRegistry, prefix: 'afya_' });
  registerOpsRoute('/metrics', serveMetrics);
}

/** The /metrics handler: Prometheus text format. */
export async function serveMetrics(_request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await metricsRegistry.metrics();
  response.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' }).end(body);
}

/** The subject without the bus namespace: `afya.appointment.book` → `appointment.book` (same label in every env). */
export function patternLabel(subject: string, namespace: string): string {
  return subject.startsWith(`${namespace}.`) ? subject.slice(namespace.length + 1) : subject;
}
