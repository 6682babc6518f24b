import { Logger } from '@nestjs/common';
import { AckPolicy, ConsumerConfig, ConsumerInfo, DeliverPolicy, JetStreamManager, NatsConnection } from 'nats';
import { Subscription } from './consume-options';
import { filterSubjectsFor, supportsManyFilters } from './consumer-filter';

/**
 * Redelivery when a process took an event and never answered (crashed, hung). The backoff between failed attempts is
 * ours (retryDelaysMs, sent with each nak), not the consumer's `backoff` setting: on nats-server 2.9 that setting
 * also shifts a nak's delay (attempt 2 with a 50 ms nak came back after 30 s), so the consumer has none.
 */
const ACK_WAIT_NS = 30e9;

/** The JetStream durable name for a consumer name (its allowed characters). */
export function durableName(consumerName: string): string {
  return consumerName.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** Creates the durable, or brings an existing one to the deployed handlers' filter and delivery limits. */
export async function ensureDurable(
  nc: NatsConnection,
  jsm: JetStreamManager,
  stream: string,
  sub: Pick<Subscription, 'durable' | 'types' | 'maxDeliver' | 'batchSize'>,
  logger: Logger,
): Promise<void> {
  // The server stops after maxDeliver + 1: the spare delivery reaches a process that dead-letters the event
  // without running it, so an event whose handler crashes or hangs the process also ends in the DLQ.
  const serverMaxDeliver = sub.maxDeliver + 1;
  const wanted: Partial<ConsumerConfig> = {
    ...filterSubjectsFor([...sub.types], nc.info?.version),
    max_deliver: serverMaxDeliver,
    backoff: undefined,
    ack_wait: ACK_WAIT_NS,
    // Bounds the events waiting in this process (the next batches) well inside ack_wait.
    max_ack_pending: sub.batchSize * 2,
  };
  const existing = await jsm.consumers.info(stream, sub.durable).catch(() => null);
  if (!existing) {
    await jsm.consumers.add(stream, { durable_name: sub.durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ...wanted });
  } else if (filterDiffers(existing.config, wanted) && !supportsManyFilters(nc.info?.version ?? '2.9.0')) {
    await recreateAtAckFloor(nc, stream, sub.durable, existing, wanted, logger);
  } else if (filterDiffers(existing.config, wanted) || limitsDiffer(existing.config, wanted)) {
    // The code deployed decides what this durable receives: a type added in this release is delivered from now on.
    const update: Partial<ConsumerConfig> = { ...wanted };
    if (wanted.filter_subjects) update.filter_subject = undefined;
    else update.filter_subjects = undefined;
    await jsm.consumers.update(stream, sub.durable, update);
    logger.log(`consumer ${sub.durable}: filter and delivery limits updated to the deployed handlers`);
  }
}

/**
 * nats-server 2.9 accepts a new filter_subject on update but keeps waking the consumer for the old one only (2.9.10
 * here: an event of a newly handled type waited for the next pull, up to 30 s, every time). There the durable is
 * created again with the new filter, starting after its acknowledged floor: events past the floor that were
 * already applied come again and are skipped by their processed ids. Another replica doing the same at the same
 * moment is fine: whichever add wins, the durable ends with the deployed filter.
 */
async function recreateAtAckFloor(
  nc: NatsConnection,
  stream: string,
  durable: string,
  existing: ConsumerInfo,
  wanted: Partial<ConsumerConfig>,
  logger: Logger,
): Promise<void> {
  const jsm = await nc.jetstreamManager();
  const floor = existing.ack_floor.stream_seq;
  await jsm.consumers.delete(stream, durable).catch(() => undefined);
  const start: Partial<ConsumerConfig> = floor > 0 ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: floor + 1 } : { deliver_policy: DeliverPolicy.All };
  try {
    await jsm.consumers.add(stream, { durable_name: durable, ack_policy: AckPolicy.Explicit, ...start, ...wanted });
  } catch (error) {
    const now = await jsm.consumers.info(stream, durable).catch(() => null);
    if (!now || filterDiffers(now.config, wanted)) throw error;
  }
  logger.log(`consumer ${durable}: created again with the deployed handlers' filter, from stream sequence ${floor + 1}`);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function filterDiffers(current: ConsumerConfig, wanted: Partial<ConsumerConfig>): boolean {
  return (
    !same(current.filter_subject || undefined, wanted.filter_subject) ||
    !same(current.filter_subjects?.length ? current.filter_subjects : undefined, wanted.filter_subjects)
  );
}

function limitsDiffer(current: ConsumerConfig, wanted: Partial<ConsumerConfig>): boolean {
  return current.max_deliver !== wanted.max_deliver || !same(current.backoff, wanted.backoff) || current.max_ack_pending !== wanted.max_ack_pending;
}
