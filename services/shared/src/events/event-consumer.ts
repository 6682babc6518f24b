import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AckPolicy, ConsumerConfig, ConsumerInfo, ConsumerMessages, DeliverPolicy, JsMsg, NatsConnection } from 'nats';
import { DataSource, EntityManager } from 'typeorm';
import { busNamespace } from '../rpc/bus';
import { publishDeadLetter, REPLAY_FOR_HEADER } from './dead-letters';
import { DomainEvent } from './domain-event';
import { eventStreamName, eventSubject } from './event-stream';
import { requireEventStream } from './streams';
import { NATS_CONNECTION } from './nats-connection';
import { requestContextFromHeaders } from '../context/context-carriage';
import { runWithRequestContext } from '../context/request-context';
import { eventRedeliveries } from '../observability/metrics';
import { observeConsumer, traceEventBatch, traceEventHandler } from '../observability/event-telemetry';
import { getProcessLogger } from '../logging/logger';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler declares the data of the event type it is registered for (DomainEvent<UserEventData>); with unknown those handlers would not fit
export type EventHandler = (event: DomainEvent<any>, manager: EntityManager) => Promise<void>;
/** Handlers by event type, versions included: a consumer lists each version it knows (`x.created.v1`, `x.created.v2`). */
export type EventHandlers = Record<string, EventHandler>;

/**
 * A consumer that applies a batch set-wise (a few statements per batch instead of a few per event; a rebuild
 * replays millions of events). `applyBatch` receives the batch's events not applied before, duplicates dropped,
 * in stream order, inside the consumer's transaction after their ids were marked processed; it must leave the
 * same state as applying them one at a time, in that order. A batch of one is the per-event case (and the
 * fallback after a failed batch), so there is one set of rules.
 */
export interface BatchEventHandlers {
  /** Every type applied, versions included (the durable's filter, as the keys of EventHandlers are). */
  types: readonly string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as EventHandler: the handler declares the data of its types
  applyBatch: (events: DomainEvent<any>[], manager: EntityManager) => Promise<void>;
}

export interface ConsumeOptions {
  /** Deliveries of one event before it goes to the dead-letter stream (the server keeps one spare, see below). */
  maxDeliver?: number;
  /** Delay before redelivering an event whose handler failed, by attempt (ms; the last value repeats). */
  retryDelaysMs?: number[];
  /** Events applied in one transaction at most. */
  batchSize?: number;
  /**
   * While events keep coming (the last batch was applied less than a linger ago), how long an arriving event waits for
   * others to share its transaction (ms; 0: never). An event after a quiet spell is applied at once.
   */
  lingerMs?: number;
}

/** Injection token: the service a process runs (EventsModule.forService), the first token of its dead letters. */
export const EVENTS_SERVICE_NAME = Symbol('EVENTS_SERVICE_NAME');

export const DEFAULT_MAX_DELIVER = 5;
const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 15000, 30000];
const DEFAULT_BATCH_SIZE = 200;
/**
 * Under load a consumer's per-transaction costs (BEGIN, the processed ids, COMMIT, their round trips) dominate its
 * per-event work, one handler statement or two: 10 ms gathers ~5 events a transaction at 450 bookings a second
 * (EVENT_CONSUMER_LINGER_MS; docs/decisions/0052-cpu-per-booking.md, "consumers gather events while they keep coming").
 */
const DEFAULT_LINGER_MS = Number(process.env.EVENT_CONSUMER_LINGER_MS ?? 10);
/**
 * Redelivery when a process took an event and never answered (crashed, hung). The backoff between failed attempts is
 * ours (retryDelaysMs, sent with each nak), not the consumer's `backoff` setting: on nats-server 2.9 that setting
 * also shifts a nak's delay (attempt 2 with a 50 ms nak came back after 30 s), so the consumer has none.
 */
const ACK_WAIT_NS = 30e9;

/**
 * The durable's filter for the handled types. nats-server 2.10+ takes the exact subjects (`filter_subjects`);
 * 2.9 (Debian's 2.9.10 here) has one filter per consumer: the narrowest wildcard covering them (the owning
 * service's events when every type shares it, else every event; other types are then acknowledged unapplied).
 */
export function filterSubjectsFor(types: string[], serverVersion = '2.9.0'): Pick<ConsumerConfig, 'filter_subject' | 'filter_subjects'> {
  const subjects = [...new Set(types)].sort().map(eventSubject);
  if (supportsManyFilters(serverVersion)) return subjects.length === 1 ? { filter_subject: subjects[0] } : { filter_subjects: subjects };
  return { filter_subject: filterSubjectFor(types) };
}

