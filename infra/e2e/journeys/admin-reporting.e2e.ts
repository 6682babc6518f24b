import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, closePage, DEMO, chooseSelectOption, clickButton, launchBrowser, newPage, signIn, waitForText } from '../support/browser';
import { call, login } from '../support/api';

// The admin's reporting journey (issue #12): analytics draws its charts and a range change refetches; each CSV
// report downloads as a real file (the appointments one holds a booking made during the journey); Add User shows
// a one-time password once; suspending a user ends their open session at once (their next call is 401).

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const nairobiDate = (days: number) => new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Books the first free slot of any approved doctor from tomorrow on, as the demo patient. */
async function bookSomething(token: string): Promise<number> {
  const { body } = await call<{ doctors: Array<{ doctor_id: number; available_days: string[] }> }>('GET', 'appointments/doctors', token);
  for (let day = 1; day <= 30; day++) {
    const date = nairobiDate(day);
    for (const d of body.doctors) {
      if (d.available_days.length && !d.available_days.includes(weekdayOf(date))) continue;
      const slots = await call<{ slots: Array<{ time_slot: string; available: boolean }> }>('GET', `appointments/availability?doctor_id=${d.doctor_id}&date=${date}`, token);
      const free = slots.body.slots?.find((s) => s.available);
      if (!free) continue;
      const booked = await call<{ appointment: { appointment_id: number } }>('POST', 'appointments', token, {
        doctor_id: d.doctor_id, appointment_date: date, time_slot: free.time_slot, appointment_type: 'Consultation', notes: 'Reporting journey booking, please ignore',
      });
      if (booked.status === 201) return booked.body.appointment.appointment_id;
    }
  }
  throw new Error('no free slot to book');
}


describe('admin reporting journey', () => {
  let browser: Browser;
  let page: Page;
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'afya-reports-'));

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    await signIn(page, DEMO.admin);
  });

  afterAll(async () => {
    try {
      if (page) await closePage(page);
    } finally {
      await browser?.close();
    }
    fs.rmSync(downloads, { recursive: true, force: true });
  });

  it('analytics draws its charts and a range change refetches the figures', async () => {
    await page.goto(`${BASE_URL}/dashboard/admin/analytics`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Analytics Dashboard');
    await waitForText(page, 'Appointment Status Distribution');
    // G2 draws on canvas: at least the pie and the bookings chart (demo data has appointments today or earlier).
    await page.waitForFunction(() => document.querySelectorAll('canvas').length >= 2, { timeout: 20_000 });
    await waitForText(page, 'Monthly Statistics');
    // Audited once the charts are drawn (not while they load).
    await auditScreen(page);
    const refetch = page.waitForResponse((r) => r.url().includes('/api/admin/analytics/bookings?range=7') && r.status() === 200);
    await chooseSelectOption(page, '.ant-select:has(input[aria-label="Date range"])', 'Last 7 days');
    await refetch;
    await waitForText(page, 'vs the previous 7 days');
    await auditScreen(page);
  });

  it('downloads every report as a CSV file; the appointments report holds a booking made just now', async () => {
    const patient = await login(DEMO.patient.email, DEMO.patient.password);
    const admin = await login(DEMO.admin.email, DEMO.admin.password);
    const appointmentId = await bookSomething(patient);
    // The reporting read model is fed by events: wait until it has the booking.
    await until('the booking in the reporting read model', async () => {
      const csv = await call('GET', 'admin/reports/appointments.csv', admin);
      return csv.text.split('\n').some((line) => line.startsWith(`${appointmentId},`));
    });
    // Downloads of this page's browser context go to `downloads` (the page saves the file itself, from a blob).
    const cdp = await page.createCDPSession();
    await cdp.send('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await page.goto(`${BASE_URL}/dashboard/admin/reports`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Download system reports as CSV files');
    await auditScreen(page);
    for (const [type, header] of [
      ['appointments', 'Appointment ID,Patient,Patient Email,Doctor'],
      ['users', 'User ID,First Name,Last Name,Email'],
      ['revenue', 'Payment ID,Appointment ID,Patient,Method'],
      ['prescriptions', 'Prescription ID,Appointment ID,Patient,Doctor'],
    ] as const) {
      const file = path.join(downloads, `${type}-report.csv`);
      const response = page.waitForResponse((r) => r.url().includes(`/api/admin/reports/${type}.csv`));
      await page.click(`button[aria-label="Download ${type.charAt(0).toUpperCase()}${type.slice(1)} report"]`);
      expect((await response).headers()['content-type']).toBe('text/csv; charset=utf-8');
      await until(`${type}-report.csv saved`, async () => fs.existsSync(file) && fs.readFileSync(file, 'utf8').length > 0);
      const text = fs.readFileSync(file, 'utf8');
      expect(text.slice(0, header.length)).toBe(header);
      if (type === 'appointments') expect(text.split('\n').some((line) => line.startsWith(`${appointmentId},`))).toBe(true);
      if (type === 'users') expect(text).toContain('admin@afya.test');
    }
    await waitForText(page, 'Report downloaded successfully');
    await auditScreen(page);
  });

  it('Add User shows a one-time password; suspending a signed-in user ends their session at once', async () => {
    const email = `journey.${Date.now()}@afya.test`;
    await page.goto(`${BASE_URL}/dashboard/admin/users`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'User Management');
    await auditScreen(page);
    await clickButton(page, 'Add User');
    await waitForText(page, 'Add New User');
    await auditScreen(page);
    await page.type('.ant-modal input#firstname', 'Njeri');
    await page.type('.ant-modal input#lastname', 'Journey');
    await page.type('.ant-modal input#email', email);
    await page.type('.ant-modal input#phone', '0712345678');
    await clickButton(page, 'Create User');
    const shown = await page.waitForSelector('[data-testid="one-time-password"]', { visible: true });
    const password = (await shown!.evaluate((el) => el.textContent ?? '')).trim();
    expect(password.length).toBeGreaterThanOrEqual(10);
    await clickButton(page, 'Done');
    // The dialog keeps focus until it has closed: typing before that would go into it, not into the search box.
    await page.waitForFunction(() => [...document.querySelectorAll('.ant-modal-wrap')].every((w) => getComputedStyle(w).display === 'none'));

    // The new user signs in with it (they must change it first) and holds an open session.
    const token = await login(email, password);
    expect((await call('GET', 'user/profile', token)).status).toBe(200);

    await page.type('input[aria-label="Search users"]', email);
    await page.waitForFunction((e) => document.querySelectorAll('.ant-table-row').length === 1 && document.body.innerText.includes(e), {}, email);
    await page.click('button[aria-label="Edit Njeri Journey"]');
    await waitForText(page, 'Edit User');
    await auditScreen(page);
    await chooseSelectOption(page, '.ant-select:has(input[aria-label="Status"])', 'Suspended');
    await clickButton(page, 'Update User');
    await waitForText(page, 'User updated successfully');
    await auditScreen(page);
    await until('the suspended session to be refused', async () => (await call('GET', 'user/profile', token)).status === 401, 5_000);
  });
});
