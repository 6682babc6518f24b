'use strict';
// An Africa's Talking SMS sandbox: the part of their SMS API the support service uses, on the same path with the
// same auth, form fields, reply and delivery-report callback. The support service points AT_BASE_URL here
// locally and at https://api.africastalking.com in production.
//
//   POST /version1/messaging   header apiKey; form username, to (comma-separated), message, from (optional)
//                              → 201 {SMSMessageData: {Message, Recipients: [{statusCode, number, status, cost, messageId}]}}
//   GET  /messages             what was sent, newest last, with each delivery report (for people and tests; not AT's)
//
// Delivery reports go, like AT's, as a form POST (id, status, phoneNumber, networkCode, failureReason, retryCount)
// to the callback URL (AT has it in the dashboard; here `deliveryReportUrl`), `delayMs` after the send.
// Numbers ending 0000 are accepted and then reported Failed with failureReason AbsentSubscriber (unreachable).
// A number that is not international Kenyan (+2547…/+2541…) is refused per recipient with 403 InvalidPhoneNumber.
// `state.outage = true` answers every send with a 500 (to exercise the sender's retries); `state.latencyMs` holds each
// reply that long after the message is recorded (a slow provider: a sender killed meanwhile never hears the answer).
const crypto = require('node:crypto');
const http = require('node:http');
const { readBody, sendJson, listen, closeServer } = require('./http-util');

const COST_PER_PART = 0.8;
/** The GSM-7 basic set and its extension (each extension character counts twice). */
const GSM7_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/** How many SMS parts a text takes (GSM-7: 160, or 153 per part; otherwise UCS-2: 70, or 67 per part). */
function smsParts(text) {
  const chars = [...text];
  const gsm = chars.every((c) => GSM7_BASIC.includes(c) || GSM7_EXTENDED.includes(c));
  if (gsm) {
    const units = chars.reduce((n, c) => n + (GSM7_EXTENDED.includes(c) ? 2 : 1), 0);
    return units <= 160 ? 1 : Math.ceil(units / 153);
  }
  return chars.length <= 70 ? 1 : Math.ceil(chars.length / 67);
}

/**
 * @param {object} options
 * @param {number} [options.port]
 * @param {string} options.username
 * @param {string} options.apiKey
 * @param {string | null} [options.deliveryReportUrl]
 * @param {number} [options.delayMs] from send to delivery report (default 500)
 * @param {(line: string) => void} [options.log]
 */
async function startAfricasTalkingSandbox(options) {
  const log = options.log || (() => undefined);
  const state = { outage: false, latencyMs: 0, delayMs: options.delayMs ?? 500, deliveryReportUrl: options.deliveryReportUrl ?? null };
  /** Every message accepted, oldest first: {messageId, to, from, message, parts, status, failureReason, sentAt, reports} */
  const messages = [];
  const timers = new Set();

  async function report(message) {
    const failed = message.to.endsWith('0000');
    const body = {
      id: message.messageId,
      status: failed ? 'Failed' : 'Success',
      phoneNumber: message.to,
      networkCode: message.to.startsWith('+2541') ? '63903' : '63902',
      retryCount: '0',
      ...(failed ? { failureReason: 'AbsentSubscriber' } : {}),
    };
    message.status = body.status;
    message.failureReason = body.failureReason ?? null;
    const url = state.deliveryReportUrl;
    if (!url) return;
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
      message.reports.push({ ...body, answeredWith: res.status });
      log(`delivery report ${message.messageId} ${body.status} → ${res.status}`);
    } catch (e) {
      message.reports.push({ ...body, answeredWith: null });
      log(`delivery report ${message.messageId} failed: ${e.message}`);
    }
  }

  async function send(req, res) {
    if (req.headers.apikey !== options.apiKey) {
      res.writeHead(401, { 'content-type': 'text/plain' });
      return res.end('The supplied authentication is invalid');
    }
    const form = new URLSearchParams(await readBody(req));
    if (form.get('username') !== options.username) {
      res.writeHead(401, { 'content-type': 'text/plain' });
      return res.end('The supplied authentication is invalid');
    }
    if (state.outage) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end('Internal Server Error');
    }
    const text = form.get('message') || '';
    const to = (form.get('to') || '').split(',').map((n) => n.trim()).filter(Boolean);
    if (!text) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return res.end('Must have message set');
    }
    if (!to.length) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return res.end('Must have to set');
    }
    const parts = smsParts(text);
    const recipients = to.map((number) => {
      if (!/^\+254[17]\d{8}$/.test(number)) return { statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' };
      const message = {
        messageId: `ATXid_${crypto.randomBytes(16).toString('hex')}`,
        to: number,
        from: form.get('from') || 'AFRICASTKNG',
        message: text,
        parts,
        status: 'Sent',
        failureReason: null,
        sentAt: new Date().toISOString(),
        reports: [],
      };
      messages.push(message);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void report(message);
      }, state.delayMs);
      timers.add(timer);
      return { statusCode: 101, number, status: 'Success', cost: `KES ${(COST_PER_PART * parts).toFixed(4)}`, messageId: message.messageId };
    });
    if (state.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, state.latencyMs));
    const sent = recipients.filter((r) => r.statusCode === 101);
    const total = (sent.length * parts * COST_PER_PART).toFixed(4);
    return sendJson(res, 201, { SMSMessageData: { Message: `Sent to ${sent.length}/${to.length} Total Cost: KES ${total}`, Recipients: recipients } });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://sandbox');
    const route =
      req.method === 'POST' && url.pathname === '/version1/messaging'
        ? send(req, res)
        : req.method === 'GET' && url.pathname === '/messages'
          ? Promise.resolve(sendJson(res, 200, messages))
          : Promise.resolve(sendJson(res, 404, { message: 'Not found' }));
    route.catch((e) => {
      if (!res.headersSent) sendJson(res, e.status || 500, { message: e.message });
    });
  });
  const port = await listen(server, options.port ?? 0);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    messages,
    state,
    setDeliveryReportUrl(url) {
      state.deliveryReportUrl = url;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await closeServer(server);
    },
  };
}

module.exports = { startAfricasTalkingSandbox, smsParts };
