import { randomUUID } from 'node:crypto';
import type { Msg } from 'nats';
import { isJsonTextReply, jsonTextOf } from './json-text';

/**
 * The wire format of Nest's NATS transport, which the services run (@nestjs/microservices ServerNats with
 * its default NatsRequestJSONDeserializer): a request is the JSON text `{"pattern", "data", "id"}` (a packet
 * without `id` would be an event with no reply), and a reply is `{"id", "response"}` or `{"id", "err"}`
 * (plus `isDisposed`). Nest does not export the serializer its ClientNats uses, so BusClient (bus-client.ts), the
 * one caller of services, writes the same shape here; the services' ServiceReplySerializer (json-text.ts) answers
 * in it, except a JsonText reply, which arrives as the message's own bytes marked by a NATS header.
 */
export interface NestReplyPacket<T> {
  id?: string;
  response?: T;
  err?: unknown;
  isDisposed?: boolean;
}

/** A failed reply: `err` is what the service's exception filter sent (our `{statusCode, message}` shape). */
export class NestReplyError extends Error {
  constructor(readonly err: unknown) {
    super('service replied with an error');
  }
}

export function encodeNestRequest(pattern: string, data: unknown): Uint8Array {
  return Buffer.from(JSON.stringify({ pattern, data, id: randomUUID() }), 'utf8');
}

/** The reply's value: a JsonText for a raw-JSON reply, else the packet's `response`; throws NestReplyError on `err`. */
export function decodeNestReply<T>(message: Pick<Msg, 'data' | 'headers'>): T {
  if (isJsonTextReply(message.headers)) return jsonTextOf(message) as T;
  const { data } = message;
  const packet = JSON.parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8')) as NestReplyPacket<T>;
  if (packet.err !== undefined && packet.err !== null) throw new NestReplyError(packet.err);
  return packet.response as T;
}
