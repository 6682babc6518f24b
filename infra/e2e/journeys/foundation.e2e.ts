import type { Browser, Page } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, closePage, DEMO, clickButton, fillByLabelOrPlaceholder, launchBrowser, newPage, signIn, waitForText } from '../support/browser';

describe('frontend foundation: shell, remotes, sign-in (real browser, real platform)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    page = await newPage(browser);
  });

  afterEach(async () => {
    await closePage(page);
  });

  it('registers a new patient, is sent to /login, signs in and is greeted on /dashboard', async () => {
    const email = `journey.${Date.now()}@example.co.ke`;
    await page.goto(`${BASE_URL}/register`, { waitUntil: 'networkidle0' });
    await fillByLabelOrPlaceholder(page, '#firstname', 'Makena');
    await fillByLabelOrPlaceholder(page, '#lastname', 'Njoroge');
    await fillByLabelOrPlaceholder(page, '#email', email);
    await fillByLabelOrPlaceholder(page, '#contact_phone', '0712345678');
    await fillByLabelOrPlaceholder(page, '#address', 'Kenyatta Avenue, Nakuru');
    await fillByLabelOrPlaceholder(page, '#password', 'Makena#2026');
    await fillByLabelOrPlaceholder(page, '#confirmPassword', 'Makena#2026');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/login');
    await waitForText(page, 'Registration successful! Please login.');
    await auditScreen(page);

    await signIn(page, { email, password: 'Makena#2026' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await waitForText(page, 'Makena');
    await auditScreen(page);
  });

  it.each([
    ['admin', DEMO.admin, '/dashboard/admin', 'Welcome back, Admin!'],
    ['doctor', DEMO.doctor, '/dashboard/doctor', 'Dr. Wanjiku'],
    ['patient', DEMO.patient, '/dashboard', 'Wanjiru'],
  ])('the demo %s signs in and lands on their home', async (_role, credentials, home, greeting) => {
    await signIn(page, credentials);
    await page.waitForFunction((path) => location.pathname === path, {}, home);
    await waitForText(page, greeting);
    await auditScreen(page);
  });

  it('sends a patient who opens /dashboard/admin to /dashboard', async () => {
    await signIn(page, DEMO.patient);
    await page.goto(`${BASE_URL}/dashboard/admin`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => location.pathname === '/dashboard');
    await waitForText(page, 'Wanjiru');
    await auditScreen(page);
  });

  it('keeps the chosen theme after a reload', async () => {
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle0' });
    const themeOf = () => page.$eval('[data-theme]', (el) => el.getAttribute('data-theme'));
    const before = await themeOf();
    const toggle = await page.waitForSelector('button[aria-label^="Switch to"]');
    await toggle!.click();
    await page.waitForFunction((b) => document.querySelector('[data-theme]')?.getAttribute('data-theme') !== b, {}, before);
    await page.reload({ waitUntil: 'networkidle0' });
    expect(await themeOf()).not.toBe(before);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe(before === 'light' ? 'true' : 'false');
  });

  it('saves a profile edit that survives a reload', async () => {
    const email = `profile.${Date.now()}@example.co.ke`;
    const register = await fetch(`${BASE_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstname: 'Baraka', lastname: 'Mutua', email, password: 'Baraka#2026', contact_phone: '0722000111', address: 'Oginga Odinga St, Kisumu' }),
    });
    expect(register.status).toBe(201);
    await signIn(page, { email, password: 'Baraka#2026' });
    await (await page.waitForSelector('button.afya-user-chip'))!.click();
    // Wait for the dialog to show the stored profile before editing it.
    await page.waitForFunction(() => (document.querySelector('.ant-modal #address') as HTMLInputElement | null)?.value === 'Oginga Odinga St, Kisumu');
    await new Promise((resolve) => setTimeout(resolve, 400)); // the dialog's opening animation
    await fillByLabelOrPlaceholder(page, '.ant-modal #address', 'Riverside Drive, Westlands, Nairobi');
    await fillByLabelOrPlaceholder(page, '.ant-modal #lastname', 'Mutua-Otieno');
    await clickButton(page, 'Save Changes');
    await waitForText(page, 'Profile updated!');
    await auditScreen(page);
    await page.reload({ waitUntil: 'networkidle0' });
    await (await page.waitForSelector('button.afya-user-chip'))!.click();
    await page.waitForSelector('.ant-modal #address');
    expect(await page.$eval('.ant-modal #address', (el) => (el as HTMLInputElement).value)).toBe('Riverside Drive, Westlands, Nairobi');
    expect(await page.$eval('.ant-modal #lastname', (el) => (el as HTMLInputElement).value)).toBe('Mutua-Otieno');
  });

  it('changes the password and stays signed in (the old token is revoked, the new one kept)', async () => {
    const email = `password.${Date.now()}@example.co.ke`;
    await fetch(`${BASE_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstname: 'Imani', lastname: 'Chebet', email, password: 'Imani#2026', contact_phone: '0733000222', address: 'Uganda Road, Eldoret Town' }),
    });
    await signIn(page, { email, password: 'Imani#2026' });
    const oldToken = await page.evaluate(() => localStorage.getItem('token'));
    await (await page.waitForSelector('button.afya-user-chip'))!.click();
    await clickButton(page, 'Change Password');
    await fillByLabelOrPlaceholder(page, '.ant-modal #currentPassword', 'Imani#2026');
    await fillByLabelOrPlaceholder(page, '.ant-modal #newPassword', 'Imani#2027');
    await fillByLabelOrPlaceholder(page, '.ant-modal #confirmPassword', 'Imani#2027');
    await clickButton(page, 'Update Password');
    await waitForText(page, 'Password changed!');
    await auditScreen(page);
    const newToken = await page.evaluate(() => localStorage.getItem('token'));
    expect(newToken).not.toBe(oldToken);
    const oldStatus = (await fetch(`${BASE_URL}/api/user/profile`, { headers: { authorization: `Bearer ${oldToken}` } })).status;
    expect(oldStatus).toBe(401);
    await page.reload({ waitUntil: 'networkidle0' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await waitForText(page, 'Imani');
    await auditScreen(page);
  });

  it('fetches each chunk once: no two scripts a page loads hold the same modules (/, /services, the patient dashboard)', async () => {
    // Every chunk file starts by naming the chunks it fulfils (`push([[ids], ...`); two files naming the same ones
    // carry the same modules under two names, fetched twice (the shared zustand and react-router-dom did, on every
    // page). Each file counts once per URL: a file the page asks for twice would be a fault of its own.
    const scripts: Array<{ url: string; chunks: string }> = [];
    const reading: Array<Promise<unknown>> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith('.js') || response.status() !== 200) return;
      reading.push(
        response
          .text()
          .then((body) => {
            // Per build: each app's chunks are counted in its own loading global (webpackChunkshell, webpackChunkmfe_patient).
            const chunk = /(webpackChunk\w+)\b[^]*?\.push\(\[\[([\d,]+)\]/.exec(body);
            scripts.push({ url: url.pathname, chunks: chunk ? `${chunk[1]} ${chunk[2]}` : `entry ${url.pathname}` });
          })
          .catch(() => undefined),
      );
    });
    const twins = async () => {
      await Promise.all(reading);
      const byChunks = new Map<string, string[]>();
      for (const s of scripts) byChunks.set(s.chunks, [...(byChunks.get(s.chunks) ?? []), s.url]);
      return [...byChunks.values()].filter((urls) => urls.length > 1);
    };
    for (const path of ['/', '/services']) {
      scripts.length = 0;
      await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle0' });
      expect({ path, twins: await twins() }).toEqual({ path, twins: [] });
      expect(scripts.length).toBeGreaterThan(3);
    }
    scripts.length = 0;
    await signIn(page, DEMO.patient);
    await waitForText(page, 'Wanjiru');
    expect({ path: '/dashboard', twins: await twins() }).toEqual({ path: '/dashboard', twins: [] });
  });

  it('shows a fallback with Retry inside the layout when a remote cannot be loaded, and recovers', async () => {
    let blocked = true;
    // The page's own requests only: the service worker (which fetches a remote's files for the page once it is in
    // control) would get them past this interception.
    await page.setBypassServiceWorker(true);
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (blocked && request.url().includes('/mfe/patient/')) void request.abort();
      else void request.continue();
    });
    await signIn(page, DEMO.patient);
    await waitForText(page, 'This part of Afya could not be loaded.');
    await auditScreen(page);
    // The federation runtime's own text (#RUNTIME-…, JSON, URLs) stays in the console.
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/RUNTIME|mf-manifest|https?:\/\//);
    expect(await page.$('button.afya-user-chip')).not.toBeNull();
    blocked = false;
    await clickButton(page, 'Retry');
    await waitForText(page, 'Wanjiru');
    await auditScreen(page);
    // Public pages keep working whatever happens to a remote.
    await page.goto(`${BASE_URL}/about`, { waitUntil: 'networkidle0' });
    await waitForText(page, '2020');
    await auditScreen(page);
  });
});
