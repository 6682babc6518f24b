#!/usr/bin/env node
'use strict';
// Bytes over the wire for the web app, measured in a real Chromium (Debian's /usr/bin/chromium, never a
// downloaded one): the sum of CDP Network.loadingFinished.encodedDataLength (compressed bytes plus headers,
// what a metered phone plan pays for) for `/` signed out and for a signed-in patient's `/dashboard`, each on
// an empty cache, JS separately and in total. Then the time to the first text of `/` under Chromium's
// Slow 4G profile with a 4x CPU slowdown (puppeteer's PredefinedNetworkConditions['Slow 4G'] and
// emulateCPUThrottling, the pairing Lighthouse uses for mobile), and the time to the patient's greeting on
// a cold and a warm load (time-to-greeting.js, in the same Chromium).
//
//   npm run bench                                   (part of the report, against the platform it starts)
//   BENCH_URL=http://localhost:3000 node infra/bench/frontend-size.js   (a running platform; 3000 is the default)
//   FRONTEND_RUNS (Slow 4G runs, default 3), FRONTEND_JSON=1 (machine-readable), FRONTEND_FILES=1 (every file)
const { PredefinedNetworkConditions } = require('puppeteer');
const { signIn, launchChromium, median } = require('./lib');
const { timeToGreeting } = require('./time-to-greeting');

const PATIENT = { email: 'patient@afya.test', password: 'Patient#2026' };
// Issue 8 §5 and §6, issue 23 §2, issue 27 (`/` with the language switch ≤ 230 KB): the targets these numbers are read against.
const TARGETS = { homeBytes: 230 * 1024, dashboardBytes: 450 * 1024, slow4gFirstTextMs: 5000 };
// A script carrying antd: its colour library's own error text is in every build of antd's theme, and nothing
// else we ship uses that library.
const ANTD_MARKER = '@ant-design/fast-color';

/** Whether any script the page received is (or contains) antd, read from the files themselves. */
async function loadsAntd(baseUrl, summary) {
  for (const file of summary.files.filter((f) => f.type === 'Script')) {
    const url = file.path.startsWith('http') ? file.path : `${baseUrl}${file.path}`;
    if ((await (await fetch(url)).text()).includes(ANTD_MARKER)) return true;
  }
  return false;
}
const CPU_SLOWDOWN = 4;

const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

