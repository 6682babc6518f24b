import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { NatsConnection, Subscription } from 'nats';
import { DomainEvent, eventSubject, NATS_CONNECTION } from '@afya/service-shared';
import { SupportEvents, TicketEventData, TicketMessageEventData } from '@afya/support-service/contracts';

/** What a browser's conversation stream receives: which ticket changed and how (never a message body). */
export interface TicketStreamEvent {
  type: string;
  ticket_id: number;
  message_id?: number;
  sender_role?: string;
  status?: string;
  at: string;
}
type Listener = (event: TicketStreamEvent) => void;

/**
 * Fans the support service's ticket events out to the open conversation streams of this gateway replica.
 *
 * One core-NATS subscription per replica on the events' JetStream subjects (`<ns>.events.support.ticket.>`): the
 * outbox relay publishes each event to its stream subject, which plain subscribers hear as well, so every
 * replica sees every event with no durable consumer to create or clean up per browser. A stream is a
 * live view only: whatever happened while it was down is read again through GET /support/{id}/messages
 * (the browser refetches on reconnect and polls while disconnected).
 */
@Injectable()
export class TicketEventsHub implements OnModuleDestroy {
  private readonly logger = new Logger('TicketEventsHub');
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly enders = new Set<() => void>();
  private subscription: Subscription | null = null;

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  /**
   * Calls `listener` for each event of ticket `ticketId` until the returned function is called; `end` is called
   * when this gateway shuts down (an open stream would otherwise hold the server open).
   */
  listen(ticketId: number, listener: Listener, end: () => void): () => void {
    this.ensureSubscribed();
    let set = this.listeners.get(ticketId);
    if (!set) this.listeners.set(ticketId, (set = new Set()));
    set.add(listener);
    this.enders.add(end);
    return () => {
      set.delete(listener);
      this.enders.delete(end);
      if (!set.size) this.listeners.delete(ticketId);
    };
  }

  /** Streams open on this replica (for tests and logs). */
  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private ensureSubscribed(): void {
    if (this.subscription) return;
    this.subscription = this.nc.subscribe(eventSubject('support.ticket.>'), {
      callback: (error, message) => {
        if (error) return this.logger.warn(`ticket events: ${error.message}`);
        let event: DomainEvent<TicketEventData | TicketMessageEventData>;
        try {
          event = message.json();
        } catch {
          return;
        }
        const ticketId = event?.data?.ticket_id;
        const set = typeof ticketId === 'number' ? this.listeners.get(ticketId) : undefined;
        if (!set) return;
        const data = event.data as Partial<TicketEventData & TicketMessageEventData>;
        const streamEvent: TicketStreamEvent = {
          type: event.type,
          ticket_id: ticketId,
          ...(event.type === SupportEvents.messageCreated ? { message_id: data.message_id, sender_role: data.sender_role } : { status: data.status }),
          at: event.occurredAt,
        };
        for (const listener of [...set]) listener(streamEvent);
      },
    });
  }

  onModuleDestroy(): void {
    for (const end of [...this.enders]) end();
    this.enders.clear();
    this.subscription?.unsubscribe();
    this.subscription = null;
    this.listeners.clear();
  }
}
