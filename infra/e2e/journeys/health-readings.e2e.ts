import type { Browser, Page } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, closePage, DEMO, clickButton, launchBrowser, newPage, signIn, waitForOverlaysToSettle, waitForText } from '../support/browser';
import { call, login } from '../support/api';
import { SMS_URL, smsTo, until } from '../support/sandboxes';
import { bookFirstFreeSlot, demoDoctor, registerPatient } from '../support/visits';

// Issue 39: a patient in the demo doctor's care enters three blood pressure readings on a phone-sized page, the last
// one critical, and reads the advice; the chart and the table show them. The doctor gets an SMS that says only where
// to look, sees the alert on the alerts page and acknowledges it with a note.

const CRITICAL_ADVICE = 'Your reading is very high. If you have chest pain, shortness of breath, weakness or trouble speaking, go to the nearest emergency department now.';

describe('health readings journey: a critical reading at home reaches the doctor caring for the patient', () => {
  let browser: Browser;
  let page: Page;
  const patient = { email: `bp.${Date.now()}@example.co.ke`, password: 'Patient#2026', firstname: 'Nduta', lastname: 'Wairimu' };

  beforeAll(async () => {
    browser = await launchBrowser();
    // A fresh patient with a Confirmed visit with the demo doctor in the coming days: the doctor is caring for them.
    const registered = await registerPatient({ ...patient, contact_phone: '0733555777', address: 'Moi Avenue, Nairobi CBD, Nairobi' });
    const { doctor } = await demoDoctor(registered.token);
    await bookFirstFreeSlot(registered.token, doctor, { fromDay: 1, toDay: 6, notes: 'Headaches in the morning, pressure checks at home.', status: 'Confirmed' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    await closePage(page);
  });

  const enterPressure = async (systolic: string, diastolic: string) => {
    await page.click('input#systolic', { count: 3 });
    await page.type('input#systolic', systolic);
    await page.click('input#diastolic', { count: 3 });
    await page.type('input#diastolic', diastolic);
    await clickButton(page, 'Save reading');
    await waitForText(page, `${systolic}/${diastolic} mmHg:`);
  };

  it('the patient enters three readings on a phone, reads the advice for the critical one, and sees the chart and the table', async () => {
    page = await newPage(browser, 390, 844);
    await signIn(page, patient);
    await page.goto(`${BASE_URL}/dashboard/health-readings`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Afya does not watch readings as they arrive.');
    await auditScreen(page);

    await enterPressure('128', '82');
    await waitForText(page, 'This reading is in the healthy range.');
    await enterPressure('150', '92');
    await waitForText(page, 'Your blood pressure is above the healthy range.');
    await enterPressure('185', '95');
    await waitForText(page, CRITICAL_ADVICE);
    await page.waitForSelector('[data-testid="reading-answer"][role="alert"]');
    await auditScreen(page);

    // The chart draws the three readings (two lines of three home circles each); the table lists them, newest first.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="readings-chart"] [data-series="systolic"] circle').length === 3);
    const rows = await page.$$eval('.ant-table-tbody tr.ant-table-row', (trs) => trs.map((tr) => (tr.querySelectorAll('td')[1] as HTMLElement).innerText));
    expect(rows).toEqual(['185/95 mmHg', '150/92 mmHg', '128/82 mmHg']);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('the doctor gets an SMS that names neither value nor patient, sees the alert and acknowledges it', async () => {
    if (SMS_URL) {
      const { doctorToken } = await demoDoctor(await login(patient.email, patient.password));
      const phone = (await call<{ user: { contact_phone: string } }>('GET', 'user/profile', doctorToken)).body.user.contact_phone;
      // as the support service sends it: the Kenyan mobile in its international form (+2547XXXXXXXX)
      const digits = /^(?:\+?254|0)?([17]\d{8})$/.exec(phone.replace(/[\s().-]/g, ''));
      if (!digits) throw new Error(`the demo doctor's phone ${phone} is not a Kenyan mobile number: no SMS can reach them`);
      const international = `+254${digits[1]}`;
      const sms = await until('the doctor’s alert SMS', async () => (await smsTo(international)).find((m) => m.message.includes('recorded a critical reading')));
      expect(sms.message).toMatch(/\/dashboard\/doctor\/vital-alerts$/);
      expect(sms.message).not.toMatch(/185|Nduta|Wairimu/);
    }

    page = await newPage(browser);
    await signIn(page, DEMO.doctor);
    await page.goto(`${BASE_URL}/dashboard/doctor/vital-alerts`, { waitUntil: 'networkidle0' });
    await waitForText(page, `${patient.firstname} ${patient.lastname}`);
    await waitForText(page, 'Blood pressure: 185/95 mmHg');
    await auditScreen(page);
    await page.click(`button[aria-label="Acknowledge the alert for ${patient.firstname} ${patient.lastname}"]`);
    await page.waitForSelector('textarea#vital-alert-note', { visible: true });
    await waitForOverlaysToSettle(page);
    await page.type('textarea#vital-alert-note', 'Called her; seen today at 2 pm.');
    await page.click('.ant-modal-footer .ant-btn-primary');
    await waitForText(page, 'Alert acknowledged');
    await waitForText(page, ': Called her; seen today at 2 pm.');
    await auditScreen(page);
  });
});
