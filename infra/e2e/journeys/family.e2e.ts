import type { Browser, Page } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, chooseSelectOption, clickButton, closePage, DEMO, launchBrowser, newPage, pickDate, signIn, waitForOverlaysToSettle, waitForText } from '../support/browser';
import { call, login } from '../support/api';
import { demoDoctor, firstFreeDay, registerPatient } from '../support/visits';

// Issue 36: a mother adds her child on the Family page (on a phone-sized screen, the consent ticked), books a visit
// for the child ("Who is this visit for?"), and the visit is the child's: listed under the child, not in her own list,
// the child's prescription under the child once the doctor writes it, where she reads it on the Family page. An adult invited by phone accepts with `book`
// only, and the carer's records request is refused.

const CHILD = 'Baraka Kamau';

describe('family journey: a mother adds her child and books for the child', () => {
  let browser: Browser;
  /** The test's page, if it opened one (closed after it). */
  let opened: Page | undefined;
  const open = async (width?: number, height?: number) => (opened = await newPage(browser, width, height));
  const stamp = Date.now();
  const mother = { email: `mama.${stamp}@example.co.ke`, password: 'Mother#2026', firstname: 'Wanjiru', lastname: 'Kamau' };
  const phone = `07${String(stamp).slice(-8)}`;
  let motherToken: string;
  let childId: number;
  let appointmentId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    motherToken = (await registerPatient({ ...mother, contact_phone: phone, address: 'Ngong Road, Kilimani, Nairobi' })).token;
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    if (opened) await closePage(opened);
    opened = undefined;
  });

  it('on a phone, the consent must be ticked; then the child is added and listed with every scope', async () => {
    const page = await open(390, 844);
    await signIn(page, mother);
    await page.goto(`${BASE_URL}/dashboard/family`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'No family members yet');
    await auditScreen(page);

    await page.type('input#full_name', CHILD);
    await page.type('input#date_of_birth', '2019-04-02');
    await chooseSelectOption(page, '.ant-select:has(input[aria-label="You are their"])', 'Mother');
    await clickButton(page, 'Add child');
    await waitForText(page, 'Please tick the consent to add the child');
    expect((await call<{ members: unknown[] }>('GET', 'family', motherToken)).body.members).toHaveLength(0);

    await page.click('input#consent');
    await clickButton(page, 'Add child');
    await waitForText(page, `${CHILD} has been added`);
    const member = await page.waitForSelector('[data-testid^="family-member-"]');
    const text = await member!.evaluate((el) => (el as HTMLElement).innerText);
    expect(text).toContain(CHILD);
    expect(text).toContain('Child · you are their mother');
    expect(text).toContain('Active');
    for (const scope of ['Book visits', 'Reminders', 'Records']) expect(text).toContain(scope);
    await waitForOverlaysToSettle(page);
    await auditScreen(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const family = await call<{ members: Array<{ member_id: number; full_name: string }> }>('GET', 'family', motherToken);
    childId = family.body.members.find((m) => m.full_name === CHILD)!.member_id;
    expect(childId).toBeGreaterThan(0);
  });

  it('she books for the child: "Who is this visit for?" defaults to her, she picks the child; the visit is the child’s', async () => {
    const { doctor } = await demoDoctor(motherToken);
    const { date, free } = await firstFreeDay(motherToken, { fromDay: 1, toDay: 20, doctors: [doctor] });
    const page = await open();
    await signIn(page, mother);
    await page.goto(`${BASE_URL}/dashboard/appointments/book?doctor_id=${doctor.doctor_id}`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Who is this visit for?');
    expect(await page.$eval('input[type="radio"][value="me"]', (el) => (el as HTMLInputElement).checked)).toBe(true);
    await page.click(`::-p-xpath(//label[contains(@class,"ant-radio-wrapper")][normalize-space(.)=${JSON.stringify(`${CHILD} (Child)`)}])`);
    await page.waitForFunction((name) => document.querySelector('.ant-select-content[title]')?.getAttribute('title')?.startsWith(name), {}, `Dr. ${doctor.first_name}`);
    await chooseSelectOption(page, '.ant-select:has(input[aria-label="Appointment type"])', 'Consultation');
    await pickDate(page, 'input[aria-label="Appointment date"]', date);
    await (await page.waitForSelector(`button[data-slot="${free[0]}"]:not([disabled])`))!.click();
    await page.type('textarea[aria-label="Reason for visit"]', 'Fever and a cough for three days.');
    await clickButton(page, 'Book Appointment');
    await waitForText(page, 'Appointment booked successfully! Please proceed with payment.');
    await auditScreen(page);
    const panelText = await (await page.waitForSelector('[data-testid="payment-panel"]'))!.evaluate((el) => (el as HTMLElement).innerText);
    appointmentId = Number(/#(\d+)/.exec(panelText)?.[1]);
    expect(appointmentId).toBeGreaterThan(0);

    // The child is the patient and the mother who booked; it is under the child, not in her own list.
    const childs = await call<Array<{ appointment_id: number; user_id: number; booked_by: { user_id: number; relationship: string } | null }>>('GET', `family/members/${childId}/appointments`, motherToken);
    expect(childs.status).toBe(200);
    const visit = childs.body.find((a) => a.appointment_id === appointmentId);
    expect(visit?.user_id).toBe(childId);
    expect(visit?.booked_by?.relationship).toBe('mother');
    const own = await call<Array<{ appointment_id: number }>>('GET', 'appointments', motherToken);
    expect(own.body.map((a) => a.appointment_id)).not.toContain(appointmentId);
  });

  it('the doctor writes the child’s prescription: it is under the child, never in the mother’s own', async () => {
    const adminToken = await login(DEMO.admin.email, DEMO.admin.password);
    expect((await call('PATCH', `appointments/${appointmentId}/override`, adminToken, { status: 'Completed' })).status).toBe(200);
    const doctorToken = await login(DEMO.doctor.email, DEMO.doctor.password);
    const medicines = [{ name: 'Paracetamol syrup', dosage: '5 ml', frequency: 'Three times daily', instructions: 'For 3 days' }];
    let written = { status: 0 };
    for (let i = 0; i < 30 && written.status !== 201; i++) {
      written = await call('POST', 'prescriptions', doctorToken, { appointment_id: appointmentId, medicines });
      if (written.status !== 201) await new Promise((r) => setTimeout(r, 500)); // the prescription service's read model catches up
    }
    expect(written.status).toBe(201);
    const childs = await call<Array<{ appointment_id: number; patient_id: number }>>('GET', `family/members/${childId}/prescriptions`, motherToken);
    expect(childs.body.find((p) => p.appointment_id === appointmentId)?.patient_id).toBe(childId);
    const own = await call<Array<{ appointment_id: number }>>('GET', 'prescriptions/user', motherToken);
    expect(own.body.map((p) => p.appointment_id)).not.toContain(appointmentId);

    // She reads it on the Family page, under the child.
    const page = await open(390, 844);
    await signIn(page, mother);
    await page.goto(`${BASE_URL}/dashboard/family`, { waitUntil: 'networkidle0' });
    await waitForText(page, CHILD);
    await clickButton(page, 'View records');
    await waitForText(page, `${CHILD}: records`);
    // The drawer slides in: its tabs take clicks once it has settled.
    await waitForOverlaysToSettle(page);
    const prescriptionsTab = await page.waitForSelector('::-p-xpath(//div[@role="tab"][normalize-space(.)="Prescriptions"])', { visible: true });
    await prescriptionsTab!.click();
    await page.waitForSelector('[data-testid="member-prescription"]', { visible: true });
    await waitForText(page, 'Paracetamol syrup');
    await page.click('::-p-xpath(//div[@role="tab"][normalize-space(.)="Medical history"])');
    await page.waitForSelector('[data-testid="member-history-record"]', { visible: true });
    await waitForOverlaysToSettle(page);
    await auditScreen(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('an adult invited by phone accepts with `book` only on the Family page; the carer’s records request is refused', async () => {
    const grandmother = { email: `nyanya.${stamp}@example.co.ke`, password: 'Granny#2026', firstname: 'Njeri', lastname: 'Mwangi' };
    const grandmotherPhone = `07${String(stamp + 7).slice(-8)}`;
    const { userId } = await registerPatient({ ...grandmother, contact_phone: grandmotherPhone, address: 'Kenyatta Avenue, Nairobi CBD' });
    const sent = await call<{ message: string }>('POST', 'family/invitations', motherToken, { phone: grandmotherPhone, relationship: 'child', scopes: ['book', 'records'] });
    expect(sent.status).toBe(201);
    const page = await open(390, 844);
    await signIn(page, grandmother);
    await page.goto(`${BASE_URL}/dashboard/family`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Wanjiru Kamau (Child) asks to help with your care');
    await auditScreen(page);
    // She grants booking only: Records is unticked.
    await page.click(`::-p-xpath(//label[contains(@class,"ant-checkbox-wrapper")][normalize-space(.)="Records"])`);
    await clickButton(page, 'Accept');
    await waitForText(page, 'Invitation accepted');
    await waitForText(page, 'People who help you');
    expect((await call('GET', `family/members/${userId}/appointments`, motherToken)).status).toBe(403);
    const family = await call<{ members: Array<{ member_id: number; scopes: string[] }> }>('GET', 'family', motherToken);
    expect(family.body.members.find((m) => m.member_id === userId)?.scopes).toEqual(['book']);
  });
});
