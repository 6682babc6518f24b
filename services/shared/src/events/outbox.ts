import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { portableContext } from '../context/context-carriage';
import { DomainEvent } from './domain-event';

/**
 * The LISTEN/NOTIFY channel of one schema's outbox (NOTIFY is delivered at commit, never for a rolled-back change).
 * One per schema: the services share a database, and a channel for all would wake every service's relay for every
 * other service's event (measured: ~4.5 empty relay transactions per booking). PostgreSQL caps a channel's name at 63.
 */
export function outboxChannel(schema: string | undefined): string {
  return (schema ? `afya_outbox_${schema}` : 'afya_outbox').slice(0, 63);
}

/** An event to record: its type and data (recordEvents gives it its id and time). */
export interface EventToRecord<T = unknown> {
  type: string;
  data: T;
}

/**
 * Record a domain event in the same transaction as the change it describes.
 * Pass the transaction's EntityManager: if the change rolls back, the event never existed.
 */
export async function recordEvent<T>(manager: EntityManager, type: string, data: T): Promise<DomainEvent<T>> {
  const [event] = await recordEvents(manager, [{ type, data }]);
  return event as DomainEvent<T>;
}

/**
 * Several events of one change, in order, in one statement (the rows and the relay's wake-up together): a change
 * that records two events makes one round trip to PostgreSQL for them, not four.
 */
export async function recordEvents(manager: EntityManager, events: EventToRecord[]): Promise<DomainEvent[]> {
  const occurredAt = new Date().toISOString();
  const recorded: DomainEvent[] = events.map(({ type, data }) => ({ id: randomUUID(), type, occurredAt, data }));
  if (!recorded.length) return recorded;
  // The request's context (request id, trace context) goes with the event: the relay sends it as message headers.
  const context = portableContext();
  const contextJson = context ? JSON.stringify(context) : null;
  const params: unknown[] = [outboxChannel((manager.connection.options as { schema?: string }).schema), occurredAt, contextJson];
  // created_at orders the relay: the change's events a microsecond apart keep their order; the context is shared.
  const rows = recorded.map((event, i) => {
    params.push(event.id, event.type, JSON.stringify(event));
    const n = params.length;
    return `($${n - 2}::uuid, $${n - 1}, $${n}::jsonb, $2::timestamptz + interval '${i} microseconds', $3::jsonb)`;
  });
  // A data-modifying WITH always runs to completion, so the rows are in before the NOTIFY is queued (sent at commit).
  await manager.query(
    `WITH recorded AS (INSERT INTO outbox (id, type, payload, created_at, context) VALUES ${rows.join(', ')} RETURNING 1)
     SELECT pg_notify($1, '')`,
    params,
  );
  return recorded;
}
