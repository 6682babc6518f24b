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
  const seen: DomainEvent<{ n: number }>[] = [];

  @Module({ imports: [ServiceDatabaseModule.forService({ schema: 'evtest', entities: [], migrations: [] }), EventsModule.forService('evtest')] })
  class EventTestModule {}

  beforeAll(async () => {
    infra = await testInfrastructure();
    const app = await NestFactory.createApplicationContext(EventTestModule, { logger: ['error'] });
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
