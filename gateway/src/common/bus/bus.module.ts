import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { BinaryTransfer, BUS_CLIENT_OPTIONS, BusClient, BusClientOptions, connectNats, NATS_CONNECTION } from '@afya/service-shared';
import { ServiceClient } from './service-client';

/** The gateway's one NATS connection: requests to services, revocation broadcasts, large binaries. */
@Global()
@Module({
  providers: [
    { provide: NATS_CONNECTION, useFactory: () => connectNats('afya-gateway', 'gateway') },
    // Replies a service sends as JSON text are passed to the HTTP reply as they are (JsonText), never parsed here.
    { provide: BUS_CLIENT_OPTIONS, useValue: { jsonText: 'raw' } satisfies BusClientOptions },
    BusClient,
    ServiceClient,
    { provide: BinaryTransfer, useFactory: (nc: NatsConnection) => new BinaryTransfer(nc), inject: [NATS_CONNECTION] },
  ],
  exports: [ServiceClient, BusClient, NATS_CONNECTION, BinaryTransfer],
})
export class BusModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain().catch(() => undefined);
  }
}
