import { NatsRequestJSONDeserializer } from '@nestjs/microservices';
import { JsonText, ServiceReplySerializer } from './json-text';
import { decodeNestReply, encodeNestRequest, NestReplyError } from './nest-nats-wire';

describe("Nest's NATS packet, as BusClient writes and reads it", () => {
  it("writes a request that Nest's own NATS deserializer reads as a request (with an id, not an event)", () => {
    const bytes = encodeNestRequest('afya.auth.login', { principal: null, payload: { email: 'a@b.ke' } });
    const text = Buffer.from(bytes).toString('utf8');
    const packet = new NatsRequestJSONDeserializer().deserialize({ json: () => JSON.parse(text) }, { channel: 'afya.auth.login' });
    expect(packet).toEqual({ pattern: 'afya.auth.login', data: { principal: null, payload: { email: 'a@b.ke' } }, id: expect.any(String) });
  });

  it("reads the services' replies: a response, an error, and a JsonText as raw bytes", () => {
    const serializer = new ServiceReplySerializer();
    const asMessage = (reply: { data: Uint8Array | string; headers?: unknown }) => ({
      data: typeof reply.data === 'string' ? Buffer.from(reply.data) : reply.data,
      headers: reply.headers as never,
    });
    expect(decodeNestReply(asMessage(serializer.serialize({ id: '1', response: { ok: true }, isDisposed: true })))).toEqual({ ok: true });

    const failed = (() => {
      try {
        decodeNestReply(asMessage(serializer.serialize({ id: '2', err: { statusCode: 404, message: 'Appointment not found' } })));
      } catch (error) {
        return error;
      }
    })();
    expect(failed).toBeInstanceOf(NestReplyError);
    expect((failed as NestReplyError).err).toEqual({ statusCode: 404, message: 'Appointment not found' });

    const text = decodeNestReply<JsonText>(asMessage(serializer.serialize({ id: '3', response: new JsonText('{"appointments":[]}'), isDisposed: true })));
    expect(text).toBeInstanceOf(JsonText);
    expect(text.parse()).toEqual({ appointments: [] });
  });
});
