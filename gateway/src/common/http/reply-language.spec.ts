import Fastify, { type FastifyInstance } from 'fastify';
import { REFUND_REASONS } from '@afya/payment-service/contracts/catalog';
import { registerReplyTranslation } from './reply-language';

// A reply's server-made texts leave in the language the request asked for (Accept-Language); what a person typed
// (an admin's refund reason) stays as written.
describe('replies in the reader’s language', () => {
  let fastify: FastifyInstance;
  let base: string;
  const payment = (extra: Record<string, unknown>) => ({ payment_id: 7, payment_status: 'refunded', failure_reason: null, refund_reason: null, ...extra });

  beforeAll(async () => {
    fastify = Fastify();
    registerReplyTranslation(fastify);
    fastify.get('/history', async () => [
      payment({ refund_reason: REFUND_REASONS.automatic }),
      payment({ payment_id: 8, refund_reason: 'Doctor unavailable' }),
      payment({ payment_id: 9, payment_status: 'failed', failure_reason: 'The payment was cancelled on the phone.' }),
    ]);
    fastify.post('/refund', async () => ({ message: 'Payment refunded', payment: payment({ refund_reason: REFUND_REASONS.automatic }) }));
    // Over a real socket (fastify.inject's light-my-request is ESM-only under this jest).
    base = await fastify.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => fastify.close());

  const get = (url: string, language?: string, method: 'GET' | 'POST' = 'GET') =>
    fetch(`${base}${url}`, { method, headers: language ? { 'accept-language': language } : {} }).then((r) => r.json());

  it('gives an automatic refund’s reason in Kiswahili, in a list and in a single payment', async () => {
    const list = (await get('/history', 'sw-KE,sw;q=0.9')) as Array<Record<string, unknown>>;
    expect(list.map((p) => [p.refund_reason, p.failure_reason])).toEqual([
      ['Miadi ilighairiwa angalau saa 24 kabla: malipo yamerejeshwa kiotomatiki', null],
      ['Doctor unavailable', null], // typed by an admin: never translated
      [null, 'Malipo yalighairiwa kwenye simu.'],
    ]);
    expect(await get('/refund', 'sw', 'POST')).toMatchObject({
      message: 'Malipo yamerejeshwa',
      payment: { refund_reason: 'Miadi ilighairiwa angalau saa 24 kabla: malipo yamerejeshwa kiotomatiki' },
    });
  });

  it('keeps the English as written for English and for a client that asks for no language', async () => {
    for (const language of ['en-KE', undefined]) {
      const list = (await get('/history', language)) as Array<Record<string, unknown>>;
      expect(list[0]!.refund_reason).toBe(REFUND_REASONS.automatic);
    }
  });
});
