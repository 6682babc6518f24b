import { connectNats, DomainEvent, eventStreamName, eventSubject } from '@afya/service-shared';

/** Every event of one type stored in this test file's JetStream stream (what consumers will receive). */
export async function storedEvents<T = Record<string, unknown>>(type: string): Promise<DomainEvent<T>[]> {
  const nc = await connectNats('gateway-test-event-stream');
  try {
    const consumer = await nc.jetstream().consumers.get(eventStreamName(), { filterSubjects: eventSubject(type) });
    const events: DomainEvent<T>[] = [];
    // An ordered consumer starts on the first fetch; the fetch ends when nothing more arrives in time.
    const messages = await consumer.fetch({ max_messages: 10_000, expires: 1000 });
    for await (const message of messages) events.push(message.json<DomainEvent<T>>());
    return events;
  } finally {
    await nc.close();
  }
}
