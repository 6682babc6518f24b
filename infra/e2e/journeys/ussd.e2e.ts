import type { Browser, Page } from 'puppeteer';
import { call } from '../support/api';
import { launchBrowser, newPage } from '../support/browser';
import { USSD_URL } from '../support/sandboxes';

// Issue 42: a tester books a visit by keypresses in the USSD simulator's page (infra/sandboxes/ussd-simulator.js), as
// a patient would on a feature phone: dial from the patient's number, PIN, Book, a specialty, a doctor, a day, a time,
// Confirm. What only a browser shows: the page's keypad and screen working against the platform's USSD callback. The
// rules behind each step are the integration test's (gateway/test/ussd/ussd.int.spec.ts).

const PHONE = '0712 420 900';
const PIN = '4071';

/** Presses the keypad's buttons for `keys`, then Send; resolves with the screen's next text. */
async function pressKeys(page: Page, keys: string): Promise<string> {
  const before = await page.$eval('#screen', (el) => (el as HTMLElement).innerText);
  for (const key of keys) await page.click(`button.key[data-key="${key}"]`);
  await page.click('#send');
  await page.waitForFunction((previous) => (document.getElementById('screen') as HTMLElement).innerText !== previous, {}, before);
  return page.$eval('#screen', (el) => (el as HTMLElement).innerText);
}

/** The number the screen gives its first list entry (the lines after the title). */
const firstChoice = (screen: string) => /\n(\d+) /.exec(screen)![1]!;

describe('USSD journey: a tester books a visit by keypresses in the simulator page', () => {
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const patient = { email: `ussd.${Date.now()}@example.co.ke`, password: 'Ussd#2026a' };
    const registered = await call('POST', 'auth/register', undefined, { firstname: 'Wanjiru', lastname: 'Mwangi', ...patient, contact_phone: PHONE, address: 'Kisumu Road, Eldoret, Kenya' });
    expect(registered.status).toBe(201);
    token = (await call<{ token: string }>('POST', 'auth/login', undefined, patient)).body.token;
    expect((await call('PUT', 'user/ussd-pin', token, { pin: PIN })).status).toBe(200);
    page = await newPage(browser, 390, 844);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('dials, types the PIN and books through the menu; the visit is the patient\'s, waiting for M-Pesa', async () => {
    expect(USSD_URL).toBeTruthy();
    await page.goto(USSD_URL!);
    await page.$eval('#phone', (el) => ((el as HTMLInputElement).value = ''));
    await page.type('#phone', PHONE);
    await page.click('#dial');
    await page.waitForFunction(() => (document.getElementById('screen') as HTMLElement).innerText.includes('USSD PIN'));

    expect(await pressKeys(page, PIN)).toContain('1 Book a visit');
    let screen = await pressKeys(page, '1');
    expect(screen).toMatch(/^Choose a specialty:/);
    screen = await pressKeys(page, firstChoice(screen));
    expect(screen).toMatch(/^Choose a doctor:/);
    screen = await pressKeys(page, firstChoice(screen));
    expect(screen).toMatch(/^Choose a day:/);
    screen = await pressKeys(page, firstChoice(screen));
    expect(screen).toMatch(/^Free times /);
    screen = await pressKeys(page, firstChoice(screen));
    expect(screen).toMatch(/Fee: Ksh [\d,]+, paid by M-Pesa from this phone\.\n1 Confirm\n2 Cancel$/);
    screen = await pressKeys(page, '1');
    expect(screen).toContain('Enter your M-Pesa PIN on the prompt');
    expect(await page.$eval('#screen', (el) => (el as HTMLElement).dataset.ended)).toBe('true');

    const mine = await call<{ notes: string; appointment_status: string }[]>('GET', 'appointments', token);
    expect(mine.body).toEqual([expect.objectContaining({ notes: 'Booked by phone (USSD).' })]);
  });
});
