import puppeteer, { Browser, Page } from 'puppeteer';

export const BASE_URL = process.env.E2E_BASE_URL || 'http://localhost:3150';

export const DEMO = {
  admin: { email: 'admin@afya.test', password: 'Admin#2026' },
  patient: { email: 'patient@afya.test', password: 'Patient#2026' },
  doctor: { email: 'dr.wanjiku@afya.test', password: 'Doctor#2026' },
} as const;

/** Debian's Chromium (never a downloaded browser), headless, with the flags this machine needs. */
export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export async function newPage(browser: Browser, width = 1366, height = 768): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height });
  page.setDefaultTimeout(15000);
  return page;
}

/** Waits until some element's text contains `text`. */
export async function waitForText(page: Page, text: string, timeout = 15000): Promise<void> {
  await page.waitForFunction((t) => document.body?.innerText.includes(t), { timeout }, text);
}

export async function fillByLabelOrPlaceholder(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.click(selector, { count: 3 });
  await page.type(selector, value);
}

export async function clickButton(page: Page, text: string): Promise<void> {
  const button = await page.waitForSelector(`::-p-xpath(//button[normalize-space(.)=${JSON.stringify(text)}] | //a[normalize-space(.)=${JSON.stringify(text)}])`);
  await button!.click();
}

export async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.goto(`${BASE_URL}/login`, { waitUntil: 'networkidle0' });
  await fillByLabelOrPlaceholder(page, 'input[type="email"], input#email, input[name="email"]', credentials.email);
  await fillByLabelOrPlaceholder(page, 'input[type="password"], input#password, input[name="password"]', credentials.password);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.pathname.startsWith('/dashboard'), { timeout: 15000 });
}
