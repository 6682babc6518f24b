import { EntityManager } from 'typeorm';
import { Received } from './event-handlers';

export interface ConsumeOptions {
  /** Deliveries of one event before it goes to the dead-letter stream (the server keeps one spare, see below). */
  maxDeliver?: number;
  /** Delay before redelivering an event whose handler failed, by attempt (ms; the last value repeats). */
  retryDelaysMs?: number[];
  /** Events applied in one transaction at most. */
  batchSize?: number;
  /**
   * While events keep coming (the last batch was applied less than a linger ago), how long an arriving event waits for
   * others to share its transaction (ms; 0: never). An event after a quiet spell is applied at once.
   */
  lingerMs?: number;
}

export const DEFAULT_MAX_DELIVER = 5;

export const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 15000, 30000];
export const DEFAULT_BATCH_SIZE = 200;
/**
 * Under load a consumer's per-transaction costs (BEGIN, the processed ids, COMMIT, their round trips) dominate its
 * per-event work, one handler statement or two: 10 ms gathers ~5 events a transaction at 450 bookings a second
 * (EVENT_CONSUMER_LINGER_MS; docs/decisions/0052-cpu-per-booking.md, "consumers gather events while they keep coming").
 */
export const DEFAULT_LINGER_MS = Number(process.env.EVENT_CONSUMER_LINGER_MS ?? 10);

/** One durable's settings, as EventConsumer runs it. */
export interface Subscription {
  durable: string;
  /** Types applied; others are acknowledged unapplied. */
  types: ReadonlySet<string>;
  /** Applies the fresh events of one transaction (in stream order): per event, or set-wise. */
  apply: (fresh: Received[], manager: EntityManager) => Promise<void>;
  maxDeliver: number;
  retryDelaysMs: number[];
  batchSize: number;
  lingerMs: number;
  /** Versions of handled types this consumer met without knowing them (warned once each). */
  unknownVersions: Set<string>;
}
