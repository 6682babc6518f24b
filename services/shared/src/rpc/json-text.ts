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
  /**
   * @param total for a list whose body is one page (a bare array): how many rows the whole list has. It travels
   *   beside the body (JSON_TEXT_TOTAL_HEADER), so the gateway can put it in X-Total-Count without parsing.
   */
  constructor(
    readonly body: string | Uint8Array,
    readonly total?: number,
  ) {}

  /** The body as a value, for a caller that needs the data rather than the text to pass on. */
  parse<T>(): T {
    const text = typeof this.body === 'string' ? this.body : Buffer.from(this.body.buffer, this.body.byteOffset, this.body.byteLength).toString('utf8');
    return JSON.parse(text) as T;
  }
}

/** The NATS header that says "the data is the reply's JSON body itself". */
export const JSON_TEXT_HEADER = 'Afya-Json-Text';
/** The NATS header carrying a JsonText's list total. */
export const JSON_TEXT_TOTAL_HEADER = 'Afya-Total-Count';

/** The JsonText a reply message carries (call only when isJsonTextReply): its bytes and its list total, if any. */
export function jsonTextOf(message: { data: Uint8Array; headers?: MsgHdrs }): JsonText {
  const total = message.headers?.get(JSON_TEXT_TOTAL_HEADER);
  return new JsonText(message.data, total ? Number(total) : undefined);
}

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
      if (packet.response.total !== undefined) headers.set(JSON_TEXT_TOTAL_HEADER, String(packet.response.total));
      const { body } = packet.response;
      return { data: typeof body === 'string' ? Buffer.from(body, 'utf8') : body, headers };
    }
    // What Nest's NatsRecordSerializer sends for a reply (it carries no headers).
    return { data: JSON.stringify(packet) };
  }
}
