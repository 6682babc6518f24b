import { randomUUID } from 'node:crypto';
import { NatsConnection, ObjectStore } from 'nats';
import { busNamespace } from './bus';

/**
 * Bytes in a request or reply: small ones inline (base64), larger ones through a JetStream object
 * store, because a NATS message is capped (1 MB by default) and a profile picture may be 2 MB.
 * The receiver takes the blob and deletes it; forgotten blobs expire after 15 minutes.
 */
export type BinaryRef = { inline: string } | { blob: string };

const INLINE_LIMIT = 256 * 1024;
const TTL_NANOS = 15 * 60 * 1e9;

export class BinaryTransfer {
  private store?: Promise<ObjectStore>;

  constructor(private readonly nc: NatsConnection) {}

  async send(bytes: Uint8Array): Promise<BinaryRef> {
    if (bytes.length <= INLINE_LIMIT) return { inline: Buffer.from(bytes).toString('base64') };
    const name = randomUUID();
    await (await this.bucket()).putBlob({ name }, bytes);
    return { blob: name };
  }

  async receive(ref: BinaryRef): Promise<Buffer> {
    if ('inline' in ref) return Buffer.from(ref.inline, 'base64');
    const bucket = await this.bucket();
    const bytes = await bucket.getBlob(ref.blob);
    await bucket.delete(ref.blob).catch(() => undefined);
    if (!bytes) throw new Error('Transferred data has expired');
    return Buffer.from(bytes);
  }

  private bucket(): Promise<ObjectStore> {
    this.store ??= this.nc.jetstream().views.os(`${busNamespace().replace(/[^A-Za-z0-9_-]/g, '_')}_blobs`, { ttl: TTL_NANOS });
    return this.store;
  }
}