/**
 * One subject covering the handled types (nats-server 2.9), as narrow as one filter can be: tokens the types share
 * stay, a token where they differ becomes `*`, and where their lengths differ the rest becomes `>`.
 * `appointment.created.v1` + `appointment.deleted.v1` → `appointment.*.v1`, which leaves out
 * `appointment.audit.access-batch.v1` (one per audited read) and `appointment.doctor.approved.v1`: a consumer is not
 * woken, and the server does not deliver, for every event of a service it takes two types from.
 */
export function filterSubjectFor(types: string[]): string {
  const unique = [...new Set(types)].map((type) => type.split('.'));
  const [first] = unique;
  if (!first) return `${busNamespace()}.events.>`;
  const sameLength = unique.every((tokens) => tokens.length === first.length);
  const covering: string[] = [];
  for (let i = 0; i < first.length; i++) {
    const token = first[i];
    if (unique.every((tokens) => tokens[i] === token)) {
      covering.push(token);
      continue;
    }
    if (!sameLength) break;
    covering.push('*');
  }
  // Types of different lengths share only a prefix (which may be all of the shorter one's tokens): `>` covers the rest.
  const subject = sameLength ? covering.join('.') : [...covering, '>'].join('.');
  return `${busNamespace()}.events.${subject}`;
}

/** The event type a message's subject names (`<ns>.events.<type>`), or null for another subject. */
export function eventTypeOfSubject(subject: string): string | null {
  const prefix = `${busNamespace()}.events.`;
  return subject.startsWith(prefix) ? subject.slice(prefix.length) : null;
}

/** `appointment.created.v2` → `appointment.created` (a type without a version stays as it is). */
function unversioned(type: string): string {
  return type.replace(/\.v\d+$/, '');
}

function supportsManyFilters(version: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 10);
}

interface Received {
  message: JsMsg;
  event: DomainEvent;
}

interface Subscription {
  durable: string;
  /** Types applied; others are acknowledged unapplied. */
  types: ReadonlySet<string>;
  /** Applies the fresh events of one transaction (in stream order): per event, or set-wise. */
  apply: (fresh: Received[], manager: EntityManager) => Promise<void>;
  maxDeliver: number;
  retryDelaysMs: number[];
  batchSize: number;
  lingerMs: number;
  /** Versions of handled types this consumer met without knowing them (warned once each). */
  unknownVersions: Set<string>;
}

/**
 * Applies events from JetStream through a durable consumer shared by a service's replicas.
 * Each event is applied at most once per consumer: its id goes into processed_events in the same
 * transaction as the handler's writes, so a redelivery changes nothing.
 *
 * Events that arrive together (a replay, a burst) are applied in one transaction, up to batchSize: a rebuild
 * commits hundreds of events at once instead of one. If that transaction fails, the batch is applied again one
 * event per transaction, so one poison event delays only itself: it is redelivered after a delay, and after
 * maxDeliver deliveries it goes to the dead-letter stream (`<STREAM>_DLQ`, dead-letters.ts) and the consumer
 * moves on.
 */
@Injectable()
export class EventConsumer implements OnApplicationShutdown {
  private readonly logger = new Logger('EventConsumer');
  private readonly subscriptions: ConsumerMessages[] = [];
  private readonly lingerTimers: (() => void)[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(EVENTS_SERVICE_NAME) private readonly service: string,
  ) {}

  /** Applies each event through the handler of its type. */
  async consume(consumerName: string, handlers: EventHandlers, options: ConsumeOptions = {}): Promise<void> {
    const durable = durableName(consumerName);
    await this.subscribe(durable, Object.keys(handlers), (fresh, manager) => applyEach(durable, handlers, fresh, manager), options);
  }

  /**
   * Applies each transaction's events through one set-wise function (BatchEventHandlers). Delivery, deduplication,
   * retries and dead letters are those of consume(): a failed batch is applied again one event per transaction.
   */
  async consumeBatches(consumerName: string, handlers: BatchEventHandlers, options: ConsumeOptions = {}): Promise<void> {
    const durable = durableName(consumerName);
    await this.subscribe(durable, handlers.types, (fresh, manager) => applySetWise(durable, handlers, fresh, manager), options);
  }

