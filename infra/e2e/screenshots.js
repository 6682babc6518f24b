#!/usr/bin/env node
// Screenshots of every public page and each demo role's dashboard pages at 1366x768 and 390x844.
// Usage: BASE_URL=http://localhost:3000 OUT=./screenshots node infra/e2e/screenshots.js
// LANGUAGE=sw takes them in Kiswahili (the visitor's remembered choice; signed in, picked with the switch, so the
// profile says it too), THEME=dark in the dark theme, ROLES=patient only those roles' pages (and the public ones).
// Uses Debian's chromium (/usr/bin/chromium); puppeteer never downloads a browser here.
const fs = require('node:fs');
const path = require('node:path');
const puppeteer = require('puppeteer');

const BASE_URL = (process.env.BASE_URL || 'http://localhost:3000').replace(/\/$/, '');
const OUT = path.resolve(process.env.OUT || './screenshots');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const LANGUAGE = process.env.LANGUAGE || '';
const DARK = process.env.THEME === 'dark';
const ONLY_ROLES = process.env.ROLES ? process.env.ROLES.split(',') : null;
const SUFFIX = `${LANGUAGE ? `-${LANGUAGE}` : ''}${DARK ? '-dark' : ''}`;
const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'mobile', width: 390, height: 844 },
];
const PUBLIC = ['/', '/about', '/services', '/contact', '/login', '/register', '/forgot-password', '/reset-password?token=example', '/reset-password?phone=0712345678', '/payment-cancel'];
const ROLES = [
  {
    role: 'admin', email: 'admin@afya.test', password: 'Admin#2026',
    pages: ['/dashboard/admin', '/dashboard/admin/users', '/dashboard/admin/analytics', '/dashboard/admin/reports', '/dashboard/admin/appointments', '/dashboard/admin/doctors', '/dashboard/admin/support', '/dashboard/admin/messages', '/dashboard/admin/calendar'],
  },
  {
    role: 'patient', email: 'patient@afya.test', password: 'Patient#2026',
    pages: ['/dashboard', '/dashboard/appointments', '/dashboard/appointments/book', '/dashboard/appointments/book?doctor_id=1', '/dashboard/prescriptions', '/dashboard/medical-history', '/dashboard/support', '/dashboard/find-doctors', '/dashboard/payments', '/dashboard/waitlist', '/dashboard/health-readings'],
  },
  {
    role: 'doctor', email: 'dr.wanjiku@afya.test', password: 'Doctor#2026',
    pages: ['/dashboard/doctor', '/dashboard/doctor/appointments', '/dashboard/doctor/prescriptions', '/dashboard/doctor/write-prescription', '/dashboard/doctor/medical-history', '/dashboard/doctor/support', '/dashboard/doctor/hours', '/dashboard/doctor/vital-alerts'],
  },
];

/** The language and theme, in localStorage before the app starts on every page of the context. */
async function prepare(page) {
  await page.evaluateOnNewDocument((language, dark) => {
    if (language) localStorage.setItem('language', language);
    if (dark) localStorage.setItem('darkMode', 'true');
  }, LANGUAGE, DARK);
}

const slug = (p) => (p === '/' ? 'home' : p.replace(/^\//, '').replace(/[^a-zA-Z0-9-]+/g, '_'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function shoot(page, url, file) {
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 30000 });
  await sleep(500);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`saved ${path.relative(process.cwd(), file)}  (${page.url().replace(BASE_URL, '')})`);
}

async function signIn(page, email, password) {
  await page.goto(`${BASE_URL}/login`, { waitUntil: 'networkidle0' });
  await page.type('input[type=email]', email);
  await page.type('input[type=password]', password);
  await Promise.all([
    page.waitForFunction(() => location.pathname.startsWith('/dashboard'), { timeout: 15000 }),
    page.click('button[type=submit]'),
  ]);
}

(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  let failures = 0;
  try {
    for (const size of SIZES) {
      // Public pages, signed out.
      const ctx = await browser.createBrowserContext();
      const page = await ctx.newPage();
      await page.setViewport({ width: size.width, height: size.height });
      await prepare(page);
      page.on('pageerror', (e) => console.warn(`[${size.name}] page error: ${e.message}`));
      for (const p of PUBLIC) {
        try {
          await shoot(page, BASE_URL + p, path.join(OUT, `public-${slug(p)}-${size.width}x${size.height}${SUFFIX}.png`));
        } catch (e) {
          failures++;
          console.error(`failed ${p}: ${e.message}`);
        }
      }
      await ctx.close();
      // Each role in its own context (separate localStorage).
      for (const r of ROLES.filter((x) => !ONLY_ROLES || ONLY_ROLES.includes(x.role))) {
        const rctx = await browser.createBrowserContext();
        const rp = await rctx.newPage();
        await rp.setViewport({ width: size.width, height: size.height });
        await prepare(rp);
        rp.on('pageerror', (e) => console.warn(`[${r.role} ${size.name}] page error: ${e.message}`));
        try {
          await signIn(rp, r.email, r.password);
          // Signed in, the profile's language applies: pick the one asked for with the switch (saved in the profile).
          // Picked in the page (the switch re-renders when the profile's language arrives: a handle taken before
          // that was detached), then waited for.
          if (LANGUAGE) {
            await rp.waitForSelector(`button[lang="${LANGUAGE}"]`, { timeout: 15000 });
            await rp.evaluate((lang) => {
              const pick = document.querySelector(`button[lang="${lang}"]`);
              if (pick && pick.getAttribute('aria-pressed') !== 'true') pick.click();
            }, LANGUAGE);
            await rp.waitForFunction((lang) => document.querySelector(`button[lang="${lang}"]`)?.getAttribute('aria-pressed') === 'true', { timeout: 15000 }, LANGUAGE);
          }
          for (const p of r.pages) {
            await shoot(rp, BASE_URL + p, path.join(OUT, `${r.role}-${slug(p)}-${size.width}x${size.height}${SUFFIX}.png`));
          }
        } catch (e) {
          failures++;
          console.error(`failed ${r.role}: ${e.message}`);
        }
        await rctx.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots in ${OUT}${failures ? ` (${failures} failures)` : ''}`);
  process.exit(failures ? 1 : 0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
