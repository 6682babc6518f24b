import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { JSONCodec, NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { connectNats } from '../events/nats-connection';
import { ServiceDatabaseModule } from '../persistence/database.module';
import { testInfrastructure, TestInfrastructure } from '../testing';
import { subject } from './bus';
import type { RpcRequest } from './envelope';
import { currentDeadline, withDeadline, withoutDeadline } from './deadline';
import { createServiceApp } from './microservice';

const WRITE = subject('test.deadline.write');
const SLOW_READ = subject('test.deadline.slow-read');

/** A write whose transaction takes `holdMs` before COMMIT, and a read that takes `sleepMs` in PostgreSQL. */
@Controller()
class SlowController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @MessagePattern(WRITE)
  async write({ payload }: RpcRequest<{ tag: string; holdMs: number }>) {
    await this.db.transaction(async (manager) => {
      await manager.query('INSERT INTO writes (tag) VALUES ($1)', [payload.tag]);
      await new Promise((resolve) => setTimeout(resolve, payload.holdMs));
    });
    return { ok: true };
  }

  @MessagePattern(SLOW_READ)
  async slowRead({ payload }: RpcRequest<{ sleepMs: number }>) {
    return this.db.transaction(async (manager) => manager.query('SELECT pg_sleep($1::float / 1000) AS slept', [payload.sleepMs]));
  }
}

@Module({
  imports: [ServiceDatabaseModule.forService({ schema: 'deadline', entities: [], migrations: [] })],
  controllers: [SlowController],
})
class SlowModule {}

const codec = JSONCodec();

describe('deadlines in the request envelope (real NATS + PostgreSQL)', () => {
  let infra: TestInfrastructure;
  let app: INestMicroservice;
  let nc: NatsConnection;
  let db: DataSource;

  const call = async (pattern: string, payload: unknown, deadline?: number) => {
    const data: RpcRequest = { principal: null, payload, requestId: 'deadline-spec', deadline };
    const reply = await nc.request(pattern, codec.encode({ pattern, data, id: '1' }), { timeout: 5000 });
    return codec.decode(reply.data) as { response?: unknown; err?: { statusCode: number; code?: string } };
  };
  const tags = async (): Promise<string[]> => (await db.query('SELECT tag FROM writes ORDER BY tag')).map((r: { tag: string }) => r.tag);

  beforeAll(async () => {
    infra = await testInfrastructure();
    app = await createServiceApp({ name: 'deadline', module: SlowModule, logger: ['error'] });
    await app.listen();
    db = app.get(DataSource);
    await db.query('CREATE TABLE writes (tag text PRIMARY KEY)');
    nc = await connectNats('deadline-spec');
  });

  afterAll(async () => {
    await nc?.drain();
    await app?.close();
    await infra?.cleanup();
  });

  it('commits work that finishes in time, with or without a deadline', async () => {
    expect((await call(WRITE, { tag: 'a-in-time', holdMs: 0 }, Date.now() + 3000)).response).toEqual({ ok: true });
    expect((await call(WRITE, { tag: 'b-no-deadline', holdMs: 0 })).response).toEqual({ ok: true });
    expect(await tags()).toEqual(['a-in-time', 'b-no-deadline']);
  });

  it('does not start work that arrives after its deadline', async () => {
    expect((await call(WRITE, { tag: 'c-late', holdMs: 0 }, Date.now() - 1)).err).toMatchObject({ statusCode: 504, code: 'DEADLINE' });
    expect(await tags()).not.toContain('c-late');
  });

  it('rolls back a write that would commit after the deadline', async () => {
    expect((await call(WRITE, { tag: 'd-too-slow', holdMs: 400 }, Date.now() + 150)).err).toMatchObject({ statusCode: 504 });
    expect(await tags()).not.toContain('d-too-slow');
  });

  it('leaves background work started without the deadline alone', () => {
    withDeadline(123, () => {
      expect(currentDeadline()).toBe(123);
      withoutDeadline(() => expect(currentDeadline()).toBeUndefined());
    });
  });

  it('cancels a statement running past the deadline (statement_timeout = time left)', async () => {
    const started = Date.now();
    expect((await call(SLOW_READ, { sleepMs: 3000 }, Date.now() + 300)).err).toMatchObject({ statusCode: 504 });
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
