import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { BusClient } from '../rpc/bus-client';
import { EventConsumer, EVENTS_SERVICE_NAME } from './event-consumer';
import { connectNats, NATS_CONNECTION } from './nats-connection';
import { OutboxRelay } from './outbox-relay';

@Global()
@Module({})
export class EventsModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  /** The outbox relay, the event consumer, a plain NATS connection and the client for calling other services. */
  static forService(serviceName: string): DynamicModule {
    return {
      module: EventsModule,
      providers: [
        { provide: NATS_CONNECTION, useFactory: () => connectNats(`afya-${serviceName}-events`, serviceName) },
        { provide: EVENTS_SERVICE_NAME, useValue: serviceName },
        OutboxRelay,
        EventConsumer,
        BusClient,
      ],
      exports: [NATS_CONNECTION, OutboxRelay, EventConsumer, BusClient],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain().catch(() => undefined);
  }
}
