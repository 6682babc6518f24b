'use strict';
// A Stripe sandbox: the subset of Stripe's API the payment service uses, on the same paths with the same
// auth, form bodies, objects and error shapes, plus a hosted checkout page clearly marked as a sandbox.
// The payment service talks to it through the official `stripe` SDK (STRIPE_API_BASE points the SDK here);
// in production the same code talks to api.stripe.com. Nothing here is a shortcut the service knows about.
//
//   POST /v1/checkout/sessions          create (Idempotency-Key honoured: a replay returns the same session)
//   GET  /v1/checkout/sessions/:id      retrieve
//   POST /v1/checkout/sessions/:id/expire
//   POST /v1/refunds                    refund a paid session's payment_intent (sends charge.refunded)
//   GET  /pay/:id                       the checkout page: "Sandbox: no real money", Pay and Cancel
//   POST /pay/:id/pay                   marks it paid, sends the signed checkout.session.completed webhook,
//                                       then redirects to success_url ({CHECKOUT_SESSION_ID} filled in)
//   POST /pay/:id/cancel                redirects to cancel_url
//   POST /sandbox/sessions/:id/dispute  (test helper) sends charge.dispute.created for a paid session
const crypto = require('node:crypto');
const http = require('node:http');
const { readBody, sendJson, sendHtml, redirect, parseStripeForm, escapeHtml, listen, closeServer } = require('./http-util');

const API_VERSION = '2026-10-28.endive';
/** Stripe's minimum charge is about 0.50 USD; for KES it is 50.00 KES (5000 cents) in the real API. */
const MIN_AMOUNT_KES_CENTS = 5000;

const id = (prefix) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

