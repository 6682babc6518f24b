import { headers as natsHeaders, MsgHdrs } from 'nats';
import type { Serializer } from '@nestjs/microservices';

/**
 * A reply whose body is already JSON text (built by PostgreSQL, e.g. a 50-row appointment list).
 * It crosses the bus as the NATS message's own bytes, marked by a header, instead of as a string escaped
 * inside Nest's JSON reply packet: the service never re-escapes it and the gateway never parses it
 * (measured: escaping and parsing a 36 KB list was ~14% of the service's and gateway's CPU on the hot read).
 * The service builds it from a string; the gateway receives it with the bytes.
 */
export class JsonText {
  constructor(readonly body: string | Uint8Array) {}

  /** The body as a value, for a caller that needs the data rather than the text to pass on. */
  parse<T>(): T {
    const text = typeof this.body === 'string' ? this.body : Buffer.from(this.body.buffer, this.body.byteOffset, this.body.byteLength).toString('utf8');
    return JSON.parse(text) as T;
  }
}

/** The NATS header that says "the data is the reply's JSON body itself". */
export const JSON_TEXT_HEADER = 'Afya-Json-Text';

/** A reply message that carries a JsonText body (see JsonText). */
export function isJsonTextReply(headers: MsgHdrs | undefined): boolean {
  return headers?.get(JSON_TEXT_HEADER) === '1';
}

/**
 * The services' reply serializer: Nest's own JSON packet for every reply, except a successful JsonText, which
 * leaves as raw bytes with JSON_TEXT_HEADER.
 */
export class ServiceReplySerializer implements Serializer {
  serialize(packet: { response?: unknown; err?: unknown; isDisposed?: boolean; id?: string }): { data: Uint8Array | string; headers?: MsgHdrs } {
    if (packet?.response instanceof JsonText && packet.err == null) {
      const headers = natsHeaders();
      headers.set(JSON_TEXT_HEADER, '1');
      const { body } = packet.response;
      return { data: typeof body === 'string' ? Buffer.from(body, 'utf8') : body, headers };
    }
    // What Nest's NatsRecordSerializer sends for a reply (it carries no headers).
    return { data: JSON.stringify(packet) };
  }
}
