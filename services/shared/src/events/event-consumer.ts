import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ConsumerMessages, JsMsg, NatsConnection } from 'nats';
import { DataSource, EntityManager } from 'typeorm';
import { publishDeadLetter, REPLAY_FOR_HEADER } from './dead-letters';
import { DomainEvent } from './domain-event';
import { eventStreamName } from './event-stream';
import { requireEventStream } from './streams';
import { NATS_CONNECTION } from './nats-connection';
import { requestContextFromHeaders } from '../context/context-carriage';
import { runWithRequestContext } from '../context/request-context';
import { eventRedeliveries } from '../observability/metrics';
import { observeConsumer } from '../observability/event-telemetry';
import { getProcessLogger } from '../logging/logger';
import { ConsumeOptions, DEFAULT_BATCH_SIZE, DEFAULT_LINGER_MS, DEFAULT_MAX_DELIVER, DEFAULT_RETRY_DELAYS_MS, Subscription } from './consume-options';
import { eventTypeOfSubject, unversioned } from './consumer-filter';
import { durableName, ensureDurable } from './durable-consumer';
import { applyEach, applySetWise, BatchEventHandlers, EventHandlers, Received } from './event-handlers';

/** Injection token: the service a process runs (EventsModule.forService), the first token of its dead letters. */
export const EVENTS_SERVICE_NAME = Symbol('EVENTS_SERVICE_NAME');

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
    await ensureDurable(this.nc, jsm, stream, sub, this.logger);
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


  async onApplicationShutdown(): Promise<void> {
    for (const clear of this.lingerTimers) clear();
    for (const subscription of this.subscriptions) subscription.stop();
  }
}