  private async subscribe(durable: string, types: readonly string[], apply: Subscription['apply'], options: ConsumeOptions): Promise<void> {
    const jsm = await requireEventStream(this.nc);
    const stream = eventStreamName();
    const sub: Subscription = {
      durable,
      types: new Set(types),
      apply,
      maxDeliver: Math.max(1, options.maxDeliver ?? DEFAULT_MAX_DELIVER),
      retryDelaysMs: options.retryDelaysMs?.length ? options.retryDelaysMs : DEFAULT_RETRY_DELAYS_MS,
      batchSize: Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE),
      lingerMs: Math.max(0, options.lingerMs ?? DEFAULT_LINGER_MS),
      unknownVersions: new Set(),
    };
    // The server stops after maxDeliver + 1: the spare delivery reaches a process that dead-letters the event
    // without running it, so an event whose handler crashes or hangs the process also ends in the DLQ.
    const serverMaxDeliver = sub.maxDeliver + 1;
    const wanted: Partial<ConsumerConfig> = {
      ...filterSubjectsFor([...sub.types], this.nc.info?.version),
      max_deliver: serverMaxDeliver,
      backoff: undefined,
      ack_wait: ACK_WAIT_NS,
      // Bounds the events waiting in this process (the next batches) well inside ack_wait.
      max_ack_pending: sub.batchSize * 2,
    };
    const existing = await jsm.consumers.info(stream, sub.durable).catch(() => null);
    if (!existing) {
      await jsm.consumers.add(stream, { durable_name: sub.durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ...wanted });
    } else if (filterDiffers(existing.config, wanted) && !supportsManyFilters(this.nc.info?.version ?? '2.9.0')) {
      await this.recreateAtAckFloor(stream, sub.durable, existing, wanted);
    } else if (filterDiffers(existing.config, wanted) || limitsDiffer(existing.config, wanted)) {
      // The code deployed decides what this durable receives: a type added in this release is delivered from now on.
      const update: Partial<ConsumerConfig> = { ...wanted };
      if (wanted.filter_subjects) update.filter_subject = undefined;
      else update.filter_subjects = undefined;
      await jsm.consumers.update(stream, sub.durable, update);
      this.logger.log(`consumer ${sub.durable}: filter and delivery limits updated to the deployed handlers`);
    }
    const consumer = await this.nc.jetstream().consumers.get(stream, sub.durable);
    // Lag (num_pending), unacknowledged and redelivered counts on /metrics, read from JetStream at scrape time.
    observeConsumer(sub.durable, () => jsm.consumers.info(stream, sub.durable));
    const messages = await consumer.consume({ max_messages: sub.batchSize });
    this.subscriptions.push(messages);

