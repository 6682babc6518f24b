import { JsMsg } from 'nats';
import { EntityManager } from 'typeorm';
import { DomainEvent } from './domain-event';
import { requestContextFromHeaders } from '../context/context-carriage';
import { runWithRequestContext } from '../context/request-context';
import { traceEventBatch, traceEventHandler } from '../observability/event-telemetry';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler declares the data of the event type it is registered for (DomainEvent<UserEventData>); with unknown those handlers would not fit
export type EventHandler = (event: DomainEvent<any>, manager: EntityManager) => Promise<void>;
/** Handlers by event type, versions included: a consumer lists each version it knows (`x.created.v1`, `x.created.v2`). */
export type EventHandlers = Record<string, EventHandler>;

/**
 * A consumer that applies a batch set-wise (a few statements per batch instead of a few per event; a rebuild
 * replays millions of events). `applyBatch` receives the batch's events not applied before, duplicates dropped,
 * in stream order, inside the consumer's transaction after their ids were marked processed; it must leave the
 * same state as applying them one at a time, in that order. A batch of one is the per-event case (and the
 * fallback after a failed batch), so there is one set of rules.
 */
export interface BatchEventHandlers {
  /** Every type applied, versions included (the durable's filter, as the keys of EventHandlers are). */
  types: readonly string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as EventHandler: the handler declares the data of its types
  applyBatch: (events: DomainEvent<any>[], manager: EntityManager) => Promise<void>;
}

/** A message taken off the stream and the event it carries. */
export interface Received {
  message: JsMsg;
  event: DomainEvent;
}

/** Per-event handlers: each under its event's request context, so its log lines and the events it records carry it on. */
export async function applyEach(durable: string, handlers: EventHandlers, fresh: Received[], manager: EntityManager): Promise<void> {
  for (const { event, message } of fresh) {
    await runWithRequestContext(requestContextFromHeaders(message.headers), () =>
      traceEventHandler(durable, event.type, () => handlers[event.type](event, manager)),
    );
  }
}

/**
 * A set-wise handler. One event (a quiet stream, the fallback after a failed batch) runs exactly as a per-event
 * handler does, under its request context and span. Several have as many request contexts: they run under one
 * batch span linked to each event's span, without a requestId (each event's own id is on its `applied` line).
 */
export async function applySetWise(durable: string, handlers: BatchEventHandlers, fresh: Received[], manager: EntityManager): Promise<void> {
  if (fresh.length === 1) {
    const [{ event, message }] = fresh;
    await runWithRequestContext(requestContextFromHeaders(message.headers), () =>
      traceEventHandler(durable, event.type, () => handlers.applyBatch([event], manager)),
    );
    return;
  }
  const contexts = fresh.map(({ message }) => requestContextFromHeaders(message.headers));
  await runWithRequestContext({}, () => traceEventBatch(durable, contexts, () => handlers.applyBatch(fresh.map(({ event }) => event), manager)));
}
