/** An event as it travels on JetStream. `id` is the outbox row id: consumers deduplicate on it. */
export interface DomainEvent<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  data: T;
}
