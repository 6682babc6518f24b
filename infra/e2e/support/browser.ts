import puppeteer, { Browser, Page } from 'puppeteer';
import { auditScreen, expectEveryScreenAudited, noteShown } from './accessibility';

export const BASE_URL = process.env.E2E_BASE_URL || 'http://localhost:3150';

export const DEMO = {
  admin: { email: 'admin@afya.test', password: 'Admin#2026' },
  patient: { email: 'patient@afya.test', password: 'Patient#2026' },
  doctor: { email: 'dr.wanjiku@afya.test', password: 'Doctor#2026' },
} as const;

/** Debian's Chromium (never a downloaded browser), headless, with the flags this machine needs and any `extraArgs`. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}

export async function newPage(browser: Browser, width = 1366, height = 768): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height });
  page.setDefaultTimeout(15000);
  return page;
}

/**
 * Waits until some element's text contains `text`. It does not audit (a journey calls auditScreen once a screen has
 * settled) but notes the path, which must be audited before the page ends (closePage). On a timeout the error says
 * what the page showed instead (its path and the text of any open dialog, else of the page), so a failed CI run
 * tells which step stalled.
 */
export async function waitForText(page: Page, text: string, timeout = 15000): Promise<void> {
  try {
    await page.waitForFunction((t) => document.body?.innerText.includes(t), { timeout }, text);
  } catch (error) {
    const shown = await page
      .evaluate(() => {
        const dialogs = [...document.querySelectorAll('.ant-modal')].filter((element) => element.getClientRects().length > 0);
        const source = dialogs.length ? dialogs.map((element) => (element as HTMLElement).innerText).join('\n---\n') : document.body?.innerText ?? '';
        return `${location.pathname}${dialogs.length ? ' (dialog open)' : ''}: ${source.replace(/\s+/g, ' ').slice(0, 600)}`;
      })
      .catch((reason: Error) => `(the page could not be read: ${reason.message})`);
    throw new Error(`${(error as Error).message}, waiting for the text ${JSON.stringify(text)}. The page showed ${shown}`, { cause: error });
  }
  noteShown(page);
}

/**
 * Ends a journey's page: the page it ended on is audited too (if it was not yet), every path it showed must have been
 * audited (support/accessibility.ts), then its context closes.
 */
export async function closePage(page: Page): Promise<void> {
  try {
    if (!page.isClosed()) await auditScreen(page);
    expectEveryScreenAudited(page);
  } finally {
    await page.browserContext().close();
  }
}

export async function fillByLabelOrPlaceholder(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForSelector(selector);
  await waitForOverlaysToSettle(page);
  await page.click(selector, { count: 3 });
  await page.type(selector, value);
}

/** The elements antd animates when a dialog, drawer or dropdown opens or closes. */
const OVERLAY_ROOTS = '.ant-modal, .ant-modal-mask, .ant-drawer-content-wrapper, .ant-drawer-mask, .ant-select-dropdown, .ant-picker-dropdown, .ant-dropdown';

/**
 * Waits until no visible dialog, drawer or dropdown is in its opening or closing animation. A click at coordinates
 * taken while a dialog still zooms open lands on its mask (which closes it), and one taken while a dropdown opens
 * misses its option.
 */

export async function waitForOverlaysToSettle(page: Page): Promise<void> {
  await page.waitForFunction((roots: string) => {
    const overlays = [...document.querySelectorAll(roots)].filter((element) => element.getClientRects().length > 0);
    // rc-motion puts its classes on the overlay itself from the first render, before the CSS animation starts
    const moving = overlays.some((element) => /(^|\s)ant-[\w-]+-(appear|enter|leave)(\s|-|$)/.test(element.className?.toString() ?? ''));
    const animating = document.getAnimations().some((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target as Element | null | undefined;
      return !!target && overlays.includes(target) && animation.playState === 'running';
    });
    return !moving && !animating;
  }, {}, OVERLAY_ROOTS);
}

export async function clickButton(page: Page, text: string): Promise<void> {
  const button = await page
    .waitForSelector(`::-p-xpath(//button[normalize-space(.)=${JSON.stringify(text)}] | //a[normalize-space(.)=${JSON.stringify(text)}])`)
    .catch(async (error: Error) => {
      // What the page showed instead (CI once missed "Add closure" on the Clinic calendar, seen nowhere else): the
      // path, the buttons there and the start of the text, so the next miss names its cause.
      const seen = await page
        .evaluate(() => ({
          path: location.pathname,
          buttons: [...document.querySelectorAll('button, a')].map((b) => (b.textContent ?? '').trim()).filter(Boolean).slice(0, 40),
          text: document.body.innerText.slice(0, 1500),
        }))
        .catch(() => null);
      throw new Error(`no button or link "${text}": ${error.message}\npage: ${JSON.stringify(seen)}`);
    });
  await waitForOverlaysToSettle(page);
  await button!.click();
}

/** Opens an antd Select (by a selector of its root) and picks an option by its text, once the dropdown has opened. */
export async function chooseSelectOption(page: Page, selectSelector: string, option: string): Promise<void> {
  await page.waitForSelector(selectSelector, { visible: true });
  await waitForOverlaysToSettle(page);
  await page.click(selectSelector);
  const item = await page.waitForSelector(
    `::-p-xpath(//div[contains(@class,"ant-select-dropdown") and not(contains(@class,"ant-select-dropdown-hidden"))]//div[contains(@class,"ant-select-item-option") and normalize-space(.)=${JSON.stringify(option)}])`,
    { visible: true },
  );
  await waitForOverlaysToSettle(page);
  await item!.evaluate((el) => (el as HTMLElement).click());
}

/** Types into the AutoComplete or Input with this aria-label, then closes any suggestions (Escape). */
export async function typeInto(page: Page, ariaLabel: string, text: string): Promise<void> {
  const input = await page.waitForSelector(`input[aria-label="${ariaLabel}"]`, { visible: true });
  await input!.click();
  await input!.type(text);
  await page.keyboard.press('Escape');
}

/**
 * Picks a date in an antd DatePicker (`input` selects its input): opens it, moves on a month at a time (three at
 * the most) until the day is offered, clicks it in the page (as antd's cells need), and waits until the input
 * shows a date.
 */
export async function pickDate(page: Page, input: string, date: string): Promise<void> {
  await page.click(input);
  await page.waitForSelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-panel', { visible: true });
  await waitForOverlaysToSettle(page);
  for (let i = 0; i < 3; i++) {
    const cell = await page.$(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${date}"]:not(.ant-picker-cell-disabled) .ant-picker-cell-inner`);
    if (cell) {
      await cell.evaluate((el) => (el as HTMLElement).click());
      await page.waitForFunction((selector) => (document.querySelector(selector) as HTMLInputElement | null)?.value !== '', {}, input);
      return;
    }
    await page.click('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-header-next-btn');
    await new Promise((resolve) => setTimeout(resolve, 200)); // the next month's panel slides in
  }
  throw new Error(`date ${date} not offered by the picker`);
}

export async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.goto(`${BASE_URL}/login`, { waitUntil: 'networkidle0' });
  await fillByLabelOrPlaceholder(page, 'input[type="email"], input#email, input[name="email"]', credentials.email);
  await fillByLabelOrPlaceholder(page, 'input[type="password"], input#password, input[name="password"]', credentials.password);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.pathname.startsWith('/dashboard'), { timeout: 15000 });
}
