/**
 * The Idempotency-Key of a booking or a payment start (decision 0099): one key per submission, kept while it has not
 * succeeded. When the link drops after the server booked but before the reply arrived, the patient presses the button
 * again with the same form; the same key goes with it and the server answers with the first booking instead of a 409
 * for the patient's own slot. Once the call succeeds the key is dropped: the next submission is a new one.
 */
const pending = new Map<string, string>();

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What two submissions of one call have in common when they are the same submission: the call and what it sends. */
function fingerprint(call: string, content: unknown): string {
  return `${call}\n${JSON.stringify(content)}`;
}

/** Runs `send` with the submission's key: the same key as an unfinished earlier submission of the same content. */
export async function withSubmissionKey<T>(call: string, content: unknown, send: (key: string) => Promise<T>): Promise<T> {
  const id = fingerprint(call, content);
  let key = pending.get(id);
  if (key === undefined) {
    key = newKey();
    pending.set(id, key);
  }
  const reply = await send(key);
  pending.delete(id);
  return reply;
}
