'use strict';
// Small helpers shared by the two provider sandboxes (plain node:http, no framework).

/** Reads the whole request body as a utf8 string (at most 1 MB, like a provider would refuse more). */
function readBody(req, limit = 1024 * 1024) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) {
        reject(Object.assign(new Error('body too large'), { status: 413 }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function sendHtml(res, status, html) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html), 'cache-control': 'no-store' });
  res.end(html);
}

function redirect(res, location) {
  res.writeHead(303, { location, 'content-length': 0 });
  res.end();
}

/**
 * Stripe's form encoding (`line_items[0][price_data][unit_amount]=15000`, `metadata[appointment_id]=7`) back
 * into nested objects; numeric keys make arrays.
 */
function parseStripeForm(text) {
  const root = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = [];
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    keys.push(match[1]);
    for (const part of match[2].matchAll(/\[([^[\]]*)\]/g)) keys.push(part[1]);
    let node = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(keys[index + 1]);
      if (last) node[key] = value;
      else {
        if (node[key] === undefined) node[key] = nextIsIndex ? [] : {};
        node = node[key];
      }
    });
  }
  return root;
}

function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** Listens on `port` (0 = any free port) on 127.0.0.1 and resolves with the bound port. */
function listen(server, port, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address().port);
    });
  });
}

function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

module.exports = { readBody, sendJson, sendHtml, redirect, parseStripeForm, escapeHtml, listen, closeServer };
