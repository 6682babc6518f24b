import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { BinaryTransfer, connectNats, NATS_CONNECTION, natsServers } from '@afya/service-shared';
import type { NatsConnection } from 'nats';
import { BUS_CLIENT, ServiceClient } from './service-client';

@Global()
@Module({
  imports: [
    ClientsModule.registerAsync([
      {
        name: BUS_CLIENT,
        useFactory: () => ({ transport: Transport.NATS, options: { servers: natsServers(), name: 'afya-gateway' } }),
      },
    ]),
  ],
  providers: [
    ServiceClient,
    // A plain NATS connection for what Nest's client does not do: broadcasts and large binaries.
    { provide: NATS_CONNECTION, useFactory: () => connectNats('afya-gateway') },
    { provide: BinaryTransfer, useFactory: (nc: NatsConnection) => new BinaryTransfer(nc), inject: [NATS_CONNECTION] },
  ],
  exports: [ServiceClient, NATS_CONNECTION, BinaryTransfer],
})
export class BusModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain().catch(() => undefined);
  }
}
