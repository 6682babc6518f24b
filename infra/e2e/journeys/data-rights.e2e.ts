import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { pdfText } from '@afya/service-shared';
import { auditScreen, useTheme } from '../support/accessibility';
import { BASE_URL, DEMO, chooseSelectOption, clickButton, launchBrowser, newPage, signIn, waitForOverlaysToSettle, waitForText } from '../support/browser';
import { call, login } from '../support/api';
import { bookFirstFreeSlot, demoDoctor, type DemoDoctor, registerPatient } from '../support/visits';

// Issue 22 items 4-6 in the browser: the ticket form says which doctor will read a ticket; the patient's "Who viewed my
// records" shows a refused attempt and the doctor's read of the ticket; the profile downloads all the patient's data
// (JSON and PDF) and asks for erasure; the admin approves it on the Users page, and the account is closed.
// Each screen is saved at 1366 and 390 px, light and dark, under screenshots/journeys/data-rights (E2E_SCREENSHOTS).

// Two sizes per screen, each signing in afresh: longer than the journeys' default minute.
jest.setTimeout(180_000);

const SHOTS = path.resolve(__dirname, '../../../screenshots/journeys/data-rights');
// The flows at desktop and phone width. Each screen's audit checks it in both themes (support/accessibility.ts), so
// the flows no longer run again in dark: that doubled this journey for what the audits already prove.
const VARIANTS = [
  { name: '1366', width: 1366, height: 768 },
  { name: '390', width: 390, height: 844 },
];

/** A page at one size. */
async function variantPage(browser: Browser, variant: (typeof VARIANTS)[number]): Promise<Page> {
  return newPage(browser, variant.width, variant.height);
}

/**
 * With E2E_SCREENSHOTS: the whole page, or only `selector` (a dialog taller than the screen is captured whole), light
 * then dark. CI encodes none: nobody looks at its PNGs.
 */
async function shoot(page: Page, screen: string, variant: (typeof VARIANTS)[number], selector?: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const dark of [false, true]) {
    await useTheme(page, dark);
    await waitForOverlaysToSettle(page);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const file = path.join(SHOTS, `${screen}-${variant.name}-${dark ? 'dark' : 'light'}.png`);
    if (selector) await (await page.waitForSelector(selector))!.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  }
}

