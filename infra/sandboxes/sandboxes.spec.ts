import Stripe from 'stripe';
import { type SandboxCredentials, type Sandboxes, startSandboxes } from './index';

// The sandboxes refuse malformed requests the way the providers do, and what they send verifies with the real
// SDK: a webhook's signature with stripe.webhooks.constructEvent. (The payment service's own behaviour against
// them is tested in gateway/test/payments.)

let sandboxes: Sandboxes;
let c: SandboxCredentials;
const received: { body: string; signature: string | null }[] = [];
let hook: import('node:http').Server;

beforeAll(async () => {
  const http = await import('node:http');
  hook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ body, signature: (req.headers['stripe-signature'] as string) ?? null });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const port = (hook.address() as { port: number }).port;
  sandboxes = await startSandboxes({ gatewayUrl: `http://127.0.0.1:${port}`, darajaDelayMs: 50 });
  c = sandboxes.credentials;
  sandboxes.stripe.setWebhookUrl(`http://127.0.0.1:${port}/hook`);
});

afterAll(async () => {
  await sandboxes?.close();
  await new Promise((resolve) => hook.close(resolve));
});

const stripeClient = (key = c.stripeSecretKey) => {
  const base = new URL(sandboxes.stripe.url);
  return new Stripe(key, { host: base.hostname, port: Number(base.port), protocol: 'http', maxNetworkRetries: 0 });
};
const session = (amount = 150000) => ({
  mode: 'payment' as const,
  client_reference_id: '7',
  metadata: { appointment_id: '7' },
  line_items: [{ quantity: 1, price_data: { currency: 'kes', unit_amount: amount, product_data: { name: 'Consultation' } } }],
  success_url: 'http://app/payment-success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://app/payment-cancel',
});

