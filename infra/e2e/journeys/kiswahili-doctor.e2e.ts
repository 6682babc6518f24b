import type { Browser, Page } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, closePage, DEMO, clickButton, launchBrowser, newPage, typeInto, waitForText } from '../support/browser';
import { call, login } from '../support/api';
import { englishLeftOn, kiswahili, signInInKiswahili } from '../support/language';
import { bookFirstFreeSlot, demoDoctor, registerPatient } from '../support/visits';

// Issue 27: a doctor who reads Kiswahili signs in and writes a prescription. Every screen on the way is in Kiswahili
// (no English text of the doctor remote's catalogue left in the page), the medicine and the notes stay as written.

const MEDICINE = 'Paracetamol';
const sw = (key: string, values?: Record<string, string | number>) => kiswahili('mfe-doctor', key, values);

describe('Kiswahili: a doctor signs in and writes a prescription', () => {
  let browser: Browser;
  let page: Page;
  let appointmentId: number;
  const patient = { email: `rx.sw.${Date.now()}@example.co.ke`, password: 'Patient#2026', firstname: 'Neema', lastname: 'Mwakilema' };

  beforeAll(async () => {
    browser = await launchBrowser();
    // A fresh patient books the demo doctor's first free slot; the admin marks the visit Completed.
    const { token: patientToken } = await registerPatient({ ...patient, contact_phone: '0733555777', address: 'Jomo Kenyatta Avenue, Mombasa' });
    const { doctor } = await demoDoctor(patientToken);
    appointmentId = await bookFirstFreeSlot(patientToken, doctor, { fromDay: 1, toDay: 30, notes: 'Homa na kikohozi kwa siku tatu.', status: 'Completed' });
    page = await newPage(browser);
  });

  afterAll(async () => {
    // First, whatever failed: the pick made at sign-in is saved in the demo doctor's profile, and every later journey
    // signs this doctor in (a failed page check here must not turn them all Kiswahili).
    await call('PATCH', 'user/profile', await login(DEMO.doctor.email, DEMO.doctor.password), { language: 'en' });
    try {
      if (page) await closePage(page);
    } finally {
      await browser?.close();
    }
  });

  it('signs in with Kiswahili chosen: the home page greets in Kiswahili', async () => {
    await signInInKiswahili(page, DEMO.doctor);
    await waitForText(page, sw('home.welcome', { name: 'Wanjiku' }));
    await waitForText(page, sw('home.todaysAppointments'));
    expect(await englishLeftOn(page, 'mfe-doctor')).toEqual([]);
    await auditScreen(page);
  });

  it('writes the prescription in Kiswahili and lands on the issued list', async () => {
    await page.goto(`${BASE_URL}/dashboard/doctor/write-prescription?appointment_id=${appointmentId}`, { waitUntil: 'networkidle0' });
    await waitForText(page, `${patient.firstname} ${patient.lastname}`);
    await waitForText(page, sw('write.subtitle'));
    const save = sw('write.save');
    const button = await page.waitForSelector(`::-p-xpath(//button[normalize-space(.)=${JSON.stringify(save)}])`);
    expect(await button!.evaluate((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await englishLeftOn(page, 'mfe-doctor')).toEqual([]);
    await auditScreen(page);

    await typeInto(page, sw('medicine.nameLabel', { n: 1 }), MEDICINE);
    // Started but incomplete: the form says why Save is disabled, in Kiswahili.
    await waitForText(page, sw('messages.fillRequired'));
    await typeInto(page, sw('medicine.dosageLabel', { n: 1 }), '500mg');
    await typeInto(page, sw('medicine.frequencyLabel', { n: 1 }), 'Mara tatu kwa siku');
    await typeInto(page, sw('medicine.instructionsLabel', { n: 1 }), 'Baada ya chakula, kwa siku tano');
    await page.type(`textarea[aria-label="${sw('write.notes')}"]`, 'Kunywa maji mengi.');
    await page.waitForFunction((text) => ![...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text)?.disabled, {}, save);
    expect(await englishLeftOn(page, 'mfe-doctor')).toEqual([]);
    await clickButton(page, save);
    await waitForText(page, sw('messages.created'));

    await page.waitForFunction(() => location.pathname === '/dashboard/doctor/prescriptions', { timeout: 10000 });
    await waitForText(page, sw('issued.title'));
    await waitForText(page, `${patient.firstname} ${patient.lastname}`);
    // Free text stays as the doctor wrote it.
    await waitForText(page, MEDICINE);
    await waitForText(page, 'Kunywa maji mengi.');
    await waitForText(page, sw('summary.downloadPdf'));
    expect(await englishLeftOn(page, 'mfe-doctor')).toEqual([]);
    await auditScreen(page);
  });
});