describe('data rights journey: ticket notice, access log, export, erasure', () => {
  let browser: Browser;
  let doctor: DemoDoctor;
  let doctorToken: string;
  let adminToken: string;
  let appointmentId: number;
  let ticketId: number;
  const run = Date.now().toString(36);
  const patient = { email: `rights.${run}@example.co.ke`, password: 'Patient#2026', firstname: 'Nyambura', lastname: `Gitau${run.slice(-3)}` };
  let patientId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const registered = await registerPatient({ ...patient, contact_phone: '0733444555', address: 'Kimathi Street, Nairobi' });
    patientId = registered.userId;
    ({ doctor, doctorToken } = await demoDoctor(registered.token));
    adminToken = await login(DEMO.admin.email, DEMO.admin.password);
    // Before any visit: the doctor's look at the patient's history is refused, and logged.
    expect((await call('GET', `medical-history/user/${patientId}`, doctorToken)).status).toBe(404);
    // Confirmed (as payment would make it) within the week: the doctor is now caring for the patient.
    appointmentId = await bookFirstFreeSlot(registered.token, doctor, { fromDay: 2, toDay: 6, notes: 'Follow-up on my blood pressure.', status: 'Confirmed' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the ticket form tells the patient who will read the ticket: the support team, and the linked appointment’s doctor', async () => {
    for (const variant of VARIANTS) {
      const page = await variantPage(browser, variant);
      await signIn(page, patient);
      await page.goto(`${BASE_URL}/dashboard/support`, { waitUntil: 'networkidle0' });
      await page.click('button[aria-label="New Ticket"]');
      await waitForText(page, 'Only the Afya support team will read this ticket.');
      await auditScreen(page);
      await chooseSelectOption(page, '.ant-modal .ant-select:has(input[aria-label="Related appointment"])', (await optionLabel(page))!);
      await waitForText(page, `Dr. ${doctor.first_name} ${doctor.last_name}, the doctor of this appointment, will read this ticket`);
      await auditScreen(page);
      await shoot(page, 'ticket-form', variant);
      if (variant === VARIANTS[0]) {
        await page.type('.ant-modal #subject', `Dosage question ${run}`);
        await page.type('.ant-modal #description', 'Should I take the tablets before or after meals?');
        await clickButton(page, 'Create Ticket');
        await waitForText(page, 'Support ticket created successfully');
        await auditScreen(page);
      }
      await page.browserContext().close();
    }
    const mine = await call<Array<{ id: number; subject: string; related_appointment_id: number | null }>>('GET', 'support', await login(patient.email, patient.password));
    const ticket = mine.body.find((t) => t.subject === `Dosage question ${run}`)!;
    expect(ticket.related_appointment_id).toBe(appointmentId);
    ticketId = ticket.id;
  });

  it('"Who viewed my records" lists the refused attempt and the doctor’s read of the ticket', async () => {
    expect((await call('GET', `support/${ticketId}`, doctorToken)).status).toBe(200);
    // One sign-in (the login limit is 10 a minute per account): each size is the same session, reloaded.
    const page = await newPage(browser);
    await signIn(page, patient);
    for (const variant of VARIANTS) {
      await page.setViewport({ width: variant.width, height: variant.height });
      await page.goto(`${BASE_URL}/dashboard/medical-history`, { waitUntil: 'networkidle0' });
      await page.click('::-p-xpath(//div[@role="tab" and normalize-space(.)="Who viewed my records"])');
      await waitForText(page, `Support ticket #${ticketId}`, 20000);
      await auditScreen(page);
      await waitForText(page, 'Refused: viewed');
      await auditScreen(page);
      await shoot(page, 'access-log', variant);
    }
    await page.browserContext().close();
  });

  it('the profile downloads all the patient’s data (JSON and PDF) and asks for erasure', async () => {
    const page = await variantPage(browser, VARIANTS[0]);
    await signIn(page, patient);
    await (await page.waitForSelector('button.afya-user-chip', { visible: true }))!.click();
    await waitForText(page, 'Your data');
    await auditScreen(page);
    const json = page.waitForResponse((r) => r.url().endsWith('/api/user/data-export'));
    await clickButton(page, 'Download data (JSON)');
    const archive = JSON.parse((await (await json).buffer()).toString('utf8'));
    expect(archive.account.email).toBe(patient.email);
    expect(archive.appointments.map((a: { appointment_id: number }) => a.appointment_id)).toContain(appointmentId);
    expect(archive.tickets.map((t: { id: number }) => t.id)).toContain(ticketId);
    const pdf = page.waitForResponse((r) => r.url().endsWith('/api/user/data-export/pdf'));
    await clickButton(page, 'Download as PDF');
    const bytes = Buffer.from(await (await pdf).buffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(bytes)).toContain(patient.lastname);
    await clickButton(page, 'Ask to erase my account');
    await page.waitForSelector('#erasure-reason', { visible: true });
    await page.type('#erasure-reason', 'I am moving abroad.');
    await shoot(page, 'erasure-confirm', VARIANTS[0]);
    await clickButton(page, 'Send request');
    await waitForText(page, 'An administrator will review the request.');
    await auditScreen(page);
    await page.browserContext().close();
  });

  it('the profile’s "Your data" at every size and theme', async () => {
    // One sign-in (the login limit is 10 a minute per account): each size is the same session, reloaded.
    const page = await newPage(browser);
    await signIn(page, patient);
    for (const variant of VARIANTS) {
      await page.setViewport({ width: variant.width, height: variant.height });
      await page.reload({ waitUntil: 'networkidle0' });
      // At phone width the profile chip is in the navigation drawer.
      if (variant.width < 768) {
        await (await page.waitForSelector('button[aria-label="Open navigation"]', { visible: true }))!.click();
        await waitForOverlaysToSettle(page);
      }
      await (await page.waitForSelector('button.afya-user-chip', { visible: true }))!.click();
      await waitForText(page, 'An administrator will review the request.');
      await auditScreen(page);
      // The section itself: the dialog (with the message preferences above it) is taller than a screen.
      await shoot(page, 'profile-your-data', variant, 'section[aria-labelledby="data-rights-title"]');
    }
    await page.browserContext().close();
  });

  it('the admin approves the request on the Users page; the account is erased and signed out', async () => {
    for (const variant of VARIANTS) {
      const page = await variantPage(browser, variant);
      await signIn(page, DEMO.admin);
      await page.goto(`${BASE_URL}/dashboard/admin/users`, { waitUntil: 'networkidle0' });
      await waitForText(page, `${patient.firstname} ${patient.lastname}`);
      await auditScreen(page);
      await waitForText(page, 'I am moving abroad.');
      await auditScreen(page);
      await shoot(page, 'admin-erasure-requests', variant);
      if (variant === VARIANTS[VARIANTS.length - 1]) {
        await (await page.waitForSelector(`button[aria-label="Approve erasure of ${patient.firstname} ${patient.lastname}"]`))!.click();
        await clickButton(page, 'Erase account');
        await waitForText(page, 'The account has been erased.');
        await auditScreen(page);
      }
      await page.browserContext().close();
    }
    expect((await call('POST', 'auth/login', undefined, { email: patient.email, password: patient.password })).status).toBe(401);
    const visit = await call<{ appointment: { appointment_status: string } }>('GET', `appointments/${appointmentId}`, adminToken);
    // Cancelled by the appointment service from the erasure event (asynchronously).
    for (let i = 0; i < 50 && visit.body.appointment.appointment_status !== 'Cancelled'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      visit.body = (await call<{ appointment: { appointment_status: string } }>('GET', `appointments/${appointmentId}`, adminToken)).body;
    }
    expect(visit.body.appointment.appointment_status).toBe('Cancelled');
  });
});

/** The text of the Related appointment option of the confirmed visit (as the form lists it). */
async function optionLabel(page: Page): Promise<string | undefined> {
  await page.click('.ant-modal .ant-select:has(input[aria-label="Related appointment"])');
  const item = await page.waitForSelector('::-p-xpath(//div[contains(@class,"ant-select-dropdown") and not(contains(@class,"ant-select-dropdown-hidden"))]//div[contains(@class,"ant-select-item-option")])', {
    visible: true,
  });
  const text = await item!.evaluate((el) => (el as HTMLElement).innerText.trim());
  await page.keyboard.press('Escape');
  return text;
}
