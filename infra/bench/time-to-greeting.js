'use strict';
// Time for a signed-in patient to see their greeting on loopback, in Debian's Chromium:
// cold (empty cache: shell + remote + shared chunks) and warm (cached files), median of 5 each.
// Each run has its own browser context; `browser` lends an already running Chromium (frontend-size.js).
const { signIn, launchChromium, median } = require('./lib');

async function timeToGreeting({ baseUrl, email = 'patient@afya.test', password = 'Patient#2026', runs = 5, browser: lent }) {
  const { token, user } = await signIn(baseUrl, email, password);
  const browser = lent ?? (await launchChromium());
  try {
    const measureOnce = async (page) => {
      const started = Date.now();
      await page.goto(`${baseUrl}/dashboard`);
      await page.waitForFunction((name) => document.body?.innerText.includes(name), { timeout: 30000 }, user.firstname);
      return Date.now() - started;
    };
    const cold = [];
    const warm = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      // Until its own chunks are in (one arriving after the cache is emptied would make the cold load warm).
      await page.goto(`${baseUrl}/payment-cancel`, { waitUntil: 'networkidle0' });
      await page.evaluate((t, u) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', JSON.stringify(u));
      }, token, user);
      const client = await page.createCDPSession();
      await client.send('Network.clearBrowserCache');
      cold.push(await measureOnce(page));
      warm.push(await measureOnce(page));
      await context.close();
    }
    return { coldMs: median(cold), warmMs: median(warm) };
  } finally {
    if (!lent) await browser.close();
  }
}

module.exports = { timeToGreeting };

if (require.main === module) {
  timeToGreeting({ baseUrl: process.env.BENCH_URL || 'http://localhost:3000' }).then((r) => console.log(r));
}