describe('Stripe sandbox', () => {
  it('refuses a wrong API key (401) and a session without required params (400), like Stripe', async () => {
    await expect(stripeClient('sk_test_wrong').checkout.sessions.create(session())).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    await expect(stripeClient().checkout.sessions.create({ ...session(), success_url: undefined } as never)).rejects.toMatchObject({ statusCode: 400, param: 'success_url' });
    await expect(stripeClient().checkout.sessions.create(session(100))).rejects.toMatchObject({ statusCode: 400 });
    await expect(stripeClient().checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('replays an idempotent create, and refuses the same key with other params', async () => {
    const first = await stripeClient().checkout.sessions.create(session(), { idempotencyKey: 'k-1' });
    const again = await stripeClient().checkout.sessions.create(session(), { idempotencyKey: 'k-1' });
    expect(again.id).toBe(first.id);
    await expect(stripeClient().checkout.sessions.create(session(200000), { idempotencyKey: 'k-1' })).rejects.toMatchObject({ statusCode: 400 });
  });

  it("Pay sends a checkout.session.completed webhook that Stripe's SDK verifies, then redirects to success_url", async () => {
    const created = await stripeClient().checkout.sessions.create(session());
    expect(await (await fetch(created.url!)).text()).toContain('Sandbox: no real money');
    const pay = await fetch(`${created.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`http://app/payment-success?session_id=${created.id}`);
    const delivery = received.at(-1)!;
    const event = stripeClient().webhooks.constructEvent(delivery.body, delivery.signature!, c.stripeWebhookSecret);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.data.object).toMatchObject({ id: created.id, payment_status: 'paid', amount_total: 150000 });
    expect(() => stripeClient().webhooks.constructEvent(delivery.body.replace('150000', '1'), delivery.signature!, c.stripeWebhookSecret)).toThrow();
    const refund = await stripeClient().refunds.create({ payment_intent: (event.data.object as { payment_intent: string }).payment_intent });
    expect(refund.status).toBe('succeeded');
  });
});

describe('Daraja sandbox', () => {
  const daraja = (path: string, init?: RequestInit) => fetch(`${sandboxes.daraja.url}${path}`, init);
  const token = async () => {
    const res = await daraja('/oauth/v1/generate?grant_type=client_credentials', { headers: { authorization: `Basic ${Buffer.from(`${c.darajaConsumerKey}:${c.darajaConsumerSecret}`).toString('base64')}` } });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const timestamp = () => new Date(Date.now() + 3 * 3600 * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const push = async (overrides: Record<string, unknown> = {}, bearer?: string) => {
    const ts = timestamp();
    const body = {
      BusinessShortCode: c.darajaShortcode,
      Password: Buffer.from(`${c.darajaShortcode}${c.darajaPasskey}${ts}`).toString('base64'),
      Timestamp: ts,
      TransactionType: 'CustomerPayBillOnline',
      Amount: 150,
      PartyA: '254712345678',
      PartyB: c.darajaShortcode,
      PhoneNumber: '254712345678',
      CallBackURL: 'http://127.0.0.1:1/callback',
      AccountReference: 'AFYA7',
      TransactionDesc: 'Appointment 7',
      ...overrides,
    };
    const res = await daraja('/mpesa/stkpush/v1/processrequest', { method: 'POST', headers: { authorization: `Bearer ${bearer ?? (await token())}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };

  it('issues OAuth tokens only for the right consumer key and secret', async () => {
    const bad = await daraja('/oauth/v1/generate?grant_type=client_credentials', { headers: { authorization: `Basic ${Buffer.from('x:y').toString('base64')}` } });
    expect(bad.status).toBe(400);
    expect(await token()).toEqual(expect.any(String));
  });

  it('refuses a bad token, a wrong password, a bad amount or phone, like Daraja', async () => {
    expect((await push({}, 'not-a-token')).body).toMatchObject({ errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    expect(await push({ Password: 'wrong' })).toMatchObject({ status: 500, body: { errorMessage: 'Wrong credentials' } });
    expect(await push({ Amount: 0 })).toMatchObject({ status: 400, body: { errorMessage: 'Bad Request - Invalid Amount' } });
    expect(await push({ PhoneNumber: '0712345678' })).toMatchObject({ status: 400, body: { errorMessage: 'Bad Request - Invalid PhoneNumber' } });
    expect(await push({ Timestamp: '20200101000000' })).toMatchObject({ status: 400 });
  });

  it('accepts a push, answers "being processed" until the phone answers, then the result code by the number', async () => {
    // The phone answers after 1 s here (not this file's 50 ms): a loaded machine must not answer before the first query.
    sandboxes.daraja.state.delayMs = 1000;
    let accepted;
    try {
      accepted = await push({ PartyA: '254712341032', PhoneNumber: '254712341032' });
    } finally {
      sandboxes.daraja.state.delayMs = 50;
    }
    expect(accepted.body).toMatchObject({ ResponseCode: '0', CheckoutRequestID: expect.stringMatching(/^ws_CO_/) });
    const ts = timestamp();
    const query = async () => {
      const res = await daraja('/mpesa/stkpushquery/v1/query', {
        method: 'POST',
        headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ BusinessShortCode: c.darajaShortcode, Password: Buffer.from(`${c.darajaShortcode}${c.darajaPasskey}${ts}`).toString('base64'), Timestamp: ts, CheckoutRequestID: accepted.body.CheckoutRequestID }),
      });
      return (await res.json()) as Record<string, string>;
    };
    expect(await query()).toMatchObject({ errorMessage: 'The transaction is being processed' });
    await new Promise((r) => setTimeout(r, 1100));
    expect(await query()).toMatchObject({ ResultCode: '1032', ResultDesc: 'Request cancelled by user' });
  });

  it('answers a Transaction Status query at its ResultURL: a paid push\'s receipt with amount and phone; an unknown one not found', async () => {
    const accepted = await push({ PartyA: '254712000111', PhoneNumber: '254712000111' });
    const pushed = sandboxes.daraja.pushes.get(accepted.body.CheckoutRequestID)!;
    for (let waited = 0; !pushed.done && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(pushed).toMatchObject({ done: true, resultCode: '0' });
    const hookPort = (hook.address() as { port: number }).port;
    const status = async (receipt: string, credential = c.darajaSecurityCredential) => {
      const res = await daraja('/mpesa/transactionstatus/v1/query', {
        method: 'POST',
        headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          Initiator: c.darajaInitiatorName,
          SecurityCredential: credential,
          CommandID: 'TransactionStatusQuery',
          TransactionID: receipt,
          PartyA: c.darajaShortcode,
          IdentifierType: '4',
          ResultURL: `http://127.0.0.1:${hookPort}/result`,
          QueueTimeOutURL: `http://127.0.0.1:${hookPort}/timeout`,
          Remarks: 'check',
          Occasion: '',
        }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, string> };
    };
    expect(await status(pushed.receipt, 'wrong')).toMatchObject({ status: 400 });
    const before = received.length;
    const known = await status(pushed.receipt);
    expect(known).toMatchObject({ status: 200, body: { ResponseCode: '0', ConversationID: expect.stringMatching(/^AG_/) } });
    const unknown = await status('FAKE0001');
    for (let waited = 0; received.length - before < 2 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    const results = received.slice(before).map((r) => JSON.parse(r.body).Result as Record<string, unknown>);
    const answer = (id: string) => results.find((r) => r.ConversationID === id)!;
    const params = Object.fromEntries(((answer(known.body.ConversationID).ResultParameters as { ResultParameter: { Key: string; Value: unknown }[] }).ResultParameter).map((p) => [p.Key, p.Value]));
    expect(answer(known.body.ConversationID)).toMatchObject({ ResultCode: 0, OriginatorConversationID: known.body.OriginatorConversationID });
    expect(params).toMatchObject({ ReceiptNo: pushed.receipt, Amount: 150, TransactionStatus: 'Completed', DebitPartyName: expect.stringMatching(/^254712000111 - /) });
    expect(answer(unknown.body.ConversationID)).toMatchObject({ ResultCode: 'R000001' });
  });
});
