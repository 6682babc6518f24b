import { headers as natsHeaders, JsMsg, MsgHdrs, NatsConnection } from 'nats';
import { DomainEvent } from './domain-event';
import { deadLetterStreamName, deadLetterSubject } from './event-stream';

/** Headers of a dead letter: where the event came from and why the consumer gave up on it. */
export const DeadLetterHeaders = {
  subject: 'Afya-Dlq-Subject',
  stream: 'Afya-Dlq-Stream',
  sequence: 'Afya-Dlq-Sequence',
  consumer: 'Afya-Dlq-Consumer',
  deliveries: 'Afya-Dlq-Deliveries',
  error: 'Afya-Dlq-Error',
  at: 'Afya-Dlq-At',
} as const;

/**
 * A replayed dead letter is published on its original subject with this header naming the consumer it is for:
 * every other consumer of the stream acknowledges it without applying it (they applied the original already).
 */
export const REPLAY_FOR_HEADER = 'Afya-Replay-For';
export const REPLAYED_FROM_HEADER = 'Afya-Replayed-From';

const OWN_HEADERS = new Set<string>([...Object.values(DeadLetterHeaders), REPLAY_FOR_HEADER, REPLAYED_FROM_HEADER].map((h) => h.toLowerCase()));

/** Header values are one line: the error's first line, bounded. */
function headerText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').slice(0, 1000);
}

function copyHeaders(from: MsgHdrs | undefined, to: MsgHdrs): void {
  if (!from) return;
  for (const key of from.keys()) {
    if (OWN_HEADERS.has(key.toLowerCase())) continue;
    for (const value of from.values(key)) to.append(key, value);
  }
}

/**
 * Publishes a message a consumer gave up on to the dead-letter stream, with the original's headers and the
 * dead-letter headers. The message id makes a second attempt (crash before the original was terminated) a no-op.
 */
export async function publishDeadLetter(nc: NatsConnection, message: JsMsg, service: string, consumer: string, error: string): Promise<void> {
  const h = natsHeaders();
  copyHeaders(message.headers, h);
  h.set(DeadLetterHeaders.subject, message.subject);
  h.set(DeadLetterHeaders.stream, message.info.stream);
  h.set(DeadLetterHeaders.sequence, String(message.info.streamSequence));
  h.set(DeadLetterHeaders.consumer, consumer);
  h.set(DeadLetterHeaders.deliveries, String(message.info.deliveryCount));
  h.set(DeadLetterHeaders.error, headerText(error) || 'unknown error');
  h.set(DeadLetterHeaders.at, new Date().toISOString());
  await nc.jetstream().publish(deadLetterSubject(service, consumer, message.subject), message.data, {
    headers: h,
    msgID: `${message.info.stream}:${message.info.streamSequence}:${consumer}`,
  });
}

export interface DeadLetter {
  /** Sequence in the dead-letter stream: what `dlq replay --seq` takes. */
  seq: number;
  at: string;
  consumer: string;
  subject: string;
  streamSequence: number;
  deliveries: number;
  error: string;
  eventId: string | null;
  eventType: string | null;
}

export interface DeadLetterFilter {
  consumer?: string;
  seq?: number;
}

function describe(seq: number, header: MsgHdrs | undefined, data: Uint8Array): DeadLetter {
  const get = (name: string) => header?.get(name) ?? '';
  let event: Partial<DomainEvent> = {};
  try {
    event = JSON.parse(new TextDecoder().decode(data)) as DomainEvent;
  } catch {
    // unreadable payload: listed with its headers only
  }
  return {
    seq,
    at: get(DeadLetterHeaders.at),
    consumer: get(DeadLetterHeaders.consumer),
    subject: get(DeadLetterHeaders.subject),
    streamSequence: Number(get(DeadLetterHeaders.sequence)) || 0,
    deliveries: Number(get(DeadLetterHeaders.deliveries)) || 0,
    error: get(DeadLetterHeaders.error),
    eventId: typeof event.id === 'string' ? event.id : null,
    eventType: typeof event.type === 'string' ? event.type : null,
  };
}

function matches(letter: DeadLetter, filter: DeadLetterFilter): boolean {
  return (filter.seq === undefined || letter.seq === filter.seq) && (!filter.consumer || letter.consumer === filter.consumer);
}

/** Reads the dead-letter stream by sequence (it stays small: a few poison events between fixes). */
async function* deadLetterMessages(nc: NatsConnection, filter: DeadLetterFilter) {
  const jsm = await nc.jetstreamManager();
  const stream = deadLetterStreamName();
  const { state } = await jsm.streams.info(stream);
  if (!state.messages) return;
  const first = filter.seq ?? state.first_seq;
  const last = filter.seq ?? state.last_seq;
  for (let seq = first; seq <= last; seq++) {
    const stored = await jsm.streams.getMessage(stream, { seq }).catch(() => null); // deleted (replayed) sequences
    if (!stored) continue;
    const letter = describe(seq, stored.header, stored.data);
    if (matches(letter, filter)) yield { letter, stored };
  }
}

export async function listDeadLetters(nc: NatsConnection, filter: DeadLetterFilter = {}): Promise<DeadLetter[]> {
  const letters: DeadLetter[] = [];
  for await (const { letter } of deadLetterMessages(nc, filter)) letters.push(letter);
  return letters;
}

/**
 * Publishes dead letters again on their original subjects, for the consumer that gave up on each (other consumers
 * skip it), then removes them from the dead-letter stream. Returns what was replayed.
 */
export async function replayDeadLetters(nc: NatsConnection, filter: DeadLetterFilter = {}): Promise<DeadLetter[]> {
  const jsm = await nc.jetstreamManager();
  const js = nc.jetstream();
  const replayed: DeadLetter[] = [];
  for await (const { letter, stored } of deadLetterMessages(nc, filter)) {
    const h = natsHeaders();
    copyHeaders(stored.header, h);
    h.set(REPLAY_FOR_HEADER, letter.consumer);
    h.set(REPLAYED_FROM_HEADER, `${deadLetterStreamName()}:${letter.seq}`);
    // A fresh message id: the original's would be dropped by the event stream's duplicate window.
    await js.publish(letter.subject, stored.data, { headers: h, msgID: `replay:${deadLetterStreamName()}:${letter.seq}` });
    await jsm.streams.deleteMessage(deadLetterStreamName(), letter.seq, false);
    replayed.push(letter);
  }
  return replayed;
}
