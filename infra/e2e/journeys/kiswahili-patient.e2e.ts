import fs from 'node:fs';
import path from 'node:path';
import type { Browser, HTTPRequest, Page } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, clickButton, closePage, fillByLabelOrPlaceholder, launchBrowser, newPage, pickDate, waitForOverlaysToSettle, waitForText } from '../support/browser';
import { call } from '../support/api';
import { bookFullDay, firstFreeDay, type ListedDoctor, nairobiDate } from '../support/visits';

// A patient in Kiswahili (issue 27): on the home page they switch the language, sign in, book an appointment and pay it
// by M-Pesa (the Daraja sandbox approves the push). Every screen is in Kiswahili: its texts are asserted, and no
// English text of the web catalogues (shell and patient remote) is left on it. The choice is remembered
// (localStorage, <html lang>), saved in the profile once signed in, and every API call carries Accept-Language: sw.
// Then their waitlist and a new support ticket, in Kiswahili too. Screens are saved at 1366 and 390 px under
// screenshots/journeys/kiswahili-patient (E2E_SCREENSHOTS).

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const SHOTS = path.resolve(__dirname, '../../../screenshots/journeys/kiswahili-patient');
const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];
/** With E2E_SCREENSHOTS: saves the page as it is now at each width (back to 1366 after). CI encodes none. */
async function shoot(page: Page, screen: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const { width, height } of WIDTHS) {
    await page.setViewport({ width, height });
    // From the top: a full-page capture of a scrolled page draws the fixed top bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await sleep(300); // antd's responsive layout settles after the resize
    await page.screenshot({ path: path.join(SHOTS, `${screen}-${width}.png`), fullPage: true });
  }
  await page.setViewport({ width: 1366, height: 768 });
}

type Tree = { [key: string]: unknown };
const root = path.resolve(__dirname, '../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Tree;
function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leaves(value as Tree, `${prefix}${key}.`) : [[`${prefix}${key}`, String(value)] as [string, string]],
  );
}

/**
 * The English texts of the catalogues that differ in Kiswahili, as patterns over a whole text ({{placeholders}} match
 * anything). antd's own texts (`antd.*`) are included: our catalogue provides them in Kiswahili.
 */
function englishPatterns(): string[] {
  const out: string[] = [];
  for (const app of ['shell', 'mfe-patient']) {
    const sw = new Map(leaves(read(`${app}/locales/sw.json`)));
    for (const [key, en] of leaves(read(`${app}/locales/en.json`))) {
      if (sw.get(key) === en || en.trim().length < 2) continue;
      const escaped = en.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\s*\w+\s*\\\}\\\}/g, '.+');
      out.push(`^${escaped}$`);
    }
  }
  return out;
}

/**
 * English catalogue texts visible on the page: each visible element's own text, and what assistive technology reads
 * (aria-label, placeholder, title). A match is a whole text, so a doctor's name or a medicine is never mistaken.
 */
async function englishLeft(page: Page, patterns: string[]): Promise<string[]> {
  return page.evaluate((sources: string[]) => {
    const regexes = sources.map((s) => new RegExp(s));
    const texts = new Set<string>();
    for (const el of document.body.querySelectorAll('*')) {
      if (!(el as HTMLElement).checkVisibility?.() || el.closest('script,style,svg')) continue;
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
      if (own) texts.add(own);
      for (const attr of ['aria-label', 'placeholder', 'title']) {
        const v = el.getAttribute(attr)?.trim();
        if (v) texts.add(v);
      }
    }
    texts.add(document.title.replace(/ · Afya$/, ''));
    return [...texts].filter((t) => regexes.some((r) => r.test(t)));
  }, patterns);
}

/** '02:30 PM' → '14:30': how the Kiswahili screens write a slot. */
function clock24(slot: string): string {
  const [, h, m, ap] = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(slot)!;
  return `${String((Number(h) % 12) + (ap === 'PM' ? 12 : 0)).padStart(2, '0')}:${m}`;
}

/** A doctor with a free slot on some day from day 12 on (clear of the other journeys' days). */
async function freeSlot(token: string): Promise<{ doctor: ListedDoctor; date: string; slot: string }> {
  const { doctor, date, free } = await firstFreeDay(token, { fromDay: 12, toDay: 30 });
  return { doctor, date, slot: free[0]! };
}

