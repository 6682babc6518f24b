import { headers as natsHeaders } from 'nats';
import { isJsonTextReply, JSON_TEXT_HEADER, JsonText, jsonTextOf, ServiceReplySerializer } from './json-text';

describe('JsonText replies', () => {
  const serializer = new ServiceReplySerializer();

  it('sends a JsonText as the message bytes themselves, marked by a header', () => {
    const body = '{"appointments":[{"notes":"Chest pain \\"on and off\\" – Nairobi"}]}';
    const message = serializer.serialize({ id: 'r1', response: new JsonText(body), isDisposed: true });
    expect(Buffer.from(message.data as Uint8Array).toString('utf8')).toBe(body);
    expect(isJsonTextReply(message.headers)).toBe(true);
    expect(new JsonText(message.data as Uint8Array).parse()).toEqual(JSON.parse(body));
  });

  it("carries a list page's total beside the bytes, and the receiver reads both", () => {
    const message = serializer.serialize({ id: 'r4', response: new JsonText('[{"appointment_id":7}]', 31), isDisposed: true });
    const received = jsonTextOf({ data: message.data as Uint8Array, headers: message.headers });
    expect(received.total).toBe(31);
    expect(received.parse()).toEqual([{ appointment_id: 7 }]);
    const untotalled = serializer.serialize({ id: 'r5', response: new JsonText('{}'), isDisposed: true });
    expect(jsonTextOf({ data: untotalled.data as Uint8Array, headers: untotalled.headers }).total).toBeUndefined();
  });

  it("keeps Nest's JSON packet for every other reply and for errors", () => {
    const plain = serializer.serialize({ id: 'r2', response: { ok: true }, isDisposed: true });
    expect(JSON.parse(plain.data as string)).toEqual({ id: 'r2', response: { ok: true }, isDisposed: true });
    expect(plain.headers).toBeUndefined();
    const failed = serializer.serialize({ id: 'r3', err: { statusCode: 404, message: 'Appointment not found' } });
    expect(JSON.parse(failed.data as string)).toEqual({ id: 'r3', err: { statusCode: 404, message: 'Appointment not found' } });
  });

  it('recognises only its own header', () => {
    const other = natsHeaders();
    other.set('Other', '1');
    expect(isJsonTextReply(other)).toBe(false);
    expect(isJsonTextReply(undefined)).toBe(false);
    other.set(JSON_TEXT_HEADER, '1');
    expect(isJsonTextReply(other)).toBe(true);
  });
});
