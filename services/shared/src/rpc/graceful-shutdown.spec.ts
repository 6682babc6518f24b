import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { JSONCodec, NatsConnection } from 'nats';
import { connectNats } from '../events/nats-connection';
import { readiness } from '../ops/health';
import { eventually } from '../testing/infrastructure';
import { subject } from './bus';
import { createServiceApp } from './microservice';

const SLOW = subject('test.graceful-shutdown.slow');
const codec = JSONCodec();

/** Requests with hold: true wait until the test releases them: they are the in-flight work of a stopping replica. */
let release: () => void = () => undefined;
let released = new Promise<void>((resolve) => (release = resolve));
const received: string[] = [];

function replicaModule(replica: string) {
  @Controller()
  class SlowController {
    @MessagePattern(SLOW)
    async slow(data: { n: number; hold: boolean }) {
      received.push(`${replica}:${data.n}`);
      if (data.hold) await released;
      return { n: data.n, replica };
    }
  }
  @Module({ controllers: [SlowController] })
  class ReplicaModule {}
  return ReplicaModule;
}

const started: INestMicroservice[] = [];

async function startReplica(replica: string): Promise<INestMicroservice> {
  const app = await createServiceApp({ name: 'graceful', module: replicaModule(replica), logger: ['error'] });
  started.push(app);
  await app.listen();
  return app;
}

describe('stopping a service replica while requests are in flight (real NATS, two replicas in one queue group)', () => {
  let nc: NatsConnection;

  beforeAll(async () => {
    nc = await connectNats('graceful-shutdown-spec');
  });

  afterAll(async () => {
    release();
    for (const app of started) await app.close();
    await nc.drain();
  });

  it('answers every request it took, and the other replica takes the new ones; no request is dropped', async () => {
    released = new Promise<void>((resolve) => (release = resolve));
    const first = await startReplica('first');
    const request = (n: number, hold: boolean) =>
      nc
        .request(SLOW, codec.encode({ pattern: SLOW, data: { n, hold }, id: `r${n}` }), { timeout: 10_000 })
        .then(
          (reply) => codec.decode(reply.data) as { response?: { n: number; replica: string }; err?: unknown },
          (error: Error) => ({ response: undefined, err: error.message }),
        );

    // five requests in flight on the first replica (the only one yet)
    const inFlight = [0, 1, 2, 3, 4].map((n) => request(n, true));
    await eventually(() => expect(received.filter((r) => r.startsWith("first:"))).toHaveLength(5));
    await startReplica('second'); // closed in afterAll

    // SIGTERM does this (enableShutdownHooks): close the first replica while its five requests still run
    const stopped = first.close();
    // it unsubscribes first: readiness reports the drain at once, then the requests it is finishing
    await eventually(async () =>
      expect(Object.values((await readiness()).checks)).toEqual(['draining: finishing 5 request(s) in flight', 'ok']),
    );

    // new requests now reach the second replica only, while the first is still finishing
    const later = await Promise.all([5, 6, 7, 8, 9].map((n) => request(n, false)));
    expect(later.map((reply) => reply.response)).toEqual([5, 6, 7, 8, 9].map((n) => ({ n, replica: 'second' })));

    release();
    const answered = await Promise.all(inFlight);
    await stopped;
    expect(answered.map((reply) => reply.response)).toEqual([0, 1, 2, 3, 4].map((n) => ({ n, replica: 'first' })));
    expect(answered.every((reply) => reply.err === undefined)).toBe(true);
  });
});
