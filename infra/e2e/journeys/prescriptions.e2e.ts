import type { Browser, Page } from 'puppeteer';
import { pdfText } from '@afya/service-shared';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, closePage, DEMO, clickButton, launchBrowser, newPage, signIn, typeInto, waitForText } from '../support/browser';
import { bookFirstFreeSlot, demoDoctor, registerPatient } from '../support/visits';

// Issue 10: a doctor writes a prescription for a completed appointment in the Write Prescription screen → the patient
// sees it on the home page and in the list → downloads the PDF (a real PDF naming the medicine) → sees the doctor in
// "Who viewed my records".

const MEDICINE = 'Azithromycin';

describe('prescriptions journey: doctor writes, patient reads, downloads, and sees who viewed', () => {
  let browser: Browser;
  let page: Page;
  let appointmentId: number;
  const patient = { email: `rx.${Date.now()}@example.co.ke`, password: 'Patient#2026', firstname: 'Wanjiru', lastname: 'Kariuki' };

  beforeAll(async () => {
    browser = await launchBrowser();
    // A fresh patient books the demo doctor's first free slot; the admin marks the visit Completed.
    const registered = await registerPatient({ ...patient, contact_phone: '0733555666', address: 'Moi Avenue, Nairobi CBD, Nairobi' });
    const { doctor } = await demoDoctor(registered.token);
    appointmentId = await bookFirstFreeSlot(registered.token, doctor, { fromDay: 1, toDay: 30, notes: 'Persistent cough for two weeks.', status: 'Completed' });
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

  it('the doctor writes the prescription in Write Prescription and lands on the issued list', async () => {
    await signIn(page, DEMO.doctor);
    await page.goto(`${BASE_URL}/dashboard/doctor/write-prescription?appointment_id=${appointmentId}`, { waitUntil: 'networkidle0' });
    await waitForText(page, `${patient.firstname} ${patient.lastname}`);
    await auditScreen(page);
    const save = await page.waitForSelector('::-p-xpath(//button[normalize-space(.)="Save Prescription"])');
    expect(await save!.evaluate((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await typeInto(page, 'Medicine 1 name', MEDICINE);
    await typeInto(page, 'Medicine 1 dosage', '500mg');
    await typeInto(page, 'Medicine 1 frequency', 'Once daily');
    await typeInto(page, 'Medicine 1 instructions', 'Take for 3 days after food');
    await page.type('textarea[aria-label="Notes"]', 'Return if the cough persists.');
    await page.waitForFunction(() => ![...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Save Prescription')?.disabled);
    await clickButton(page, 'Save Prescription');
    await waitForText(page, 'Prescription created successfully!');
    await auditScreen(page);
    await page.waitForFunction(() => location.pathname === '/dashboard/doctor/prescriptions', { timeout: 10000 });
    await waitForText(page, `${patient.firstname} ${patient.lastname}`);
    await auditScreen(page);
    await waitForText(page, MEDICINE);
    await auditScreen(page);
  });

  it('the patient sees it on the home page and in the list, downloads the PDF, and sees the doctor in "Who viewed my records"', async () => {
    await signIn(page, patient);
    await page.goto(`${BASE_URL}/dashboard`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Recent Prescriptions');
    await auditScreen(page);
    await waitForText(page, MEDICINE);
    await auditScreen(page);

    await page.goto(`${BASE_URL}/dashboard/prescriptions`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Take for 3 days after food');
    await auditScreen(page);
    await waitForText(page, 'Return if the cough persists.');
    await auditScreen(page);
    const pdf = page.waitForResponse((r) => /\/api\/prescriptions\/\d+\/pdf$/.test(r.url()));
    await clickButton(page, 'Download PDF');
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const bytes = Buffer.from(await response.buffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(bytes)).toContain(MEDICINE);
    await waitForText(page, 'Prescription downloaded successfully');
    await auditScreen(page);

    await page.goto(`${BASE_URL}/dashboard/medical-history`, { waitUntil: 'networkidle0' });
    await waitForText(page, MEDICINE);
    await auditScreen(page);
    await page.click('::-p-xpath(//div[@role="tab" and normalize-space(.)="Who viewed my records"])');
    // The doctor opened the patient's history beside the form and created the prescription.
    await waitForText(page, 'Created');
    await auditScreen(page);
    const rows = await page.$$eval('.ant-table-row', (trs) => trs.map((tr) => (tr as HTMLElement).innerText));
    expect(rows.some((r) => r.includes('Wanjiku') && r.includes('Doctor') && r.includes('Medical history'))).toBe(true);
    expect(rows.some((r) => r.includes('Created') && r.includes('Prescription RX-'))).toBe(true);
  });
});
