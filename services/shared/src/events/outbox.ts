import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { DomainEvent } from './domain-event';

/** LISTEN/NOTIFY channel the relay waits on; NOTIFY is delivered at commit, never for a rolled-back change. */
export const OUTBOX_CHANNEL = 'afya_outbox';

/**
 * Record a domain event in the same transaction as the change it describes.
 * Pass the transaction's EntityManager: if the change rolls back, the event never existed.
 */
export async function recordEvent<T>(manager: EntityManager, type: string, data: T): Promise<DomainEvent<T>> {
  const event: DomainEvent<T> = { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
  await manager.query(`INSERT INTO outbox (id, type, payload, created_at) VALUES ($1, $2, $3, $4)`, [
    event.id,
    event.type,
    JSON.stringify(event),
    event.occurredAt,
  ]);
  await manager.query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
  return event;
}
