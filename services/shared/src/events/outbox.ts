import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { portableContext } from '../context/context-carriage';
import { DomainEvent } from './domain-event';

/** LISTEN/NOTIFY channel the relay waits on; NOTIFY is delivered at commit, never for a rolled-back change. */
export const OUTBOX_CHANNEL = 'afya_outbox';

/**
 * Record a domain event in the same transaction as the change it describes.
 * Pass the transaction's EntityManager: if the change rolls back, the event never existed.
 */
export async function recordEvent<T>(manager: EntityManager, type: string, data: T): Promise<DomainEvent<T>> {
  const event: DomainEvent<T> = { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
  // The request's context (request id, trace context) goes with the event: the relay sends it as message headers.
  const context = portableContext();
  await manager.query(`INSERT INTO outbox (id, type, payload, created_at, context) VALUES ($1, $2, $3, $4, $5)`, [
    event.id,
    event.type,
    JSON.stringify(event),
    event.occurredAt,
    context ? JSON.stringify(context) : null,
  ]);
  await manager.query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
  return event;
}
