import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, chooseSelectOption, clickButton, closePage, DEMO, launchBrowser, newPage, pickDate, signIn, waitForOverlaysToSettle, waitForText } from '../support/browser';
import { call } from '../support/api';
import { type DemoDoctor, demoDoctor, firstFreeDay, registerPatient } from '../support/visits';

// Issue 38: a patient adds her SHA cover on the Insurance cover page (on a phone-sized screen), finds a doctor who
// accepts SHA, books with her cover ("SHA covers Ksh X; you pay Ksh Y"), pays the co-pay by M-Pesa; the doctor marks
// the cover verified on the agenda. The demo doctor's terms for SHA are set through the API (their own card is tested
// by the service's tests). SHOTS_DIR=<folder> also saves each screen (light and dark, 1366 and 390 px) for review.

const CR = 'CR0680969605010-6';
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe('insurance journey: SHA cover, a doctor who accepts it, the co-pay by M-Pesa, verified at the desk', () => {
  let browser: Browser;
  let opened: Page | undefined;
  const open = async (width?: number, height?: number) => (opened = await newPage(browser, width, height));
  const stamp = Date.now();
  const phone = `0712${String(stamp).slice(-6)}`;
  const patient = { email: `achieng.${stamp}@example.co.ke`, password: 'Patient#2026', firstname: 'Achieng', lastname: `Cover${String(stamp).slice(-5)}` };
  let token: string;
  let doctor: DemoDoctor;
  let doctorId: number;
  let fee: number;
  let appointmentId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await registerPatient({ ...patient, contact_phone: phone, address: 'Moi Avenue, Nairobi' })).token;
    const demo = await demoDoctor(token);
    doctor = demo.doctor;
    const doctorToken = demo.doctorToken;
    doctorId = doctor.doctor_id;
    fee = doctor.fee ?? 0;
    const payers = (await call<{ payers: { payer_id: number; code: string }[] }>('GET', 'payers', token)).body.payers;
    const sha = payers.find((p) => p.code === 'SHA')!;
    const set = await call('PUT', `doctors/${doctorId}/payers`, doctorToken, { payers: [{ payer_id: sha.payer_id, copay_kind: 'percent', copay_value: 25 }] });
    expect(set.status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    if (opened) await closePage(opened);
    opened = undefined;
  });

  it('on a phone, she records her SHA cover: kept, listed, and an odd number would only be warned about', async () => {
    const page = await open(390, 844);
    await signIn(page, patient);
    await page.goto(`${BASE_URL}/dashboard/insurance`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'No cover recorded yet.');
    await auditScreen(page);
    await chooseSelectOption(page, '.ant-select:has(input[aria-label="Payer"])', 'Social Health Authority (SHA)');
    await page.type('input#member_number', '12345');
    await waitForText(page, 'This does not look like an SHA CR number');
    await page.click('input#member_number', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('input#member_number', CR);
    await clickButton(page, 'Save cover');
    await waitForText(page, `Member number ${CR}`);
    await waitForOverlaysToSettle(page);
    await auditScreen(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'insurance-390');
    const covers = await call<{ covers: { member_number: string; warnings: string[] }[] }>('GET', 'insurance/covers', token);
    expect(covers.body.covers).toEqual([expect.objectContaining({ member_number: CR, warnings: [] })]);
  });

  it('Find Doctors filters by SHA; she books with her cover, sees the split, and pays the co-pay by M-Pesa', async () => {
    const page = await open();
    await signIn(page, patient);
    await page.goto(`${BASE_URL}/dashboard/find-doctors`, { waitUntil: 'networkidle0' });
    await chooseSelectOption(page, '.ant-select:has(input[aria-label="Filter by insurance"])', 'Accepts SHA');
    await waitForText(page, 'Accepts SHA');
    const cards = await page.$$eval('[data-testid="doctor-card"]', (els) => els.map((el) => (el as HTMLElement).innerText));
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).toContain('Accepts SHA');
    await auditScreen(page);
    await shot(page, 'find-doctors-sha-1366');

    const { date, free } = await firstFreeDay(token, { fromDay: 1, toDay: 20, doctors: [doctor] });
    await page.goto(`${BASE_URL}/dashboard/appointments/book?doctor_id=${doctorId}`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'How will you pay?');
    await chooseSelectOption(page, '.ant-select:has(input[aria-label="Appointment type"])', 'Consultation');
    await pickDate(page, 'input[aria-label="Appointment date"]', date);
    await (await page.waitForSelector(`button[data-slot="${free[0]}"]:not([disabled])`))!.click();
    await page.type('textarea[aria-label="Reason for visit"]', 'A cough for a week and a mild fever.');
    await page.click(`::-p-xpath(//label[contains(@class,"ant-radio-wrapper")][contains(normalize-space(.), ${JSON.stringify(CR)})])`);
    const copay = Math.round(fee * 0.25);
    const covered = `SHA covers Ksh ${(fee - copay).toLocaleString('en-KE')}; you pay Ksh ${copay.toLocaleString('en-KE')}`;
    await waitForText(page, covered);
    await auditScreen(page);
    await shot(page, 'booking-cover-1366');
    await clickButton(page, 'Book Appointment');
    await waitForText(page, 'Appointment booked successfully! Please proceed with payment.');
    const panel = await (await page.waitForSelector('[data-testid="payment-panel"]'))!.evaluate((el) => (el as HTMLElement).innerText);
    appointmentId = Number(/#(\d+)/.exec(panel)?.[1]);
    expect(panel).toContain(covered);
    await clickButton(page, `Pay Ksh ${copay.toLocaleString('en-KE')} with M-Pesa`);
    await waitForText(page, 'Payment received. Your appointment is paid.', 20_000);
    await auditScreen(page);
    await shot(page, 'booked-paid-1366');
    const visit = await call<{ appointment: { paid: boolean; payment_route: string; amount_due_now: number; cover: { copay_amount: number } } }>('GET', `appointments/${appointmentId}`, token);
    expect(visit.body.appointment).toMatchObject({ paid: true, payment_route: 'insurance', amount_due_now: 0, cover: { copay_amount: copay } });
  });

  it('the doctor marks the cover verified on the agenda (dark theme)', async () => {
    const page = await open();
    await page.evaluateOnNewDocument(() => localStorage.setItem('darkMode', 'true'));
    await signIn(page, DEMO.doctor);
    await page.goto(`${BASE_URL}/dashboard/doctor/appointments`, { waitUntil: 'networkidle0' });
    await page.type('input[aria-label="Search appointments"]', patient.lastname);
    const card = `[data-testid="appointment-card"][data-appointment-id="${appointmentId}"]`;
    await page.waitForSelector(card);
    await waitForText(page, 'To verify');
    await page.click(`::-p-xpath(//*[@data-appointment-id="${appointmentId}"]//button[normalize-space(.)="Cover verified"])`);
    await waitForText(page, 'Cover check recorded');
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement)?.innerText.includes('Verified'), {}, card);
    await waitForOverlaysToSettle(page);
    await auditScreen(page);
    await shot(page, 'doctor-verified-dark-1366');
    const visit = await call<{ appointment: { cover: { check_status: string } } }>('GET', `appointments/${appointmentId}`, token);
    expect(visit.body.appointment.cover.check_status).toBe('verified');
  });
});