/** Records every response of a page through CDP: url, resource type and encoded (on-the-wire) length. */
async function recordWire(page) {
  const client = await page.createCDPSession();
  await client.send('Network.enable');
  const requests = new Map();
  const pending = new Set();
  let lastActivity = Date.now();
  const done = (id) => {
    pending.delete(id);
    lastActivity = Date.now();
  };
  client.on('Network.requestWillBeSent', (e) => {
    requests.set(e.requestId, { url: e.request.url, type: e.type, bytes: 0, encoding: '' });
    // A server-sent event stream stays open for the page's life: it never lets the network be idle.
    if (e.type !== 'EventSource') pending.add(e.requestId);
    lastActivity = Date.now();
  });
  client.on('Network.loadingFailed', (e) => done(e.requestId));
  client.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.type = e.type;
    r.status = e.response.status;
    r.encoding = e.response.headers['content-encoding'] || e.response.headers['Content-Encoding'] || '';
  });
  client.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
    done(e.requestId);
  });
  return {
    client,
    /** Resolves once no request (other than event streams) has been in flight for `quietMs`. */
    async settle(quietMs = 1500, timeout = 60000) {
      const started = Date.now();
      while (pending.size > 0 || Date.now() - lastActivity < quietMs) {
        if (Date.now() - started > timeout) throw new Error(`network still busy after ${timeout} ms: ${[...pending].map((id) => requests.get(id)?.url).join(', ')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    summary(baseUrl) {
      const files = [...requests.values()].filter((r) => r.bytes > 0 && !r.url.startsWith('data:'));
      const isJs = (r) => r.type === 'Script' || /\.m?js(\?|$)/.test(r.url);
      const sum = (xs) => xs.reduce((a, r) => a + r.bytes, 0);
      const path = (u) => (u.startsWith(baseUrl) ? u.slice(baseUrl.length) : u);
      return {
        totalBytes: sum(files),
        jsBytes: sum(files.filter(isJs)),
        requests: files.length,
        remoteFiles: files.filter((r) => /\/mfe\//.test(r.url)).map((r) => path(r.url)),
        files: files.map((r) => ({ path: path(r.url), type: r.type, encoding: r.encoding, bytes: r.bytes })).sort((a, b) => b.bytes - a.bytes),
      };
    },
  };
}

async function wireBytes(browser, baseUrl, { path, session, waitForText }) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    // A first view has no service worker yet; the one the sign-in page registers would serve the measured page's
    // files itself, out of CDP's byte count.
    await page.setBypassServiceWorker(true);
    if (session) {
      // Sign in the way the app remembers a session (localStorage), from a page that loads nothing remote.
      // Until its own chunks are in: one still arriving after the cache is emptied below is cached again, and the
      // page measured next takes it from there (the dashboard's antd went uncounted that way).
      await page.goto(`${baseUrl}/payment-cancel`, { waitUntil: 'networkidle0' });
      await page.evaluate((t, u) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', JSON.stringify(u));
      }, session.token, session.user);
    }
    const wire = await recordWire(page);
    await wire.client.send('Network.clearBrowserCache');
    await page.goto(`${baseUrl}${path}`);
    if (waitForText) await page.waitForFunction((t) => document.body?.innerText.includes(t), { timeout: 30000 }, waitForText);
    await wire.settle(); // chunks loaded after the first render count too
    return wire.summary(baseUrl);
  } finally {
    await context.close();
  }
}

/** Time from navigation start to the first text inside #root, on Slow 4G with a slowed CPU, empty cache. */
async function firstTextOnSlow4g(browser, baseUrl, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      await page.evaluateOnNewDocument(() => {
        const check = () => {
          const root = document.getElementById('root');
          if (root && root.innerText.trim().length > 0 && !window.__afyaFirstText) window.__afyaFirstText = performance.now();
        };
        new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
      });
      const client = await page.createCDPSession();
      await client.send('Network.clearBrowserCache');
      await page.emulateNetworkConditions(PredefinedNetworkConditions['Slow 4G']);
      await page.emulateCPUThrottling(CPU_SLOWDOWN);
      await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded', timeout: 120000 });
      await page.waitForFunction(() => window.__afyaFirstText, { timeout: 120000, polling: 100 });
      times.push(Math.round(await page.evaluate(() => window.__afyaFirstText)));
    } finally {
      await context.close();
    }
  }
  return { ms: median(times), runs: times };
}

async function frontendOnTheWire({ baseUrl, runs = Number(process.env.FRONTEND_RUNS || 3) }) {
  const session = await signIn(baseUrl, PATIENT.email, PATIENT.password);
  const browser = await launchChromium();
  let home;
  const signedOut = [];
  let dashboard;
  let slow4g;
  let greeting;
  try {
    home = await wireBytes(browser, baseUrl, { path: '/', waitForText: 'See the right doctor' });
    for (const [path, text] of [['/login', 'Welcome back'], ['/register', 'Create your account']]) {
      const wire = await wireBytes(browser, baseUrl, { path, waitForText: text });
      signedOut.push({ path, ...wire, antd: await loadsAntd(baseUrl, wire) });
    }
    dashboard = await wireBytes(browser, baseUrl, { path: '/dashboard', session, waitForText: session.user.firstname });
    slow4g = await firstTextOnSlow4g(browser, baseUrl, runs);
    greeting = await timeToGreeting({ baseUrl, browser });
  } finally {
    await browser.close();
  }
  return { home, signedOut, dashboard, slow4g, greeting, targets: TARGETS };
}

function markdown(r, { files = false } = {}) {
  const ok = (value, target) => (value <= target ? 'within target' : `**over target** by ${kb(value - target)}`);
  const lines = [
    'Bytes over the wire in Chromium (CDP encodedDataLength: compressed body + headers), empty cache:',
    '',
    '| page | JS | all files | requests | target (all files) |',
    '|---|---|---|---|---|',
    `| \`/\` signed out | ${kb(r.home.jsBytes)} | ${kb(r.home.totalBytes)} | ${r.home.requests} | ≤ ${kb(r.targets.homeBytes)}: ${ok(r.home.totalBytes, r.targets.homeBytes)} |`,
    ...(r.signedOut ?? []).map((p) => `| \`${p.path}\` signed out | ${kb(p.jsBytes)} | ${kb(p.totalBytes)} | ${p.requests} | antd: ${p.antd ? '**downloaded** (target: none)' : 'none (target met)'} |`),
    `| \`/dashboard\` (patient) | ${kb(r.dashboard.jsBytes)} | ${kb(r.dashboard.totalBytes)} | ${r.dashboard.requests} | ≤ ${kb(r.targets.dashboardBytes)}: ${ok(r.dashboard.totalBytes, r.targets.dashboardBytes)} |`,
    '',
    `Remote files fetched on \`/\`: ${r.home.remoteFiles.length ? r.home.remoteFiles.join(', ') : 'none'}.`,
    `First text of \`/\` on Slow 4G (${CPU_SLOWDOWN}x CPU slowdown, empty cache, median of ${r.slow4g.runs.length}): ${r.slow4g.ms} ms ` +
      `(runs ${r.slow4g.runs.join(', ')} ms; target ≤ ${r.targets.slow4gFirstTextMs} ms: ${r.slow4g.ms <= r.targets.slow4gFirstTextMs ? 'met' : '**not met**'}).`,
    `Patient's greeting on /dashboard (loopback, median of 5): cold cache ${r.greeting.coldMs} ms, warm cache ${r.greeting.warmMs} ms.`,
  ];
  const top = (name, s) => {
    const list = files ? s.files : s.files.slice(0, 8);
    lines.push('', `Largest files for ${name}:`, '', '| file | type | encoding | bytes |', '|---|---|---|---|');
    for (const f of list) lines.push(`| ${f.path} | ${f.type} | ${f.encoding || 'none'} | ${kb(f.bytes)} |`);
  };
  top('`/`', r.home);
  top('`/dashboard` (patient)', r.dashboard);
  return lines.join('\n');
}

module.exports = { frontendOnTheWire, markdown, wireBytes, TARGETS };

if (require.main === module) {
  const baseUrl = (process.env.BENCH_URL || 'http://localhost:3000').replace(/\/$/, '');
  frontendOnTheWire({ baseUrl })
    .then((r) => console.log(process.env.FRONTEND_JSON ? JSON.stringify(r, null, 2) : markdown(r, { files: !!process.env.FRONTEND_FILES })))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
