'use strict';
// A USSD simulator speaking Africa's Talking's USSD API (issue 42): it plays the network and Africa's Talking for a
// phone. Each step of a session is, as AT sends it, a form POST to the callback URL (AT has it in the dashboard; here
// `callbackUrl`) with sessionId, serviceCode, phoneNumber, networkCode and text (every key pressed so far, joined by
// '*'; '' on dialling); the answer is text/plain starting "CON " (the menu goes on) or "END " (the session is over).
// An HTTP error or a reply starting with neither ends the session, as AT does.
//
//   GET  /                       the page: choose a phone number, dial the service code, press keys
//   POST /api/sessions           {phoneNumber, serviceCode?} → dials: {sessionId, phoneNumber, serviceCode, text, screen, ended, steps}
//   POST /api/sessions/:id/keys  {key} (what the person typed before pressing Send) → the next screen, same shape
//   GET  /api/sessions/:id       the session with every step it went through
//   GET  /api/sessions           every session, newest last
const crypto = require('node:crypto');
const http = require('node:http');
const { readBody, sendJson, sendHtml, listen, closeServer } = require('./http-util');
const { ussdSimulatorPage } = require('./ussd-simulator-page');

/** Safaricom's network code (AT's `networkCode`); 0110… and 011… numbers are Airtel's here, as in Kenya's ranges. */
function networkCodeOf(phone) {
  return /^\+2541[01]/.test(phone) ? '63903' : '63902';
}

/** A number as AT sends it: +254 and nine digits. Accepts 07…, 01…, 2547…, +2547…; null for anything else. */
function internationalKenyan(raw) {
  const digits = String(raw || '').replace(/\D/g, '');
  const nine = digits.length === 10 && digits.startsWith('0') ? digits.slice(1) : digits.length === 12 && digits.startsWith('254') ? digits.slice(3) : digits.length === 9 ? digits : null;
  return nine && /^[17]\d{8}$/.test(nine) ? `+254${nine}` : null;
}

/**
 * @param {object} options
 * @param {number} [options.port]
 * @param {string | null} options.callbackUrl where the platform answers USSD (with its secret)
 * @param {string} options.serviceCode the code the page dials (e.g. *384*42#)
 * @param {number} [options.timeoutMs] a step with no answer in this long ends the session (networks: ~20 s per step)
 * @param {(line: string) => void} [options.log]
 */
async function startUssdSimulator(options) {
  const log = options.log || (() => undefined);
  const state = { callbackUrl: options.callbackUrl ?? null, serviceCode: options.serviceCode, timeoutMs: options.timeoutMs ?? 20_000 };
  /** @type {Map<string, any>} */
  const sessions = new Map();

  async function step(session) {
    const form = { sessionId: session.sessionId, serviceCode: session.serviceCode, phoneNumber: session.phoneNumber, networkCode: session.networkCode, text: session.text };
    const started = Date.now();
    let screen;
    let ended;
    try {
      if (!state.callbackUrl) throw new Error('no callback URL is set');
      const res = await fetch(state.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(state.timeoutMs),
      });
      const body = await res.text();
      if (!res.ok) [screen, ended] = [`The service ended the session (HTTP ${res.status}).`, true];
      else if (body.startsWith('CON ')) [screen, ended] = [body.slice(4), false];
      else if (body.startsWith('END ')) [screen, ended] = [body.slice(4), true];
      else [screen, ended] = ['The service sent a malformed reply; the session ended.', true];
      session.steps.push({ text: session.text, status: res.status, reply: body, ms: Date.now() - started });
    } catch (error) {
      [screen, ended] = [`Connection problem or invalid MMI code (${error.message}).`, true];
      session.steps.push({ text: session.text, status: null, reply: null, error: error.message, ms: Date.now() - started });
    }
    session.screen = screen;
    session.ended = ended;
    log(`${session.sessionId} ${session.phoneNumber} text="${session.text}" → ${ended ? 'END' : 'CON'}`);
    return session;
  }

  const view = (session) => ({ ...session });

  async function dial(req, res) {
    const body = await jsonBody(req);
    const phoneNumber = internationalKenyan(body.phoneNumber);
    if (!phoneNumber) return sendJson(res, 400, { message: 'phoneNumber must be a Kenyan mobile number (07…, 01… or +254…)' });
    const serviceCode = typeof body.serviceCode === 'string' && body.serviceCode ? body.serviceCode : state.serviceCode;
    const session = {
      sessionId: `ATUid_${crypto.randomBytes(16).toString('hex')}`,
      phoneNumber,
      serviceCode,
      networkCode: networkCodeOf(phoneNumber),
      text: '',
      screen: '',
      ended: false,
      startedAt: new Date().toISOString(),
      steps: [],
    };
    sessions.set(session.sessionId, session);
    return sendJson(res, 201, view(await step(session)));
  }

  async function press(req, res, id) {
    const session = sessions.get(id);
    if (!session) return sendJson(res, 404, { message: 'No such session' });
    if (session.ended) return sendJson(res, 409, { message: 'The session has ended: dial again' });
    const body = await jsonBody(req);
    const key = typeof body.key === 'string' ? body.key.trim() : '';
    if (!/^[0-9#]{1,32}$/.test(key)) return sendJson(res, 400, { message: 'key must be what a keypad types: digits (and #), 1-32 of them' });
    session.text = session.text === '' && session.steps.length <= 1 ? key : `${session.text}*${key}`;
    return sendJson(res, 200, view(await step(session)));
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://simulator');
    const keys = /^\/api\/sessions\/([A-Za-z0-9_]+)\/keys$/.exec(url.pathname);
    const one = /^\/api\/sessions\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    const route =
      req.method === 'GET' && url.pathname === '/'
        ? Promise.resolve(sendHtml(res, 200, ussdSimulatorPage(state.serviceCode)))
        : req.method === 'POST' && url.pathname === '/api/sessions'
          ? dial(req, res)
          : req.method === 'GET' && url.pathname === '/api/sessions'
            ? Promise.resolve(sendJson(res, 200, [...sessions.values()].map(view)))
            : req.method === 'POST' && keys
              ? press(req, res, keys[1])
              : req.method === 'GET' && one && sessions.has(one[1])
                ? Promise.resolve(sendJson(res, 200, view(sessions.get(one[1]))))
                : Promise.resolve(sendJson(res, 404, { message: 'Not found' }));
    route.catch((e) => {
      if (!res.headersSent) sendJson(res, e.status || 500, { message: e.message });
    });
  });
  const port = await listen(server, options.port ?? 0);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    serviceCode: state.serviceCode,
    sessions,
    state,
    setCallbackUrl(url) {
      state.callbackUrl = url;
    },
    async close() {
      await closeServer(server);
    },
  };
}

async function jsonBody(req) {
  const text = await readBody(req, 16 * 1024);
  if (!text) return {};
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : {};
  } catch {
    throw Object.assign(new Error('The body must be JSON'), { status: 400 });
  }
}

module.exports = { startUssdSimulator, internationalKenyan };