    // Messages are read as they arrive and applied by one loop at a time: whatever arrived while a batch was being
    // committed forms the next batch, so a quiet stream applies each event at once and a replay batches. While events
    // keep coming (the last batch ended less than a linger ago), an arriving event waits up to lingerMs for others, so
    // a steady stream shares transactions too instead of paying one per event.
    const waiting: JsMsg[] = [];
    let applying = false;
    let lingering: NodeJS.Timeout | undefined;
    let lastApplied = 0;
    const run = () => {
      lingering = undefined;
      applying = true;
      void (async () => {
        try {
          await this.applyBatch(sub, waiting.splice(0, sub.batchSize));
        } finally {
          applying = false;
          lastApplied = Date.now();
          // What arrived meanwhile goes through the same decision: a full batch at once, a few events linger for
          // company (the stream is busy: a batch just ended). Applying them at once made a steady stream commit
          // one event per transaction whenever a commit took as long as the gap between two events.
          if (waiting.length) applyWaiting();
        }
      })().catch((error: Error) => this.logger.error(`consumer ${sub.durable}: ${error.message}`));
    };
    const applyWaiting = () => {
      if (applying) return;
      if (lingering && waiting.length < sub.batchSize) return;
      if (lingering) clearTimeout(lingering);
      const busy = sub.lingerMs > 0 && Date.now() - lastApplied < sub.lingerMs;
      if (busy && waiting.length < sub.batchSize) lingering = setTimeout(run, sub.lingerMs);
      else run();
    };
    this.lingerTimers.push(() => lingering && clearTimeout(lingering));
    void (async () => {
      for await (const message of messages) {
        waiting.push(message);
        applyWaiting();
      }
    })().catch((error: Error) => this.logger.error(`consumer ${sub.durable} stopped: ${error.message}`));
  }

  private async applyBatch(sub: Subscription, messages: JsMsg[]): Promise<void> {
    const batch: Received[] = [];
    for (const message of messages) {
      const received = await this.receive(sub, message);
      if (received) batch.push(received);
    }
    if (!batch.length) return;
    if (batch.length > 1) {
      try {
        const applied = await this.dataSource.transaction((manager) => this.applyInTransaction(sub, batch, manager));
        for (const { message } of batch) message.ack();
        for (const received of applied) this.logApplied(sub, received);
        return;
      } catch (error) {
        this.logger.warn(`${sub.durable}: a batch of ${batch.length} failed (${(error as Error).message}); applying its events one by one`);
      }
    }
    for (const received of batch) {
      // the event's request context (its headers) around its handler and the lines about it
      await runWithRequestContext(requestContextFromHeaders(received.message.headers), async () => {
        try {
          const applied = await this.dataSource.transaction((manager) => this.applyInTransaction(sub, [received], manager));
          received.message.ack();
          for (const one of applied) this.logApplied(sub, one);
        } catch (error) {
          await this.retryOrDeadLetter(sub, received.message, `${received.event.type} ${received.event.id}`, error as Error);
        }
      });
    }
  }

  /** Sorts out what needs no transaction: unreadable messages, types not handled here, replays for another consumer. */
  private async receive(sub: Subscription, message: JsMsg): Promise<Received | null> {
    if (message.redelivered) eventRedeliveries.inc({ consumer: sub.durable });
    const replayFor = message.headers?.get(REPLAY_FOR_HEADER);
    if (replayFor && replayFor !== sub.durable) {
      message.ack();
      return null;
    }
    if (message.info.deliveryCount > sub.maxDeliver) {
      await this.deadLetter(sub, message, `delivered ${message.info.deliveryCount - 1} times without being acknowledged (the process crashed or hung)`);
      return null;
    }
    // A type not handled here is acknowledged from its subject alone: an audit batch can be hundreds of kB of JSON
    // that the consumers skipping it would otherwise parse to read its type.
    const subjectType = eventTypeOfSubject(message.subject);
    if (subjectType && !sub.types.has(subjectType) && !replayFor) {
      this.warnOfUnknownVersion(sub, subjectType);
      message.ack();
      return null;
    }
    let event: DomainEvent;
    try {
      event = message.json<DomainEvent>();
      if (typeof event?.id !== 'string' || typeof event.type !== 'string') throw new Error('not a domain event');
    } catch (error) {
      await this.deadLetter(sub, message, `unreadable message: ${(error as Error).message}`);
      return null;
    }
    if (!sub.types.has(event.type)) {
      this.warnOfUnknownVersion(sub, event.type);
      message.ack();
      return null;
    }
    return { message, event };
  }

  /**
   * A version of a type this consumer handles, but not that version (`x.created.v2` when it knows `x.created.v1`):
   * the producer upgraded first. Producers publish the old version too until every consumer knows the new one
   * (docs/decisions/0039-versioned-bus-contracts-dead-letters.md), so nothing is lost, but ops should know once.
   */
  private warnOfUnknownVersion(sub: Subscription, type: string): void {
    const base = unversioned(type);
    if (base === type || sub.unknownVersions.has(type)) return;
    const known = [...sub.types].filter((handled) => unversioned(handled) === base);
    if (!known.length) return;
    sub.unknownVersions.add(type);
    this.logger.warn(`${sub.durable}: acknowledging ${type} unapplied: this consumer knows ${known.join(', ')} only`);
  }

  /** Marks the batch's ids processed and applies the events not processed before, in stream order. */
  private async applyInTransaction(sub: Subscription, batch: Received[], manager: EntityManager): Promise<Received[]> {
    const fresh: { event_id: string }[] = await manager.query(
      `INSERT INTO processed_events (consumer, event_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING RETURNING event_id`,
      [sub.durable, [...new Set(batch.map(({ event }) => event.id.toLowerCase()))]],
    );
    const toApply = new Set(fresh.map((row) => row.event_id));
    // delete: a copy of the same event later in the batch is not applied again
    const applied = batch.filter(({ event }) => toApply.delete(event.id.toLowerCase()));
    if (applied.length) await sub.apply(applied, manager);
    return applied;
  }

  /** One line per applied event (after commit), under the request context the event was recorded in. */
  private logApplied(sub: Subscription, { event, message }: Received): void {
    runWithRequestContext(requestContextFromHeaders(message.headers), () =>
      getProcessLogger().info({ context: 'EventConsumer', consumer: sub.durable, eventType: event.type, eventId: event.id }, `applied ${event.type}`),
    );
  }

  private async retryOrDeadLetter(sub: Subscription, message: JsMsg, what: string, error: Error): Promise<void> {
    const deliveries = message.info.deliveryCount;
    if (deliveries >= sub.maxDeliver) {
      this.logger.error(`${sub.durable}: ${what} failed ${deliveries} times, moved to the dead-letter stream: ${error.message}`);
      await this.deadLetter(sub, message, error.message);
      return;
    }
    const delay = sub.retryDelaysMs[Math.min(deliveries - 1, sub.retryDelaysMs.length - 1)];
    this.logger.warn(`${sub.durable}: ${what} failed (delivery ${deliveries} of ${sub.maxDeliver}), retrying in ${delay} ms: ${error.message}`);
    message.nak(delay);
  }

  private async deadLetter(sub: Subscription, message: JsMsg, reason: string): Promise<void> {
    try {
      await publishDeadLetter(this.nc, message, this.service, sub.durable, reason);
      message.term();
    } catch (error) {
      this.logger.error(`${sub.durable}: could not dead-letter stream sequence ${message.info.streamSequence}: ${(error as Error).message}`);
      message.nak(sub.retryDelaysMs[sub.retryDelaysMs.length - 1]);
    }
  }

  /**
   * nats-server 2.9 accepts a new filter_subject on update but keeps waking the consumer for the old one only (2.9.10
   * here: an event of a newly handled type waited for the next pull, up to 30 s, every time). There the durable is
   * created again with the new filter, starting after its acknowledged floor: events past the floor that were
   * already applied come again and are skipped by their processed ids. Another replica doing the same at the same
   * moment is fine: whichever add wins, the durable ends with the deployed filter.
   */
  private async recreateAtAckFloor(stream: string, durable: string, existing: ConsumerInfo, wanted: Partial<ConsumerConfig>): Promise<void> {
    const jsm = await this.nc.jetstreamManager();
    const floor = existing.ack_floor.stream_seq;
    await jsm.consumers.delete(stream, durable).catch(() => undefined);
    const start: Partial<ConsumerConfig> = floor > 0 ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: floor + 1 } : { deliver_policy: DeliverPolicy.All };
    try {
      await jsm.consumers.add(stream, { durable_name: durable, ack_policy: AckPolicy.Explicit, ...start, ...wanted });
    } catch (error) {
      const now = await jsm.consumers.info(stream, durable).catch(() => null);
      if (!now || filterDiffers(now.config, wanted)) throw error;
    }
    this.logger.log(`consumer ${durable}: created again with the deployed handlers' filter, from stream sequence ${floor + 1}`);
  }

  async onApplicationShutdown(): Promise<void> {
    for (const clear of this.lingerTimers) clear();
    for (const subscription of this.subscriptions) subscription.stop();
  }
}