describe('Kiswahili journey: a patient switches to Kiswahili, signs in, books and pays by M-Pesa', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  const patterns = englishPatterns();
  let booked: { doctor: ListedDoctor; date: string; slot: string } | undefined;
  const patient = { email: `mgonjwa.${Date.now()}@example.co.ke`, password: 'Mgonjwa#2026' };
  const apiRequests: Array<{ method: string; path: string; language: string | undefined; body: Promise<string | undefined> }> = [];

  const expectNoEnglish = async (where: string) => {
    expect({ where, english: await englishLeft(page, patterns) }).toEqual({ where, english: [] });
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const reg = await call('POST', 'auth/register', undefined, {
      firstname: 'Neema',
      lastname: 'Mwangi',
      email: patient.email,
      password: patient.password,
      contact_phone: '0712345670', // its own number: M-Pesa allows 3 pushes per phone in 10 minutes, other journeys push too
      address: 'Moi Avenue, Nairobi CBD, Kenya',
    });
    expect(reg.status).toBe(201);
    token = (await call<{ token: string }>('POST', 'auth/login', undefined, patient)).body.token;
    page = await newPage(browser);
    page.on('request', (request: HTTPRequest) => {
      const url = new URL(request.url());
      // The app's own calls (fetch): an event stream cannot set headers, and the browser's default is not ours to check.
      if (url.pathname.startsWith('/api/') && ['fetch', 'xhr'].includes(request.resourceType())) {
        // The body as sent (a fetch's body is not always in the request event itself).
        apiRequests.push({ method: request.method(), path: url.pathname, language: request.headers()['accept-language'], body: request.fetchPostData().catch(() => undefined) });
      }
    });
  });

  afterAll(async () => {
    try {
      if (page) await closePage(page);
    } finally {
      await browser?.close();
    }
  });

  it('the home page switches to Kiswahili with the top bar switch, and remembers it', async () => {
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('button[lang="sw"]');
    expect(await page.$eval('html', (h) => h.lang)).toBe('en');
    await page.click('button[lang="sw"]');
    apiRequests.length = 0; // from here on, every call asks for Kiswahili
    await waitForText(page, 'Muone daktari sahihi, kwa wakati unaofaa.');
    expect(await page.$eval('html', (h) => h.lang)).toBe('sw');
    expect(await page.$eval('button[lang="sw"]', (b) => b.getAttribute('aria-pressed'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('sw');
    await waitForText(page, 'Kila kitu afya yako inahitaji');
    await expectNoEnglish('/');
    await auditScreen(page);

    // A reload keeps the language (remembered in localStorage).
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForText(page, 'Anza Kupona');
    expect(await page.$eval('html', (h) => h.lang)).toBe('sw');
  });

  it('signs in in Kiswahili; the choice is saved in the profile and every API call asks for Kiswahili', async () => {
    await clickButton(page, 'Ingia');
    await page.waitForFunction(() => location.pathname === '/login');
    await waitForText(page, 'Karibu tena');
    await expectNoEnglish('/login');
    await auditScreen(page);
    // The form's own messages are in Kiswahili too.
    await page.click('button[type="submit"]');
    await waitForText(page, 'Tafadhali weka barua pepe sahihi');
    await fillByLabelOrPlaceholder(page, 'input#email', patient.email);
    await fillByLabelOrPlaceholder(page, 'input#password', patient.password);
    const signedIn = apiRequests.length;
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/dashboard');
    await waitForText(page, 'Umeingia kikamilifu!');
    await waitForText(page, 'Karibu, Neema!');
    await waitForText(page, 'Miadi ya leo');
    await expectNoEnglish('/dashboard');
    await auditScreen(page);

    // The pick made before signing in is saved in the profile.
    for (let i = 0; i < 50 && !apiRequests.some((r) => r.method === 'PATCH' && r.path === '/api/user/profile'); i++) await sleep(100);
    const saved = apiRequests.slice(signedIn).find((r) => r.method === 'PATCH' && r.path === '/api/user/profile');
    expect(saved).toBeDefined();
    expect(JSON.parse((await saved!.body) ?? '{}')).toEqual({ language: 'sw' });
    // Every call since the switch asked for Kiswahili.
    expect(apiRequests.length).toBeGreaterThan(0);
    expect(apiRequests.filter((r) => r.language !== 'sw')).toEqual([]);
  });

  it('books an appointment in Kiswahili and pays it by M-Pesa', async () => {
    const { doctor, date, slot } = (booked = await freeSlot(token));
    await page.goto(`${BASE_URL}/dashboard/appointments/book?doctor_id=${doctor.doctor_id}`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Mwongozo wa Kuweka Miadi');
    // The doctor is preselected from ?doctor_id; the type, the date, the slot and the reason are chosen here.
    await page.waitForFunction(() => !!document.querySelector('.ant-select:has(input[aria-label="Daktari"]) .ant-select-content')?.getAttribute('title'));
    await page.click('.ant-select:has(input[aria-label="Aina ya miadi"])');
    const option = await page.waitForSelector(
      '::-p-xpath(//div[contains(@class,"ant-select-dropdown") and not(contains(@class,"ant-select-dropdown-hidden"))]//div[contains(@class,"ant-select-item-option") and starts-with(normalize-space(.), "Ushauri")])',
      { visible: true },
    );
    await waitForOverlaysToSettle(page);
    await option!.evaluate((el) => (el as HTMLElement).click());
    await page.waitForSelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)', { hidden: true });

    await page.click('input[aria-label="Tarehe ya miadi"]');
    await page.waitForSelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-panel', { visible: true });
    await waitForOverlaysToSettle(page);
    // The calendar speaks Kiswahili (our catalogue gives antd's date picker its texts, dayjs its month names).
    expect(await page.$eval('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)', (el) => (el as HTMLElement).innerText)).toMatch(/^J3\s+J4\s+J5\s+Al\s+Ij\s+J1\s+J2$/m); // dayjs's Kiswahili day names, the week from Monday (Jumatatu = J3)
    await expectNoEnglish('the date picker');
    for (let i = 0; i < 3; i++) {
      const cell = await page.$(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${date}"]:not(.ant-picker-cell-disabled) .ant-picker-cell-inner`);
      if (cell) {
        await cell.evaluate((el) => (el as HTMLElement).click());
        break;
      }
      await page.click('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-header-next-btn');
      await sleep(200);
    }
    await page.waitForFunction(() => (document.querySelector('input[aria-label="Tarehe ya miadi"]') as HTMLInputElement)?.value !== '');
    const slotButton = await page.waitForSelector(`button[data-slot="${slot}"]:not([disabled])`);
    // Slots on the 24-hour clock ('02:30 PM' reads 14:30), none with AM/PM.
    expect(await slotButton!.evaluate((el) => (el as HTMLElement).innerText.trim())).toBe(clock24(slot));
    expect(await page.$$eval('button[data-slot]', (buttons) => buttons.map((b) => (b as HTMLElement).innerText).filter((text) => /AM|PM/.test(text)))).toEqual([]);
    await slotButton!.click();
    await fillByLabelOrPlaceholder(page, 'textarea[aria-label="Sababu ya ziara"]', 'Maumivu ya kichwa kwa wiki mbili.');
    await expectNoEnglish('the booking form');

    await clickButton(page, 'Weka Miadi');
    await waitForText(page, 'Kamilisha Malipo');
    await waitForText(page, 'Miadi imewekwa kikamilifu! Tafadhali endelea na malipo.');
    await waitForText(page, 'Kiasi kinachodaiwa:');
    await expectNoEnglish('the booking confirmation');

    // M-Pesa: the phone is the profile's; the sandbox approves the push after a few seconds.
    expect(await page.$eval('[data-testid="payment-panel"] input[inputmode="tel"]', (i) => (i as HTMLInputElement).value)).toBe('0712 345 670');
    const pay = await page.waitForSelector('::-p-xpath(//div[@data-testid="payment-panel"]//button[starts-with(normalize-space(.), "Lipa Ksh") and contains(., "kwa M-Pesa")])');
    await pay!.click();
    await waitForText(page, 'Tunasubiri uidhinishe malipo kwenye simu yako…');
    await waitForText(page, 'Malipo yamepokelewa. Miadi yako imelipiwa.', 30_000);
    await expectNoEnglish('the paid booking');
    await auditScreen(page);

    // The list shows it paid and confirmed, in Kiswahili.
    await clickButton(page, 'Tazama Miadi');
    await page.waitForFunction(() => location.pathname === '/dashboard/appointments');
    await waitForText(page, 'Miadi Yangu');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="appointment-card"]')].some((c) => (c as HTMLElement).innerText.includes('Imelipwa')));
    const card = await page.$eval('[data-testid="appointment-card"]', (el) => (el as HTMLElement).innerText);
    expect(card).toContain('Imethibitishwa');
    expect(card).toContain('Ushauri');
    expect(card).toContain(clock24(slot));
    expect(card).not.toContain(slot);
    await expectNoEnglish('/dashboard/appointments');
    await auditScreen(page);
    expect(apiRequests.filter((r) => r.language !== 'sw')).toEqual([]);
  });

  it('reads their waitlist in Kiswahili, and leaves it', async () => {
    await page.goto(`${BASE_URL}/dashboard/waitlist`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Hauko kwenye orodha yoyote ya kusubiri.');
    await expectNoEnglish('the empty waitlist');
    await shoot(page, 'waitlist-empty');

    // On the doctor's waitlist for the days after the visit (the API, as the booking screen does when a day is full).
    const { doctor, date } = booked!;
    const from = new Date(`${date}T00:00:00Z`);
    const dayAfter = (n: number) => new Date(from.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const last = nairobiDate(30);
    const joined = await call<{ message: string }>('POST', 'waitlist', token, {
      doctor_id: doctor.doctor_id,
      date_from: dayAfter(1) > last ? last : dayAfter(1),
      date_to: dayAfter(3) > last ? last : dayAfter(3),
      appointment_type: 'Consultation',
      notes: 'Ningependa kuonana mapema zaidi.',
    });
    expect(joined.status).toBe(201);
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForText(page, 'Orodha ya Kusubiri');
    await page.waitForFunction(() => [...document.querySelectorAll('.ant-tag')].some((t) => /^Unasubiri: /.test((t as HTMLElement).innerText)));
    const entry = await page.$eval('.ant-list-item', (el) => (el as HTMLElement).innerText);
    expect(entry).toMatch(/Dkt\. /);
    expect(entry).toContain('Ushauri');
    expect(entry).toMatch(/(Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa|Jumamosi|Jumapili), .+ hadi /);
    await expectNoEnglish('/dashboard/waitlist');
    await auditScreen(page);
    await shoot(page, 'waitlist');

    // Leaving asks first, in Kiswahili; the server's answer is in Kiswahili too.
    await clickButton(page, 'Ondoka');
    await waitForText(page, 'Uondoke kwenye orodha hii ya kusubiri?');
    await expectNoEnglish('the leave confirmation');
    // The confirmation's own Ondoka (the list's button has the same text), clicked in the page as the picker's cells are.
    const confirm = await page.waitForSelector('.ant-popconfirm-buttons .ant-btn-primary', { visible: true });
    await waitForOverlaysToSettle(page);
    await confirm!.evaluate((el) => (el as HTMLElement).click());
    await waitForText(page, 'Umeondoka kwenye orodha ya kusubiri.');
    await page.waitForFunction(() => [...document.querySelectorAll('.ant-tag')].some((t) => (t as HTMLElement).innerText === 'Umeondoka'));
  });

  it('finds a day full, joins the doctor’s waitlist from the booking screen, and answers the slot offered, in Kiswahili', async () => {
    // Another patient takes every free time of a doctor's day (not the day of the visit booked above).
    const filler = { email: `mjazaji.${Date.now()}@example.co.ke`, password: 'Mjazaji#2026' };
    expect((await call('POST', 'auth/register', undefined, { firstname: 'Baraka', lastname: 'Otieno', ...filler, contact_phone: '0722345678', address: 'Kenyatta Avenue, Nairobi' })).status).toBe(201);
    const fillerToken = (await call<{ token: string }>('POST', 'auth/login', undefined, filler)).body.token;
    const { doctor, date, booked: taken } = await bookFullDay(fillerToken, { fromDay: 5, toDay: 25, except: [booked!.date], notes: 'Uchunguzi wa kawaida wa moyo.' });

    await page.goto(`${BASE_URL}/dashboard/appointments/book?doctor_id=${doctor.doctor_id}`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => !!document.querySelector('.ant-select:has(input[aria-label="Daktari"]) .ant-select-content')?.getAttribute('title'));
    await page.click('.ant-select:has(input[aria-label="Aina ya miadi"])');
    const option = await page.waitForSelector(
      '::-p-xpath(//div[contains(@class,"ant-select-dropdown") and not(contains(@class,"ant-select-dropdown-hidden"))]//div[contains(@class,"ant-select-item-option") and starts-with(normalize-space(.), "Ushauri")])',
      { visible: true },
    );
    await waitForOverlaysToSettle(page);
    await option!.evaluate((el) => (el as HTMLElement).click());
    await page.waitForSelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)', { hidden: true });
    await pickDate(page, 'input[aria-label="Tarehe ya miadi"]', date);
    await waitForText(page, 'Hakuna nafasi zilizo wazi tarehe hii. Tafadhali chagua tarehe nyingine.');
    await waitForText(page, `Ingia kwenye orodha ya kusubiri ya Dkt. ${doctor.first_name} ${doctor.last_name}`);
    await fillByLabelOrPlaceholder(page, 'textarea[aria-label="Sababu ya ziara"]', 'Mapigo ya moyo usiku kwa wiki mbili.');
    await expectNoEnglish('the booking screen’s waitlist panel');
    await shoot(page, 'waitlist-join');
    await clickButton(page, 'Ingia kwenye orodha ya kusubiri');
    await waitForText(page, 'Uko kwenye orodha ya kusubiri. Tutakutumia SMS na barua pepe nafasi ikipatikana.');

    // A time frees: it is held for them; the confirmation page asks them, in Kiswahili.
    expect((await call('PATCH', `appointments/${taken[0]!.appointment_id}/status`, fillerToken, { status: 'Cancelled' })).status).toBe(200);
    let offerId: number | undefined;
    for (let i = 0; i < 100 && !offerId; i++) {
      const entries = (await call<Array<{ doctor: { doctor_id: number }; offer: { offer_id: number } | null }>>('GET', 'waitlist', token)).body;
      offerId = entries.find((e) => e.doctor.doctor_id === doctor.doctor_id && e.offer)?.offer?.offer_id;
      if (!offerId) await sleep(200);
    }
    expect(offerId).toBeDefined();
    await page.goto(`${BASE_URL}/dashboard/waitlist/offers/${offerId}`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Nafasi kwa ajili yako');
    await page.waitForFunction(() => /^Zimebaki \d+:\d\d$/.test(document.querySelector('[role="timer"]')?.textContent ?? ''));
    await waitForText(page, 'Weka nafasi hii');
    await expectNoEnglish('the offer’s confirmation page');
    await auditScreen(page);
    await shoot(page, 'waitlist-offer');
    // Not for them: the slot passes on (the server answers in Kiswahili).
    await clickButton(page, 'Hainifai');
    await waitForText(page, 'Asante. Nafasi inampita mgonjwa anayefuata kwenye orodha ya kusubiri.');
  });

  it('opens a new support ticket in Kiswahili', async () => {
    await page.goto(`${BASE_URL}/dashboard/support`, { waitUntil: 'networkidle0' });
    await clickButton(page, 'Tiketi Mpya');
    await waitForText(page, 'Tiketi Mpya ya Msaada');
    await waitForText(page, 'Timu ya msaada ya Afya pekee ndiyo itakayosoma tiketi hii.');
    // Its required fields say so in Kiswahili.
    await clickButton(page, 'Unda Tiketi');
    await waitForText(page, 'Kichwa kinahitajika');
    await waitForText(page, 'Maelezo yanahitajika');
    await expectNoEnglish('the ticket form');
    await auditScreen(page);
    await shoot(page, 'ticket-form');
  });

  it('fits a 390 px phone in Kiswahili: no page wider than the screen (long words wrap or ellipsise)', async () => {
    const tooWide = async (p: Page, paths: string[]) => {
      const wide: string[] = [];
      for (const where of paths) {
        await p.goto(`${BASE_URL}${where}`, { waitUntil: 'networkidle0' });
        await p.waitForFunction(() => document.documentElement.lang === 'sw' && (document.querySelector('main')?.textContent ?? '').trim() !== '');
        const width = await p.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) wide.push(`${where}: ${width}px`);
      }
      return wide;
    };
    // Signed out: the visitor's remembered Kiswahili.
    const visitor = await newPage(browser, 390, 844);
    await visitor.evaluateOnNewDocument(() => localStorage.setItem('language', 'sw'));
    try {
      expect(await tooWide(visitor, ['/', '/about', '/services', '/contact', '/login', '/register', '/forgot-password', '/reset-password?token=example'])).toEqual([]);
    } finally {
      await visitor.browserContext().close();
    }
    // Signed in: the patient's screens.
    await page.setViewport({ width: 390, height: 844 });
    expect(
      await tooWide(page, ['/dashboard', '/dashboard/appointments', '/dashboard/appointments/book', '/dashboard/prescriptions', '/dashboard/medical-history', '/dashboard/support', '/dashboard/find-doctors', '/dashboard/payments', '/dashboard/waitlist']),
    ).toEqual([]);
  });
});
