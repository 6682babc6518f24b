'use strict';
// A Safaricom Daraja sandbox: the subset of the M-Pesa Express (STK push) API the payment service uses, on the
// same paths with the same auth, JSON bodies, replies and error shapes, and Daraja-shaped callbacks. The
// payment service points DARAJA_BASE_URL here locally and at https://api.safaricom.co.ke in production.
//
//   GET  /oauth/v1/generate?grant_type=client_credentials   Basic consumer key:secret → {access_token, expires_in}
//   POST /mpesa/stkpush/v1/processrequest                   Bearer token; checks Password = base64(shortcode+passkey+timestamp)
//   POST /mpesa/stkpushquery/v1/query                       the push's result (or "being processed" while pending)
//   POST /mpesa/transactionstatus/v1/query                  Initiator + SecurityCredential; acknowledges, then posts the
//                                                           transaction's details (ReceiptNo, Amount, DebitPartyName,
//                                                           TransactionStatus) to the ResultURL, as Daraja does; the
//                                                           transaction is named by its receipt (TransactionID) or,
//                                                           without one, by OriginalConversationID (a push's
//                                                           CheckoutRequestID)
//
// A push is "approved" after `delayMs` (default 3000, DARAJA_SANDBOX_DELAY_MS) and the callback goes to its
// CallBackURL. Phone numbers ending in 1032, 1037 or 2001 get those result codes (cancelled by the user,
// no response from the phone, wrong PIN). `sendCallbacks = false` keeps results but loses the callbacks
// (to exercise the reconciliation job).
const crypto = require('node:crypto');
const http = require('node:http');
const { readBody, sendJson, listen, closeServer } = require('./http-util');

const RESULTS = {
  '0': 'The service request is processed successfully.',
  '1032': 'Request cancelled by user',
  '1037': 'DS timeout user cannot be reached',
  '2001': 'The initiator information is invalid.',
};