/** Stripe's webhook signature: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint secret>`. */
function signPayload(payload, secret, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

function stripeError(res, status, message, extra = {}) {
  sendJson(res, status, { error: { type: status === 401 ? 'invalid_request_error' : 'invalid_request_error', message, ...extra } }, { 'request-id': id('req') });
}

/**
 * @param {object} options
 * @param {number} [options.port]           0 = a free port
 * @param {string} options.secretKey        the API key the service must present (sk_test_...)
 * @param {string} options.webhookSecret    signs webhooks (whsec_...)
 * @param {string} [options.webhookUrl]     where events are POSTed (the gateway's /api/payments/stripe/webhook)
 * @param {string} [options.publicUrl]      base of the checkout page URL the browser opens (default http://localhost:<port>)
 * @param {(line: string) => void} [options.log]
 */
async function startStripeSandbox(options) {
  const { secretKey, webhookSecret } = options;
  const log = options.log || (() => undefined);
  const sessions = new Map();
  const byIdempotencyKey = new Map();
  const deliveries = [];
  let webhookUrl = options.webhookUrl || null;
  let publicUrl = options.publicUrl || null;

  async function sendEvent(type, object) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      data: { object },
    };
    const payload = JSON.stringify(event);
    deliveries.push(event);
    if (!webhookUrl) return event;
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signPayload(payload, webhookSecret), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
      });
      log(`webhook ${type} ${event.id} → ${res.status}`);
    } catch (error) {
      log(`webhook ${type} ${event.id} failed: ${error.message}`);
    }
    return event;
  }

  function authorized(req) {
    const header = req.headers.authorization || '';
    if (header.startsWith('Bearer ')) return header.slice(7) === secretKey;
    if (header.startsWith('Basic ')) return Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0] === secretKey;
    return false;
  }

  function createSession(form) {
    const items = Array.isArray(form.line_items) ? form.line_items : null;
    if (form.mode !== 'payment') return { error: ['Missing required param: mode.', 'mode'] };
    if (!form.success_url) return { error: ['Missing required param: success_url.', 'success_url'] };
    if (!form.cancel_url) return { error: ['Missing required param: cancel_url.', 'cancel_url'] };
    if (!items || !items.length) return { error: ['Missing required param: line_items.', 'line_items'] };
    let total = 0;
    let currency = null;
    for (const [index, item] of items.entries()) {
      const price = item.price_data;
      if (!price) return { error: [`Missing required param: line_items[${index}][price_data].`, `line_items[${index}][price_data]`] };
      if (!/^[a-z]{3}$/.test(price.currency || '')) return { error: ['Invalid currency.', `line_items[${index}][price_data][currency]`] };
      if (!/^\d+$/.test(price.unit_amount || '')) return { error: ['Invalid integer: ' + price.unit_amount, `line_items[${index}][price_data][unit_amount]`] };
      if (!price.product_data || !price.product_data.name) return { error: ['Missing required param: line_items[0][price_data][product_data][name].', `line_items[${index}][price_data][product_data][name]`] };
      const quantity = Number(item.quantity || 1);
      if (!Number.isInteger(quantity) || quantity < 1) return { error: ['Invalid quantity.', `line_items[${index}][quantity]`] };
      currency = price.currency;
      total += Number(price.unit_amount) * quantity;
    }
    if (currency === 'kes' && total < MIN_AMOUNT_KES_CENTS) {
      return { error: ['The Checkout Session\'s total amount due must add up to at least KES 50.00', 'line_items'] };
    }
    const sessionId = `cs_test_${crypto.randomBytes(24).toString('hex')}`;
    const session = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: form.client_reference_id || null,
      customer_email: form.customer_email || null,
      metadata: form.metadata || {},
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      created: Math.floor(Date.now() / 1000),
      expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
      livemode: false,
      url: `${publicUrl}/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    return { session };
  }

  function chargeOf(session, extra = {}) {
    return {
      id: session._charge,
      object: 'charge',
      amount: session.amount_total,
      currency: session.currency,
      payment_intent: session.payment_intent,
      metadata: session.metadata,
      paid: true,
      status: 'succeeded',
      ...extra,
    };
  }

  async function handleApi(req, res, url) {
    if (!authorized(req)) {
      const key = (req.headers.authorization || '').replace(/^Bearer /, '');
      return stripeError(res, 401, key ? `Invalid API Key provided: ${key.slice(0, 8)}********` : 'You did not provide an API key.');
    }
    const body = req.method === 'POST' ? await readBody(req) : '';
    const form = parseStripeForm(body);
    let match;
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const key = req.headers['idempotency-key'];
      if (key && byIdempotencyKey.has(key)) {
        const previous = byIdempotencyKey.get(key);
        if (previous.body !== body) return stripeError(res, 400, 'Keys for idempotent requests can only be used with the same parameters they were first used with.', { type: 'idempotency_error' });
        return sendJson(res, 200, publicSession(sessions.get(previous.sessionId)), { 'idempotent-replayed': 'true' });
      }
      const created = createSession(form);
      if (created.error) return stripeError(res, 400, created.error[0], { param: created.error[1] });
      if (key) byIdempotencyKey.set(key, { body, sessionId: created.session.id });
      return sendJson(res, 200, publicSession(created.session));
    }
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)) && req.method === 'GET') {
      const session = sessions.get(match[1]);
      if (!session) return stripeError(res, 404, `No such checkout.session: '${match[1]}'`, { code: 'resource_missing', param: 'session' });
      return sendJson(res, 200, publicSession(session));
    }
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname)) && req.method === 'POST') {
      const session = sessions.get(match[1]);
      if (!session) return stripeError(res, 404, `No such checkout.session: '${match[1]}'`, { code: 'resource_missing', param: 'session' });
      if (session.status !== 'open') return stripeError(res, 400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
      session.status = 'expired';
      sendJson(res, 200, publicSession(session));
      void sendEvent('checkout.session.expired', publicSession(session));
      return undefined;
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const session = [...sessions.values()].find((s) => s.payment_intent && s.payment_intent === form.payment_intent);
      if (!form.payment_intent && !form.charge) return stripeError(res, 400, 'One of the following params should be provided for this request: payment_intent or charge.');
      if (!session) return stripeError(res, 404, `No such payment_intent: '${form.payment_intent}'`, { code: 'resource_missing', param: 'payment_intent' });
      const amount = form.amount ? Number(form.amount) : session.amount_total - (session._refunded || 0);
      if (!Number.isInteger(amount) || amount <= 0 || amount + (session._refunded || 0) > session.amount_total) {
        return stripeError(res, 400, `Refund amount (${form.amount}) is greater than unrefunded amount on charge`, { code: 'amount_too_large' });
      }
      session._refunded = (session._refunded || 0) + amount;
      const refund = { id: id('re'), object: 'refund', amount, currency: session.currency, payment_intent: session.payment_intent, charge: session._charge, reason: form.reason || null, metadata: form.metadata || {}, status: 'succeeded', created: Math.floor(Date.now() / 1000) };
      sendJson(res, 200, refund);
      void sendEvent('charge.refunded', chargeOf(session, { amount_refunded: session._refunded, refunded: session._refunded >= session.amount_total }));
      return undefined;
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  function publicSession(session) {
    const copy = { ...session };
    delete copy._charge;
    delete copy._refunded;
    return copy;
  }

  function checkoutPage(session) {
    const amount = (session.amount_total / 100).toLocaleString('en-KE', { minimumFractionDigits: 2 });
    const name = session.metadata && session.metadata.description ? session.metadata.description : 'Afya appointment';
    const closed = session.status !== 'open';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox checkout</title><style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:32px;max-width:420px;width:90%}
.banner{background:#fff4e5;border:1px solid #f5a623;color:#8a4b00;padding:8px 12px;border-radius:8px;font-weight:600;margin-bottom:16px}
.amount{font-size:32px;font-weight:700;margin:8px 0 24px}button{font-size:16px;padding:12px 20px;border-radius:8px;border:0;cursor:pointer;width:100%;margin-top:8px}
.pay{background:#635bff;color:#fff}.cancel{background:#e3e8ee;color:#1a1f36}</style></head>
<body><main><div class="banner" role="note">Sandbox: no real money</div>
<h1 style="font-size:20px;margin:0">${escapeHtml(name)}</h1><div class="amount">${escapeHtml(String(session.currency).toUpperCase())} ${escapeHtml(amount)}</div>
${closed ? `<p>This checkout session is ${escapeHtml(session.status)}.</p>` : `<form method="post" action="/pay/${escapeHtml(session.id)}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/pay/${escapeHtml(session.id)}/cancel"><button class="cancel" type="submit">Cancel</button></form>`}
</main></body></html>`;
  }

  async function handlePage(req, res, url) {
    let match;
    if ((match = /^\/pay\/([^/]+)$/.exec(url.pathname)) && req.method === 'GET') {
      const session = sessions.get(match[1]);
      if (!session) return sendHtml(res, 404, '<h1>Checkout session not found</h1>');
      return sendHtml(res, 200, checkoutPage(session));
    }
    if ((match = /^\/pay\/([^/]+)\/(pay|cancel)$/.exec(url.pathname)) && req.method === 'POST') {
      await readBody(req);
      const session = sessions.get(match[1]);
      if (!session) return sendHtml(res, 404, '<h1>Checkout session not found</h1>');
      if (match[2] === 'cancel') return redirect(res, session.cancel_url);
      if (session.status === 'open') {
        session.status = 'complete';
        session.payment_status = 'paid';
        session.payment_intent = id('pi');
        session._charge = id('ch');
        // Stripe sends the event before (or while) it redirects; waiting for the delivery keeps the order.
        await sendEvent('checkout.session.completed', publicSession(session));
      }
      return redirect(res, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
    }
    if ((match = /^\/sandbox\/sessions\/([^/]+)\/dispute$/.exec(url.pathname)) && req.method === 'POST') {
      await readBody(req);
      const session = sessions.get(match[1]);
      if (!session || session.payment_status !== 'paid') return sendJson(res, 404, { error: { message: 'No paid session' } });
      const dispute = { id: id('dp'), object: 'dispute', amount: session.amount_total, currency: session.currency, charge: session._charge, payment_intent: session.payment_intent, reason: 'fraudulent', status: 'needs_response' };
      await sendEvent('charge.dispute.created', dispute);
      return sendJson(res, 200, dispute);
    }
    return sendHtml(res, 404, '<h1>Not found</h1>');
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://sandbox');
    const handler = url.pathname.startsWith('/v1/') ? handleApi : handlePage;
    handler(req, res, url).catch((error) => {
      if (!res.headersSent) stripeError(res, error.status || 500, error.message);
    });
  });
  const port = await listen(server, options.port ?? 0);
  publicUrl = publicUrl || `http://localhost:${port}`;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    sessions,
    deliveries,
    setWebhookUrl(value) {
      webhookUrl = value;
    },
    sendEvent,
    close: () => closeServer(server),
  };
}

module.exports = { startStripeSandbox, signPayload };
