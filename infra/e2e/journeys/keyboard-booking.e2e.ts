import type { Browser, Page, SerializedAXNode } from 'puppeteer';
import { auditAccessibility, auditScreen } from '../support/accessibility';
import { BASE_URL, closePage, launchBrowser, newPage, waitForText } from '../support/browser';
import { call, login } from '../support/api';

// A patient who uses only the keyboard (WCAG 2.1.1, 2.4.3, 2.4.7): signs in, books (doctor, type, date, slot,
// reason) and opens both payment options, then pays by M-Pesa, without a mouse. Every Tab stop must show where
// focus is; after sign-in, each page change and the booking, focus lands on the new content's heading. What a
// screen reader is told (the slot picker's free, taken and chosen slots, the payment's live status) is read from
// Chromium's accessibility tree.

interface Doctor {
  doctor_id: number;
  first_name: string;
  last_name: string;
  available_days: string[];
}
type Slots = { slots: Array<{ time_slot: string; available: boolean }> };

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const nairobiDate = (days: number) => new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
const dayFirst = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${Number(d)}/${Number(m)}/${y}`;
};

/** The focused element as the journey needs it, and whether something on screen shows that it has focus. */
interface Focused {
  tag: string;
  role: string | null;
  label: string | null;
  text: string;
  type: string | null;
  checked: string | null;
  isSegmentedRoot: boolean;
  focusVisible: boolean;
  shown: boolean;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'BODY', role: null, label: null, text: '', type: null, checked: null, isSegmentedRoot: false, focusVisible: false, shown: false };
    // Some focus rings are drawn on a wrapper (a select's, a picker's or an input's box, a segmented option).
    const ring = el.closest('.ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-input-outlined, .ant-segmented-item, .afya-input') ?? el;
    const indicates = (element: Element) => {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    return {
      tag: el.tagName,
      role: el.getAttribute('role'),
      label: el.getAttribute('aria-label'),
      text: (el.innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 80),
      type: el.getAttribute('type'),
      checked: el.getAttribute('aria-checked') ?? ((el as HTMLInputElement).type === 'radio' ? String((el as HTMLInputElement).checked) : null),
      isSegmentedRoot: el.classList.contains('ant-segmented'),
      focusVisible: el.matches(':focus-visible'),
      shown: indicates(ring) || indicates(el),
    };
  });
}

const describe_ = (f: Focused) => `${f.tag}${f.role ? `[role=${f.role}]` : ''}${f.label ? `[aria-label="${f.label}"]` : ''}${f.text ? ` "${f.text}"` : ''}`;

/** Presses Tab (or Shift+Tab) until `wanted` has focus; every stop on the way must show its focus. */
async function tabTo(page: Page, what: string, wanted: (f: Focused) => boolean, { back = false, max = 60 } = {}): Promise<Focused> {
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    if (back) {
      await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      await page.keyboard.up('Shift');
    } else {
      await page.keyboard.press('Tab');
    }
    const f = await focused(page);
    path.push(describe_(f));
    if (f.tag !== 'BODY' && !f.shown) throw new Error(`focus is not visible on ${describe_(f)} (Tab path: ${path.join(' → ')})`);
    if (f.isSegmentedRoot) throw new Error(`the payment method control has a Tab stop of its own that ignores the arrow keys (Tab path: ${path.join(' → ')})`);
    if (wanted(f)) return f;
  }
  throw new Error(`${what} was not reached with ${max} Tab presses: ${path.join(' → ')}`);
}

/** Waits until the focused element is a heading with this text, shown as focused. */
async function expectHeadingFocused(page: Page, level: 'H1' | 'H2', text: string): Promise<void> {
  try {
    await page.waitForFunction((tag, t) => document.activeElement?.tagName === tag && (document.activeElement as HTMLElement).innerText.includes(t), { timeout: 10_000 }, level, text);
  } catch (error) {
    throw new Error(`focus should be on the ${level} "${text}", it is on ${describe_(await focused(page))}`, { cause: error });
  }
  const f = await focused(page);
  expect(f.focusVisible && f.shown).toBe(true);
}

function findAll(node: SerializedAXNode | null, match: (n: SerializedAXNode) => boolean, out: SerializedAXNode[] = []): SerializedAXNode[] {
  if (!node) return out;
  if (match(node)) out.push(node);
  for (const child of node.children ?? []) findAll(child, match, out);
  return out;
}
const textOf = (node: SerializedAXNode): string => [node.name ?? '', ...(node.children ?? []).map(textOf)].join(' ').replace(/\s+/g, ' ');

describe('keyboard-only booking: sign in, book, both payment options, M-Pesa paid, without a mouse', () => {
  let browser: Browser;
  let page: Page;
  const patient = { email: `keyboard.${Date.now()}@example.co.ke`, password: 'Keyboard#2026' };
  let doctor: Doctor;
  let date: string;
  let taken: string;
  let chosen: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const reg = await call('POST', 'auth/register', undefined, {
      firstname: 'Nekesa',
      lastname: 'Barasa',
      email: patient.email,
      password: patient.password,
      contact_phone: '0712345678',
      address: 'Kenyatta Avenue, Nairobi CBD',
    });
    expect(reg.status).toBe(201);
    const token = await login(patient.email, patient.password);
    // A doctor and a day with two free slots from tomorrow on: the first is booked now (so the picker shows a
    // taken slot), the keyboard books the next one.
    const { body } = await call<{ doctors: Doctor[] }>('GET', 'appointments/doctors', token);
    const doctors = body.doctors.sort((a, b) => a.doctor_id - b.doctor_id);
    search: for (let day = 2; day <= 30; day++) {
      const candidate = nairobiDate(day);
      for (const d of doctors) {
        if (d.available_days.length && !d.available_days.includes(weekdayOf(candidate))) continue;
        const free = (await call<Slots>('GET', `appointments/availability?doctor_id=${d.doctor_id}&date=${candidate}`, token)).body.slots.filter((s) => s.available);
        if (free.length >= 2) {
          doctor = d;
          date = candidate;
          taken = free[0]!.time_slot;
          chosen = free[1]!.time_slot;
          break search;
        }
      }
    }
    expect(date).toBeDefined();
    const booked = await call('POST', 'appointments', token, { doctor_id: doctor.doctor_id, appointment_type: 'Consultation', appointment_date: date, time_slot: taken, notes: 'Booked ahead so one slot shows taken' });
    expect(booked.status).toBe(201);
    page = await newPage(browser);
  });

  afterAll(async () => {
    try {
      if (page) await closePage(page);
    } finally {
      await browser?.close();
    }
  });

  it('signs in with the keyboard; focus goes to the dashboard heading', async () => {
    await page.goto(`${BASE_URL}/login`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Welcome back');
    await auditScreen(page);
    // The first Tab stop skips to the content.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'A', text: 'Skip to main content', shown: true });
    await tabTo(page, 'the email field', (f) => f.tag === 'INPUT' && f.type === 'email');
    await page.keyboard.type(patient.email);
    await tabTo(page, 'the password field', (f) => f.tag === 'INPUT' && f.type === 'password');
    await page.keyboard.type(patient.password);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/dashboard');
    await expectHeadingFocused(page, 'H1', 'Welcome, Nekesa!');
  });

  it('opens the booking page from the dashboard; focus goes to its heading', async () => {
    await tabTo(page, 'the Book Appointment button', (f) => f.tag === 'BUTTON' && f.text === 'Book Appointment');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/dashboard/appointments/book');
    await expectHeadingFocused(page, 'H1', 'Book Appointment');
  });

  it('books: doctor by typing, type by arrows, date typed, slot by arrows and Space, reason; focus goes to the payment', async () => {
    await tabTo(page, 'the doctor field', (f) => f.label === 'Doctor');
    await page.keyboard.type(doctor.last_name);
    await page.waitForSelector(`::-p-xpath(//div[contains(@class,"ant-select-item-option-active") and contains(normalize-space(.), ${JSON.stringify(doctor.last_name)})])`, { visible: true });
    await page.keyboard.press('Enter');
    await page.waitForFunction((name) => document.querySelector('.ant-select:has(input[aria-label="Doctor"])')?.textContent?.includes(name), {}, doctor.last_name);

    await tabTo(page, 'the appointment type field', (f) => f.label === 'Appointment type');
    await page.keyboard.press('ArrowDown'); // opens the list
    await page.waitForSelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active', { visible: true });
    for (let i = 0; i < 8; i++) {
      const active = await page.$eval('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active', (el) => (el as HTMLElement).innerText);
      if (active.startsWith('Consultation')) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.ant-select:has(input[aria-label="Appointment type"])')?.textContent?.includes('Consultation'));

    // The date is typed (day first) and confirmed with Enter; the field then shows it with its weekday.
    await tabTo(page, 'the date field', (f) => f.label === 'Appointment date');
    await page.keyboard.type(dayFirst(date));
    await page.keyboard.press('Enter');
    const shown = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).replace(/,/g, '');
    await page.waitForFunction((text) => (document.querySelector('input[aria-label="Appointment date"]') as HTMLInputElement).value.replace(/,/g, '') === text, { timeout: 5_000 }, shown);

    // The slot group is one Tab stop (its first free slot); the arrows move and choose, Space chooses.
    await page.waitForFunction(() => document.querySelectorAll('[role="radiogroup"][aria-label="Time slots"]:not([aria-disabled]) [role="radio"]:not([disabled])').length > 0);
    await tabTo(page, 'the first free slot', (f) => f.role === 'radio' && f.label === `${chosen}, available`);
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toMatchObject({ role: 'radio', checked: 'true' });
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toMatchObject({ role: 'radio', label: `${chosen}, available`, checked: 'true' });
    await page.keyboard.press('Space');

    // What a screen reader hears of the slots: a radio group whose options say free or taken, one chosen.
    const groupElement = await page.$('[role="radiogroup"][aria-label="Time slots"]');
    const group = await page.accessibility.snapshot({ root: groupElement!, interestingOnly: false });
    expect(group).toMatchObject({ role: 'radiogroup', name: 'Time slots' });
    const radios = findAll(group, (n) => n.role === 'radio');
    expect(radios.find((r) => r.name === `${taken}, taken`)).toMatchObject({ disabled: true });
    expect(radios.find((r) => r.name === `${chosen}, available`)).toMatchObject({ checked: true });
    expect(radios.filter((r) => r.checked === true)).toHaveLength(1);

    await tabTo(page, 'the reason field', (f) => f.tag === 'TEXTAREA');
    await page.keyboard.type('Recurring headaches for two weeks, worse in the morning.');
    await auditAccessibility(page, 'the filled booking form');
    await tabTo(page, 'the Book Appointment button', (f) => f.tag === 'BUTTON' && f.text === 'Book Appointment');
    await page.keyboard.press('Enter');
    await expectHeadingFocused(page, 'H2', 'Complete Payment');
    await waitForText(page, 'Appointment booked successfully');
    await auditScreen(page);
  });

  it('opens both payment options with the arrow keys, then pays by M-Pesa; the status is announced as it changes', async () => {
    const method = await tabTo(page, 'the payment method', (f) => f.tag === 'INPUT' && f.type === 'radio');
    expect(method.checked).toBe('true'); // M-Pesa, the default
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('::-p-xpath(//button[starts-with(normalize-space(.), "Pay Ksh") and contains(., "by Card")])', { visible: true });
    await tabTo(page, 'the card payment button', (f) => f.tag === 'BUTTON' && /^Pay Ksh .* by Card$/.test(f.text));
    await tabTo(page, 'the payment method', (f) => f.tag === 'INPUT' && f.type === 'radio', { back: true });
    await page.keyboard.press('ArrowLeft');
    await tabTo(page, 'the M-Pesa phone field', (f) => f.tag === 'INPUT' && f.type !== 'radio');
    await page.keyboard.type('0712345678');
    await tabTo(page, 'the M-Pesa pay button', (f) => f.tag === 'BUTTON' && /with M-Pesa$/.test(f.text));

    // The status region is in the page before anything happens, so each message in it is announced.
    const region = await page.$('[role="status"][aria-live="polite"][aria-label="M-Pesa payment status"]');
    expect(region).not.toBeNull();
    await region!.evaluate((el) => el.setAttribute('data-journey-mark', 'same-region'));
    await page.keyboard.press('Enter');
    await waitForText(page, 'Waiting for you to approve the payment on your phone');
    const statusText = async () => {
      const status = findAll(await page.accessibility.snapshot(), (n) => n.role === 'status' && n.name === 'M-Pesa payment status');
      return status.map(textOf).join(' ');
    };
    expect(await statusText()).toContain('Waiting for you to approve the payment');
    await waitForText(page, 'Payment received. Your appointment is paid.', 30_000);
    expect(await statusText()).toContain('Payment received. Your appointment is paid.');
    expect(await page.$('[data-journey-mark="same-region"][aria-live="polite"]')).not.toBeNull();
    // The payment has settled: the screen is audited now, not while its passing states were checked.
    await auditScreen(page);
  });
});