function nairobiTimestamp(date) {
  // Africa/Nairobi is UTC+3 all year (no DST).
  return new Date(date.getTime() + 3 * 3600 * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/**
 * @param {object} options
 * @param {number} [options.port]
 * @param {string} options.consumerKey
 * @param {string} options.consumerSecret
 * @param {string} options.shortcode
 * @param {string} options.passkey
 * @param {string} options.initiatorName       the API operator allowed to query transaction status
 * @param {string} options.securityCredential  that operator's credential (Daraja: its password encrypted with Safaricom's certificate)
 * @param {number} [options.delayMs]  how long the "phone" takes to answer (default 3000)
 * @param {(line: string) => void} [options.log]
 */
async function startDarajaSandbox(options) {
  const log = options.log || (() => undefined);
  const tokens = new Map();
  const pushes = new Map();
  const state = { delayMs: options.delayMs ?? 3000, sendCallbacks: true, tokenTtlSeconds: 3599, tokensIssued: 0, statusQueries: [] };
  const timers = new Set();

  const error = (res, status, errorCode, errorMessage) =>
    sendJson(res, status, { requestId: `${crypto.randomInt(1e4, 1e5)}-${crypto.randomInt(1e6, 1e7)}-1`, errorCode, errorMessage });

  function bearer(req) {
    const header = req.headers.authorization || '';
    if (!header.startsWith('Bearer ')) return null;
    const token = tokens.get(header.slice(7));
    return token && token.expiresAt > Date.now() ? token : null;
  }

  function checkPassword(body) {
    const expected = Buffer.from(`${options.shortcode}${options.passkey}${body.Timestamp}`).toString('base64');
    return String(body.BusinessShortCode) === String(options.shortcode) && body.Password === expected;
  }

  function validTimestamp(value) {
    if (!/^\d{14}$/.test(String(value || ''))) return false;
    // within 10 minutes of Nairobi's clock, as Daraja refuses stale or future timestamps
    const s = String(value);
    const asUtc = Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(8, 10) - 3, +s.slice(10, 12), +s.slice(12, 14));
    return Math.abs(asUtc - Date.now()) < 10 * 60 * 1000;
  }

  async function deliver(push) {
    const resultCode = push.resultCode;
    const stkCallback = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: Number(resultCode),
      ResultDesc: RESULTS[resultCode],
    };
    if (resultCode === '0') {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: push.amount },
          { Name: 'MpesaReceiptNumber', Value: push.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(nairobiTimestamp(new Date())) },
          { Name: 'PhoneNumber', Value: Number(push.phone) },
        ],
      };
    }
    if (!state.sendCallbacks) {
      log(`callback for ${push.checkoutRequestId} dropped (sendCallbacks = false)`);
      return;
    }
    try {
      const res = await fetch(push.callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Body: { stkCallback } }) });
      log(`callback ${push.checkoutRequestId} ResultCode ${resultCode} → ${res.status}`);
    } catch (e) {
      log(`callback ${push.checkoutRequestId} failed: ${e.message}`);
    }
  }

  async function handle(req, res, url) {
    if (req.method === 'GET' && url.pathname === '/oauth/v1/generate') {
      if (url.searchParams.get('grant_type') !== 'client_credentials') return error(res, 400, '400.008.02', 'Invalid grant type passed');
      const header = req.headers.authorization || '';
      const [key, secret] = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(':') : [];
      if (key !== options.consumerKey || secret !== options.consumerSecret) return error(res, 400, '400.008.01', 'Invalid Authentication passed');
      const accessToken = crypto.randomBytes(14).toString('base64url');
      tokens.set(accessToken, { expiresAt: Date.now() + state.tokenTtlSeconds * 1000 });
      state.tokensIssued += 1;
      return sendJson(res, 200, { access_token: accessToken, expires_in: String(state.tokenTtlSeconds) });
    }
    if (req.method !== 'POST') return error(res, 404, '404.001.01', 'Resource not found');
    if (!bearer(req)) return error(res, 401, '404.001.03', 'Invalid Access Token');
    let body;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return error(res, 400, '400.002.02', 'Bad Request - Invalid JSON');
    }
    if (url.pathname === '/mpesa/stkpush/v1/processrequest') {
      if (!body.BusinessShortCode) return error(res, 400, '400.002.02', 'Bad Request - Invalid BusinessShortCode');
      if (!validTimestamp(body.Timestamp)) return error(res, 400, '400.002.02', 'Bad Request - Invalid Timestamp');
      if (!checkPassword(body)) return error(res, 500, '500.001.1001', 'Wrong credentials');
      if (body.TransactionType !== 'CustomerPayBillOnline' && body.TransactionType !== 'CustomerBuyGoodsOnline') return error(res, 400, '400.002.02', 'Bad Request - Invalid TransactionType');
      const amount = Number(body.Amount);
      if (!Number.isInteger(amount) || amount < 1) return error(res, 400, '400.002.02', 'Bad Request - Invalid Amount');
      const phone = String(body.PhoneNumber || '');
      if (!/^254[17]\d{8}$/.test(phone) || String(body.PartyA) !== phone) return error(res, 400, '400.002.02', 'Bad Request - Invalid PhoneNumber');
      if (String(body.PartyB) !== String(options.shortcode)) return error(res, 400, '400.002.02', 'Bad Request - Invalid PartyB');
      let callbackUrl;
      try {
        callbackUrl = new URL(String(body.CallBackURL || ''));
      } catch {
        return error(res, 400, '400.002.02', 'Bad Request - Invalid CallBackURL');
      }
      if (!body.AccountReference || String(body.AccountReference).length > 12) return error(res, 400, '400.002.02', 'Bad Request - Invalid AccountReference');
      const suffix = ['1032', '1037', '2001'].find((code) => phone.endsWith(code));
      const push = {
        merchantRequestId: `${crypto.randomInt(1e4, 1e5)}-${crypto.randomInt(1e7, 1e8)}-1`,
        checkoutRequestId: `ws_CO_${nairobiTimestamp(new Date())}${crypto.randomInt(1e8, 1e9)}`,
        amount,
        phone,
        callbackUrl: callbackUrl.toString(),
        resultCode: suffix || '0',
        receipt: `SBX${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
        done: false,
      };
      pushes.set(push.checkoutRequestId, push);
      const timer = setTimeout(() => {
        timers.delete(timer);
        push.done = true;
        push.paidAt = Date.now();
        void deliver(push);
      }, state.delayMs);
      timers.add(timer);
      return sendJson(res, 200, {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      });
    }
    if (url.pathname === '/mpesa/stkpushquery/v1/query') {
      if (!validTimestamp(body.Timestamp)) return error(res, 400, '400.002.02', 'Bad Request - Invalid Timestamp');
      if (!checkPassword(body)) return error(res, 500, '500.001.1001', 'Wrong credentials');
      const push = pushes.get(String(body.CheckoutRequestID || ''));
      if (!push) return error(res, 500, '500.001.1001', 'The transaction being queried does not exist');
      if (!push.done) return error(res, 500, '500.001.1001', 'The transaction is being processed');
      return sendJson(res, 200, {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: push.resultCode,
        ResultDesc: RESULTS[push.resultCode],
      });
    }
    if (url.pathname === '/mpesa/transactionstatus/v1/query') {
      if (body.Initiator !== options.initiatorName || body.SecurityCredential !== options.securityCredential) {
        return error(res, 400, '400.002.02', 'Bad Request - Invalid Initiator or SecurityCredential');
      }
      if (body.CommandID !== 'TransactionStatusQuery') return error(res, 400, '400.002.02', 'Bad Request - Invalid CommandID');
      if (String(body.PartyA) !== String(options.shortcode) || String(body.IdentifierType) !== '4') return error(res, 400, '400.002.02', 'Bad Request - Invalid PartyA');
      let resultUrl;
      try {
        resultUrl = new URL(String(body.ResultURL || ''));
        new URL(String(body.QueueTimeOutURL || ''));
      } catch {
        return error(res, 400, '400.002.02', 'Bad Request - Invalid ResultURL');
      }
      const ids = {
        OriginatorConversationID: `${crypto.randomInt(1e4, 1e5)}-${crypto.randomInt(1e7, 1e8)}-1`,
        ConversationID: `AG_${nairobiTimestamp(new Date()).slice(0, 8)}_${crypto.randomBytes(10).toString('hex')}`,
      };
      // The receipt is M-Pesa's own record: only a completed push has one, and only its real number (or, without a
      // number, the push's own CheckoutRequestID) finds it.
      const receipt = String(body.TransactionID || '');
      const originalConversationId = String(body.OriginalConversationID || '');
      const paid = [...pushes.values()].find(
        (p) => p.done && p.resultCode === '0' && (receipt ? p.receipt === receipt : originalConversationId !== '' && p.checkoutRequestId === originalConversationId),
      );
      const result = paid
        ? {
            ResultType: 0,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            ...ids,
            TransactionID: `SBXTS${crypto.randomBytes(3).toString('hex').toUpperCase()}`,
            ResultParameters: {
              ResultParameter: [
                { Key: 'DebitPartyName', Value: `${paid.phone} - Sandbox Customer` },
                { Key: 'CreditPartyName', Value: `${options.shortcode} - Afya` },
                { Key: 'InitiatedTime', Value: Number(nairobiTimestamp(new Date(paid.paidAt || Date.now()))) },
                { Key: 'ReasonType', Value: 'Pay Bill Online' },
                { Key: 'TransactionStatus', Value: 'Completed' },
                { Key: 'Amount', Value: paid.amount },
                { Key: 'ReceiptNo', Value: paid.receipt },
              ],
            },
            ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
          }
        : { ResultType: 0, ResultCode: 'R000001', ResultDesc: 'The transaction receipt number does not exist.', ...ids, TransactionID: receipt };
      const timer = setTimeout(() => {
        timers.delete(timer);
        fetch(resultUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Result: result }) })
          .then((r) => log(`transaction status result ${ids.ConversationID} → ${r.status}`))
          .catch((e) => log(`transaction status result ${ids.ConversationID} failed: ${e.message}`));
      }, 20);
      timers.add(timer);
      state.statusQueries.push({ receipt, originalConversationId, ...ids });
      return sendJson(res, 200, { ...ids, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
    }
    return error(res, 404, '404.001.01', 'Resource not found');
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://sandbox');
    handle(req, res, url).catch((e) => {
      if (!res.headersSent) error(res, e.status || 500, '500.003.02', e.message);
    });
  });
  const port = await listen(server, options.port ?? 0);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    pushes,
    state,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await closeServer(server);
    },
  };
}

module.exports = { startDarajaSandbox, nairobiTimestamp };
