import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AckPolicy, ConsumerMessages, DeliverPolicy, JsMsg, NatsConnection } from 'nats';
import { DataSource, EntityManager } from 'typeorm';
import { busNamespace } from '../rpc/bus';
import { DomainEvent } from './domain-event';
import { ensureEventStream, eventStreamName } from './event-stream';
import { NATS_CONNECTION } from './nats-connection';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler declares the data of the event type it is registered for (DomainEvent<UserEventData>); with unknown those handlers would not fit
export type EventHandler = (event: DomainEvent<any>, manager: EntityManager) => Promise<void>;
export type EventHandlers = Record<string, EventHandler>;

/** Narrowest subject filter covering the handled types (nats-server 2.9 has one filter per consumer). */
export function filterSubjectFor(types: string[]): string {
  const roots = new Set(types.map((t) => t.split('.')[0]));
  const root = roots.size === 1 ? `${[...roots][0]}.>` : '>';
  return `${busNamespace()}.events.${root}`;
}

/**
 * Applies events from JetStream through a durable consumer shared by a service's replicas.
 * Each event is applied at most once per consumer: its id goes into processed_events in the same
 * transaction as the handler's writes, so a redelivery changes nothing.
 */
@Injectable()
export class EventConsumer implements OnApplicationShutdown {
  private readonly logger = new Logger('EventConsumer');
  private readonly subscriptions: ConsumerMessages[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  async consume(consumerName: string, handlers: EventHandlers): Promise<void> {
    const jsm = await ensureEventStream(this.nc);
    const stream = eventStreamName();
    const durable = consumerName.replace(/[^A-Za-z0-9_-]/g, '_');
    try {
      await jsm.consumers.info(stream, durable);
    } catch {
      await jsm.consumers.add(stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: filterSubjectFor(Object.keys(handlers)),
        ack_wait: 30e9,
      });
    }
    const consumer = await this.nc.jetstream().consumers.get(stream, durable);
    const messages = await consumer.consume({ max_messages: 100 });
    this.subscriptions.push(messages);
    void (async () => {
      for await (const message of messages) await this.apply(durable, handlers, message);
    })().catch((error: Error) => this.logger.error(`consumer ${durable} stopped: ${error.message}`));
  }

  private async apply(consumer: string, handlers: EventHandlers, message: JsMsg): Promise<void> {
    let event: DomainEvent;
    try {
      event = message.json<DomainEvent>();
    } catch {
      this.logger.warn(`${consumer}: dropping unreadable message on ${message.subject}`);
      message.term();
      return;
    }
    const handler = handlers[event.type];
    if (!handler) {
      message.ack();
      return;
    }
    try {
      await this.dataSource.transaction(async (manager) => {
        const fresh: unknown[] = await manager.query(
          `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
          [consumer, event.id],
        );
        if (fresh.length) await handler(event, manager);
      });
      message.ack();
    } catch (error) {
      this.logger.warn(`${consumer}: ${event.type} ${event.id} failed, retrying: ${(error as Error).message}`);
      message.nak(1000);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    for (const subscription of this.subscriptions) subscription.stop();
  }
}
