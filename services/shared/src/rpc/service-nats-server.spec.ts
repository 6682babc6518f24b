import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { JSONCodec, NatsConnection } from 'nats';
import { connectNats } from '../events/nats-connection';
import { subject } from './bus';
import { createServiceApp } from './microservice';

const ECHO = subject('test.service-nats-server.echo');

@Controller()
class EchoController {
  @MessagePattern(ECHO)
  echo(data: { n: number }) {
    return { n: data.n };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

const codec = JSONCodec();

describe('ServiceNatsServer (real NATS)', () => {
  let nc: NatsConnection;

  beforeAll(async () => {
    nc = await connectNats('service-nats-server-spec');
  });

  afterAll(async () => {
    await nc.drain();
  });

  it('answers a request sent the moment listen() resolves (its subscriptions are registered by then)', async () => {
    // Several fresh services: without the flush, a request racing the SUB gets "no responders" now and then.
    for (let i = 0; i < 5; i++) {
      const app: INestMicroservice = await createServiceApp({ name: `echo-${i}`, module: EchoModule, logger: ['error'] });
      await app.listen();
      try {
        const reply = await nc.request(ECHO, codec.encode({ pattern: ECHO, data: { n: i }, id: `r${i}` }), { timeout: 2000 });
        expect(codec.decode(reply.data)).toEqual({ id: `r${i}`, response: { n: i }, isDisposed: true });
      } finally {
        await app.close();
      }
    }
  });

  it('answers concurrent requests to one subject, each with its own id', async () => {
    const app = await createServiceApp({ name: 'echo-many', module: EchoModule, logger: ['error'] });
    await app.listen();
    try {
      const replies = await Promise.all(
        [1, 2, 3].map((n) => nc.request(ECHO, codec.encode({ pattern: ECHO, data: { n }, id: `m${n}` }), { timeout: 2000 })),
      );
      expect(replies.map((reply) => (codec.decode(reply.data) as { response: { n: number } }).response.n)).toEqual([1, 2, 3]);
    } finally {
      await app.close();
    }
  });
});
