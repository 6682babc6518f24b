import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, closePage, DEMO, clickButton, launchBrowser, newPage, pickDate, signIn, waitForText } from '../support/browser';
import { call, login } from '../support/api';
import { nairobiDate } from '../support/visits';

// One booking followed through every role (issue #4): a patient finds a cardiologist and books 09:00 AM on the
// first day from tomorrow that one of them works with 09:00 AM free; another patient sees that slot taken; the
// doctor sees the booking with the patient's name; the admin confirms it and changes the amount; the patient sees both.
// The booking screen's whole-page flows live here rather than in jsdom (issue #8): the form's messages, a slot
// taken between choosing and booking (409: the slots refresh, everything else entered stays), and a cancellation.

interface Doctor {
  doctor_id: number;
  first_name: string;
  last_name: string;
  specialization: string | null;
  available_days: string[];
}

const SLOT = '09:00 AM';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


/** The demo doctors' logins come from the demo data the platform was seeded with. */
function doctorEmail(d: Doctor): string {
  const demo = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../local/demo-data.json'), 'utf8')) as {
    users: Array<{ email: string; firstname: string; lastname: string; role: string }>;
  };
  const user = demo.users.find((u) => u.role === 'doctor' && u.firstname === d.first_name && u.lastname === d.last_name);
  if (!user) throw new Error(`no demo login for Dr. ${d.first_name} ${d.last_name}`);
  return user.email;
}

async function chooseSelectOption(page: Page, ariaLabel: string, option: string, scope = 'body'): Promise<void> {
  await page.click(`${scope} .ant-select:has(input[aria-label="${ariaLabel}"])`);
  const item = await page.waitForSelector(
    `::-p-xpath(//div[contains(@class,"ant-select-dropdown") and not(contains(@class,"ant-select-dropdown-hidden"))]//div[contains(@class,"ant-select-item-option") and normalize-space(.)=${JSON.stringify(option)}])`,
    { visible: true },
  );
  await sleep(300); // the dropdown's opening animation
  // A DOM click: the option may sit below the fold inside antd's virtual list, which a scroll would re-render.
  await item!.evaluate((el) => (el as HTMLElement).click());
  await page.waitForSelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)', { hidden: true });
}

type Slots = { slots: Array<{ time_slot: string; available: boolean }> };
const freeSlots = async (token: string, doctorId: number, day: string) =>
  (await call<Slots>('GET', `appointments/availability?doctor_id=${doctorId}&date=${day}`, token)).body.slots.filter((s) => s.available).map((s) => s.time_slot);
const fieldValue = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLInputElement).value);
const selectedLabel = (page: Page, ariaLabel: string) =>
  page.$eval(`.ant-select:has(input[aria-label="${ariaLabel}"]) .ant-select-content`, (el) => el.getAttribute('title'));

const cardSelector = (id: number) => `[data-testid="appointment-card"][data-appointment-id="${id}"]`;
const cardText = (page: Page, id: number) => page.$eval(cardSelector(id), (el) => (el as HTMLElement).innerText);