/** The JetStream durable name for a consumer name (its allowed characters). */
function durableName(consumerName: string): string {
  return consumerName.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** Per-event handlers: each under its event's request context, so its log lines and the events it records carry it on. */
async function applyEach(durable: string, handlers: EventHandlers, fresh: Received[], manager: EntityManager): Promise<void> {
  for (const { event, message } of fresh) {
    await runWithRequestContext(requestContextFromHeaders(message.headers), () =>
      traceEventHandler(durable, event.type, () => handlers[event.type](event, manager)),
    );
  }
}

/**
 * A set-wise handler. One event (a quiet stream, the fallback after a failed batch) runs exactly as a per-event
 * handler does, under its request context and span. Several have as many request contexts: they run under one
 * batch span linked to each event's span, without a requestId (each event's own id is on its `applied` line).
 */
async function applySetWise(durable: string, handlers: BatchEventHandlers, fresh: Received[], manager: EntityManager): Promise<void> {
  if (fresh.length === 1) {
    const [{ event, message }] = fresh;
    await runWithRequestContext(requestContextFromHeaders(message.headers), () =>
      traceEventHandler(durable, event.type, () => handlers.applyBatch([event], manager)),
    );
    return;
  }
  const contexts = fresh.map(({ message }) => requestContextFromHeaders(message.headers));
  await runWithRequestContext({}, () => traceEventBatch(durable, contexts, () => handlers.applyBatch(fresh.map(({ event }) => event), manager)));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function filterDiffers(current: ConsumerConfig, wanted: Partial<ConsumerConfig>): boolean {
  return (
    !same(current.filter_subject || undefined, wanted.filter_subject) ||
    !same(current.filter_subjects?.length ? current.filter_subjects : undefined, wanted.filter_subjects)
  );
}

function limitsDiffer(current: ConsumerConfig, wanted: Partial<ConsumerConfig>): boolean {
  return current.max_deliver !== wanted.max_deliver || !same(current.backoff, wanted.backoff) || current.max_ack_pending !== wanted.max_ack_pending;
}
