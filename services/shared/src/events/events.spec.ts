import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { JSONCodec, NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { eventually, testInfrastructure, TestInfrastructure } from '../testing';
import { ServiceDatabaseModule } from '../persistence/database.module';
import { DomainEvent } from './domain-event';
import { EventConsumer, filterSubjectFor } from './event-consumer';
import { eventSubject } from './event-stream';
import { EventsModule } from './events.module';
import { NATS_CONNECTION } from './nats-connection';
import { recordEvent } from './outbox';
import { OutboxRelay } from './outbox-relay';

describe('filterSubjectFor', () => {
  it('narrows to one domain when every type shares its root, else takes all events', () => {
    expect(filterSubjectFor(['user.registered', 'user.deleted'])).toBe(`${process.env.AFYA_BUS}.events.user.>`);
    expect(filterSubjectFor(['user.registered', 'appointment.created'])).toBe(`${process.env.AFYA_BUS}.events.>`);
  });
});

describe('outbox → JetStream → idempotent consumer (real PostgreSQL and NATS)', () => {
  let infra: TestInfrastructure;
  let dataSource: DataSource;
  let nc: NatsConnection;
  let close: () => Promise<void>;
  let app: Awaited<ReturnType<typeof NestFactory.createApplicationContext>>;
  const seen: DomainEvent<{ n: number }>[] = [];

  @Module({ imports: [ServiceDatabaseModule.forService({ schema: 'evtest', entities: [], migrations: [] }), EventsModule.forService('evtest')] })
  class EventTestModule {}

  beforeAll(async () => {
    infra = await testInfrastructure();
    app = await NestFactory.createApplicationContext(EventTestModule, { logger: ['error'] });
    close = () => app.close();
    dataSource = app.get(getDataSourceToken());
    nc = app.get(NATS_CONNECTION);
    await app.get(EventConsumer).consume('evtest-consumer', {
      'thing.happened': async (event) => {
        seen.push(event as DomainEvent<{ n: number }>);
      },
    });
  });

  afterAll(async () => {
    await close?.();
    await infra?.cleanup();
  });

  it('publishes a committed event once and applies a redelivered copy only once', async () => {
    const event = await dataSource.transaction((manager) => recordEvent(manager, 'thing.happened', { n: 1 }));
    await eventually(() => expect(seen.map((e) => e.id)).toContain(event.id));
    const [{ published_at }] = await dataSource.query(`SELECT published_at FROM outbox WHERE id = $1`, [event.id]);
    expect(published_at).not.toBeNull();

    // A replay of the same event (new JetStream message id) must not be applied twice.
    await nc.jetstream().publish(eventSubject('thing.happened'), JSONCodec().encode(event), { msgID: 'replay-1' });
    const marker = await dataSource.transaction((manager) => recordEvent(manager, 'thing.happened', { n: 2 }));
    await eventually(() => expect(seen.map((e) => e.id)).toContain(marker.id));
    expect(seen.filter((e) => e.id === event.id)).toHaveLength(1);
  });

  it('prunes published events and applied ids past their retention, and nothing else', async () => {
    const old = await dataSource.transaction((manager) => recordEvent(manager, 'thing.happened', { n: 5 }));
    await eventually(() => expect(seen.map((e) => e.id)).toContain(old.id));
    await dataSource.query(`UPDATE outbox SET published_at = now() - interval '8 days' WHERE id = $1`, [old.id]);
    await dataSource.query(`UPDATE processed_events SET processed_at = now() - interval '9 days' WHERE event_id = $1`, [old.id]);
    await dataSource.query(`INSERT INTO outbox (id, type, payload, created_at) VALUES (gen_random_uuid(), 'thing.pending', '{}', now() - interval '30 days')`);
    const before = Number((await dataSource.query(`SELECT count(*) AS n FROM outbox`))[0].n);

    expect(await app.get(OutboxRelay).prune()).toBe(2);
    expect(await dataSource.query(`SELECT 1 FROM outbox WHERE id = $1`, [old.id])).toHaveLength(0);
    expect(await dataSource.query(`SELECT 1 FROM processed_events WHERE event_id = $1`, [old.id])).toHaveLength(0);
    // Unpublished rows are never pruned, however old.
    expect(Number((await dataSource.query(`SELECT count(*) AS n FROM outbox`))[0].n)).toBe(before - 1);
    await dataSource.query(`DELETE FROM outbox WHERE type = 'thing.pending'`);
  });

  it('never publishes an event whose transaction rolled back', async () => {
    let rolledBackId = '';
    await expect(
      dataSource.transaction(async (manager) => {
        rolledBackId = (await recordEvent(manager, 'thing.happened', { n: 3 })).id;
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    const marker = await dataSource.transaction((manager) => recordEvent(manager, 'thing.happened', { n: 4 }));
    await eventually(() => expect(seen.map((e) => e.id)).toContain(marker.id));
    expect(seen.map((e) => e.id)).not.toContain(rolledBackId);
    expect(await dataSource.query(`SELECT 1 FROM outbox WHERE id = $1`, [rolledBackId])).toHaveLength(0);
  });
});