describe('booking journey: patient books, another patient sees the slot taken, doctor sees it, admin confirms and reprices', () => {
  let browser: Browser;
  let page: Page;
  let doctor: Doctor;
  let date: string;
  let appointmentId: number;
  const other = { email: `second.${Date.now()}@example.co.ke`, password: 'Second#2026' };

  beforeAll(async () => {
    browser = await launchBrowser();
    // Deterministic choice: the first date from tomorrow on which a cardiologist works with 09:00 AM free
    // (cardiologists by doctor_id), so seed data or an earlier run never makes the journey flaky.
    const token = await login(DEMO.patient.email, DEMO.patient.password);
    const { body } = await call<{ doctors: Doctor[] }>('GET', 'appointments/doctors', token);
    const cardiologists = body.doctors.filter((d) => d.specialization === 'Cardiology').sort((a, b) => a.doctor_id - b.doctor_id);
    expect(cardiologists.length).toBeGreaterThan(0);
    search: for (let day = 1; day <= 30; day++) {
      const candidate = nairobiDate(day);
      for (const d of cardiologists) {
        if (d.available_days.length && !d.available_days.includes(weekdayOf(candidate))) continue;
        const slots = await call<{ slots: Array<{ time_slot: string; available: boolean }> }>('GET', `appointments/availability?doctor_id=${d.doctor_id}&date=${candidate}`, token);
        if (slots.body.slots.some((s) => s.time_slot === SLOT && s.available)) {
          doctor = d;
          date = candidate;
          break search;
        }
      }
    }
    expect(date).toBeDefined();
    const reg = await call('POST', 'auth/register', undefined, {
      firstname: 'Achieng',
      lastname: 'Odhiambo',
      email: other.email,
      password: other.password,
      contact_phone: '0733444555',
      address: 'Ngong Road, Kilimani, Nairobi',
    });
    expect(reg.status).toBe(201);
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

  it('the patient finds a cardiologist, books 09:00 AM and sees it Pending in the list', async () => {
    const name = `Dr. ${doctor.first_name} ${doctor.last_name}`;
    await signIn(page, DEMO.patient);
    await page.goto(`${BASE_URL}/dashboard/find-doctors`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="doctor-card"]');
    await chooseSelectOption(page, 'Filter by specialization', 'Cardiology');
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid="doctor-card"]')].every((c) => (c as HTMLElement).innerText.includes('Cardiology')),
    );
    await (await page.waitForSelector(`button[aria-label="Book Appointment with ${name}"]`))!.click();
    await page.waitForFunction((id) => location.pathname === '/dashboard/appointments/book' && location.search === `?doctor_id=${id}`, {}, doctor.doctor_id);
    // The doctor is preselected from ?doctor_id.
    await page.waitForFunction((n) => document.querySelector('.ant-select-content[title]')?.getAttribute('title')?.startsWith(n), {}, name);

    await chooseSelectOption(page, 'Appointment type', 'Consultation');
    await pickDate(page, 'input[aria-label="Appointment date"]', date);
    const slot = await page.waitForSelector(`button[data-slot="${SLOT}"]:not([disabled])`);
    await slot!.click();
    await page.type('textarea[aria-label="Reason for visit"]', 'Chest tightness when climbing stairs for two weeks.');
    await clickButton(page, 'Book Appointment');

    await waitForText(page, 'Appointment booked successfully! Please proceed with payment.');
    await auditScreen(page);
    const panel = await page.waitForSelector('[data-testid="payment-panel"]');
    const panelText = await panel!.evaluate((el) => (el as HTMLElement).innerText);
    expect(panelText).toContain('Complete Payment');
    expect(panelText).toContain(name);
    expect(panelText).toMatch(/Ksh [\d,]+/);
    appointmentId = Number(/#(\d+)/.exec(panelText)?.[1]);
    expect(appointmentId).toBeGreaterThan(0);

    await clickButton(page, 'Pay Later');
    await page.waitForFunction(() => location.pathname === '/dashboard/appointments');
    await page.waitForSelector(cardSelector(appointmentId));
    const text = await cardText(page, appointmentId);
    expect(text).toContain(name);
    expect(text).toContain('Pending');
    expect(text).toContain(SLOT);
  });

  it('another patient sees 09:00 AM taken for that doctor on that date', async () => {
    await signIn(page, other);
    await page.goto(`${BASE_URL}/dashboard/appointments/book?doctor_id=${doctor.doctor_id}`, { waitUntil: 'networkidle0' });
    await page.waitForFunction((n) => document.querySelector('.ant-select-content[title]')?.getAttribute('title')?.startsWith(n), {}, `Dr. ${doctor.first_name}`);
    await pickDate(page, 'input[aria-label="Appointment date"]', date);
    // Wait for the availability answer (a free slot becomes enabled), then check 09:00 AM.
    await page.waitForSelector('button[role="radio"]:not([disabled])');
    const taken = await page.$eval(`button[data-slot="${SLOT}"]`, (b) => ({ disabled: (b as HTMLButtonElement).disabled, label: b.getAttribute('aria-label') }));
    expect(taken).toEqual({ disabled: true, label: `${SLOT}, taken` });
    const next = await page.$eval('button[data-slot="09:30 AM"]', (b) => b.getAttribute('aria-label'));
    expect(next).toBe('09:30 AM, available');
  });

  it("the form says what is missing, and a slot taken meanwhile is refused without losing what was entered", async () => {
    await signIn(page, other);
    await page.goto(`${BASE_URL}/dashboard/appointments/book?doctor_id=${doctor.doctor_id}`, { waitUntil: 'networkidle0' });
    await page.waitForFunction((n) => document.querySelector('.ant-select-content[title]')?.getAttribute('title')?.startsWith(n), {}, `Dr. ${doctor.first_name}`);
    // CONTRACT.md §5's messages for every empty field (the doctor is preselected).
    await clickButton(page, 'Book Appointment');
    for (const message of ['Please select appointment type', 'Please select a date', 'Please select a time', 'Please provide a reason (at least 10 characters)']) {
      await waitForText(page, message);
    }

    const reason = 'Recurring headaches in the afternoon for a month.';
    await chooseSelectOption(page, 'Appointment type', 'Follow-up');
    await pickDate(page, 'input[aria-label="Appointment date"]', date);
    const token = await login(DEMO.patient.email, DEMO.patient.password);
    const [wanted, instead] = (await freeSlots(token, doctor.doctor_id, date)).filter((t) => t !== SLOT);
    expect(instead).toBeDefined();
    await (await page.waitForSelector(`button[data-slot="${wanted}"]:not([disabled])`))!.click();
    await page.type('textarea[aria-label="Reason for visit"]', reason);
    // Someone else books that slot before this patient presses Book.
    const stolen = await call('POST', 'appointments', token, { doctor_id: doctor.doctor_id, appointment_type: 'Consultation', appointment_date: date, time_slot: wanted, notes: 'Booked first by another patient.' });
    expect(stolen.status).toBe(201);
    await clickButton(page, 'Book Appointment');

    await waitForText(page, 'That time slot is no longer available. Please choose another.');
    await auditScreen(page);
    await page.waitForSelector(`button[data-slot="${wanted}"][disabled][aria-label="${wanted}, taken"]`);
    expect(await page.$(`button[data-slot="${wanted}"][aria-checked="true"]`)).toBeNull();
    expect(await fieldValue(page, 'textarea[aria-label="Reason for visit"]')).toBe(reason);
    expect(await selectedLabel(page, 'Appointment type')).toBe('Follow-up');
    expect(await fieldValue(page, 'input[aria-label="Appointment date"]')).not.toBe('');
    expect(await page.$('[data-testid="payment-panel"]')).toBeNull();

    await (await page.waitForSelector(`button[data-slot="${instead}"]:not([disabled])`))!.click();
    await clickButton(page, 'Book Appointment');
    const panel = await page.waitForSelector('[data-testid="payment-panel"]');
    expect(await panel!.evaluate((el) => (el as HTMLElement).innerText)).toContain(instead!);
  });

  it('the link drops after the server booked: pressing Book again shows the booking (its Idempotency-Key), not a 409', async () => {
    await signIn(page, other);
    await page.goto(`${BASE_URL}/dashboard/appointments/book?doctor_id=${doctor.doctor_id}`, { waitUntil: 'networkidle0' });
    await page.waitForFunction((n) => document.querySelector('.ant-select-content[title]')?.getAttribute('title')?.startsWith(n), {}, `Dr. ${doctor.first_name}`);
    await chooseSelectOption(page, 'Appointment type', 'Follow-up');
    await pickDate(page, 'input[aria-label="Appointment date"]', date);
    const token = await login(other.email, other.password);
    const [wanted] = await freeSlots(token, doctor.doctor_id, date);
    expect(wanted).toBeDefined();
    await (await page.waitForSelector(`button[data-slot="${wanted}"]:not([disabled])`))!.click();
    await page.type('textarea[aria-label="Reason for visit"]', 'Follow-up on the blood pressure readings.');

    // The server answers the first booking, and the reply is lost on the way (the connection resets): as on a phone
    // whose mobile link dropped.
    const cdp = await page.createCDPSession();
    let dropped = 0;
    cdp.on('Fetch.requestPaused', (event: { requestId: string; request: { method: string } }) => {
      if (event.request.method === 'POST' && dropped === 0) {
        dropped++;
        void cdp.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'ConnectionReset' });
      } else void cdp.send('Fetch.continueResponse', { requestId: event.requestId });
    });
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/api/appointments', requestStage: 'Response' }] });
    await clickButton(page, 'Book Appointment');
    await waitForText(page, 'Failed to book appointment. Please try again.');
    expect(dropped).toBe(1);
    const mine = async () => (await call<Array<{ appointment_id: number; appointment_date: string; time_slot: string }>>('GET', 'appointments', token)).body.filter((a) => a.appointment_date === date && a.time_slot === wanted);
    const [booked] = await mine();
    expect(booked).toBeDefined(); // the server did book it
    expect(await page.$('[data-testid="payment-panel"]')).toBeNull();

    await cdp.send('Fetch.disable');
    await cdp.detach();
    await clickButton(page, 'Book Appointment');
    const panel = await page.waitForSelector('[data-testid="payment-panel"]');
    expect(await panel!.evaluate((el) => (el as HTMLElement).innerText)).toContain(`#${booked!.appointment_id}`);
    expect(await mine()).toHaveLength(1);
  });

  it('the link drops on a list: the offline notice says so, the cards stay readable, the notice goes when the link is back', async () => {
    await signIn(page, DEMO.patient);
    await page.goto(`${BASE_URL}/dashboard/appointments`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(cardSelector(appointmentId));
    await page.setOfflineMode(true);
    try {
      await waitForText(page, 'You are offline.');
      expect(await cardText(page, appointmentId)).toContain(SLOT);
    } finally {
      await page.setOfflineMode(false);
    }
    await page.waitForSelector('.afya-offline-notice', { hidden: true });
  });

  it('opened once, the app opens again with no network at all (its service worker), saying it is offline', async () => {
    await signIn(page, DEMO.patient);
    await page.goto(`${BASE_URL}/dashboard/appointments`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 20_000 });
    // Now that the worker is in control, a visit keeps the page's files.
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector(cardSelector(appointmentId));
    // Offline for the page and for its worker (the page's emulation alone does not reach the worker's fetches).
    const worker = await browser.waitForTarget((t) => t.type() === 'service_worker' && t.url() === `${BASE_URL}/sw.js`);
    const workerSession = await worker.createCDPSession();
    const workerOffline = (offline: boolean) => workerSession.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await workerSession.send('Network.enable');
    await workerOffline(true);
    await page.setOfflineMode(true);
    try {
      // really offline, the worker too: what the reload shows comes from what the worker kept
      const reach = () => fetch('/api/health/live').then(() => 'network', () => 'no network');
      expect(await page.evaluate(reach)).toBe('no network');
      expect(await (await worker.worker())!.evaluate(reach)).toBe('no network');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await waitForText(page, 'You are offline.');
      await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('My Appointments'), { timeout: 20_000 });
    } finally {
      await page.setOfflineMode(false);
      await workerOffline(false);
      await workerSession.detach();
    }
  });

  it('a patient cancels a booking days ahead after confirming; the card shows Cancelled with no payment tag', async () => {
    const token = await login(other.email, other.password);
    let booked: { appointment_id: number } | undefined;
    for (let day = 3; day <= 30 && !booked; day++) {
      const candidate = nairobiDate(day);
      if (doctor.available_days.length && !doctor.available_days.includes(weekdayOf(candidate))) continue;
      const free = await freeSlots(token, doctor.doctor_id, candidate);
      if (!free.length) continue;
      const res = await call<{ appointment: { appointment_id: number } }>('POST', 'appointments', token, {
        doctor_id: doctor.doctor_id,
        appointment_type: 'Vaccination',
        appointment_date: candidate,
        time_slot: free[0],
        notes: 'Yearly flu vaccination, please.',
      });
      if (res.status === 201) booked = res.body.appointment;
    }
    expect(booked).toBeDefined();
    const id = booked!.appointment_id;

    await signIn(page, other);
    await page.goto(`${BASE_URL}/dashboard/appointments`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(cardSelector(id));
    expect(await cardText(page, id)).toContain('Payment pending');
    await (await page.waitForSelector(`::-p-xpath(//*[@data-appointment-id="${id}"]//button[normalize-space(.)="Cancel"])`))!.click();
    await waitForText(page, 'Are you sure you want to cancel this appointment?');
    await auditScreen(page);
    await sleep(300); // the dialog's opening animation
    await clickButton(page, 'Yes, cancel it');
    await page
      .waitForFunction((sel) => (document.querySelector(sel) as HTMLElement)?.innerText.includes('Cancelled'), {}, cardSelector(id))
      .catch(async (e: Error) => {
        throw new Error(`${e.message}; the page said: ${(await page.evaluate(() => document.body.innerText)).slice(0, 1500)}`);
      });
    const text = await cardText(page, id);
    expect(text).not.toContain('Payment pending');
    expect(await page.$(`::-p-xpath(//*[@data-appointment-id="${id}"]//button[normalize-space(.)="Cancel"])`)).toBeNull();
  });

  it("the doctor sees the booking with the patient's name", async () => {
    await signIn(page, { email: doctorEmail(doctor), password: 'Doctor#2026' });
    await page.goto(`${BASE_URL}/dashboard/doctor/appointments`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(cardSelector(appointmentId));
    const text = await cardText(page, appointmentId);
    expect(text).toContain('Wanjiru Kamau');
    expect(text).toContain(SLOT);
    expect(text).toContain('Chest tightness when climbing stairs');
  });

  it('the admin confirms it and changes the amount', async () => {
    await signIn(page, DEMO.admin);
    await page.goto(`${BASE_URL}/dashboard/admin/appointments`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(cardSelector(appointmentId));
    await chooseSelectOption(page, `Status of appointment #${appointmentId}`, 'Confirmed', cardSelector(appointmentId));
    await waitForText(page, 'Status updated!');
    await auditScreen(page);

    await page.click(`button[aria-label="Edit amount of appointment #${appointmentId}"]`);
    const input = `input[aria-label="Amount of appointment #${appointmentId} in Ksh"]`;
    await page.waitForSelector(input);
    await page.click(input, { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type(input, '4750');
    await (await page.waitForSelector(`::-p-xpath(//*[@data-appointment-id="${appointmentId}"]//button[normalize-space(.)="Save"])`))!.click();
    await waitForText(page, 'Amount updated!');
    await auditScreen(page);
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement)?.innerText.includes('Ksh 4,750'), {}, cardSelector(appointmentId));
  });

  it('the patient sees Confirmed and the new amount', async () => {
    await signIn(page, DEMO.patient);
    await page.goto(`${BASE_URL}/dashboard/appointments`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(cardSelector(appointmentId));
    const text = await cardText(page, appointmentId);
    expect(text).toContain('Confirmed');
    expect(text).toContain('Ksh 4,750');
  });
});
