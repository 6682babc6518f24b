import { JetStreamManager, NatsConnection, RetentionPolicy, StorageType } from 'nats';
import { busNamespace } from '../rpc/bus';

/** One JetStream stream per bus namespace holds every domain event: `<ns>.events.<type>`. */
export function eventStreamName(): string {
  return `${busNamespace().replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_EVENTS`;
}

export function eventSubject(type: string): string {
  return `${busNamespace()}.events.${type}`;
}

const SEVEN_DAYS_NS = 7 * 24 * 60 * 60 * 1e9;
const TWO_MINUTES_NS = 2 * 60 * 1e9;

export async function ensureEventStream(nc: NatsConnection): Promise<JetStreamManager> {
  const jsm = await nc.jetstreamManager();
  const name = eventStreamName();
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add({
        name,
        subjects: [`${busNamespace()}.events.>`],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        max_age: SEVEN_DAYS_NS,
        // msgID = outbox id: a relay that publishes twice (crash before marking) is deduplicated here.
        duplicate_window: TWO_MINUTES_NS,
      });
    } catch (error) {
      // Another process created it between our info() and add(): fine.
      await jsm.streams.info(name).catch(() => {
        throw error;
      });
    }
  }
  return jsm;
}
