import type { Browser } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, chooseSelectOption, clickButton, closePage, fillByLabelOrPlaceholder, launchBrowser, newPage, pickDate, signIn, waitForText } from '../support/browser';
import { call, login } from '../support/api';
import { SMS_URL, smsTo, until } from '../support/sandboxes';
import { bookFullDay } from '../support/visits';

// The waitlist from the browser to the SMS sandbox and back: a patient whose day is fully booked joins the doctor's
// waitlist from the booking screen; another patient cancels; the waiting patient's SMS arrives with a link; opened
// signed out, it asks them to sign in, then shows the slot held for them, which they book.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const randomPhone = () => `+25472277${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`.replace(/0000$/, '0001');

async function registerPatient(firstname: string, phone: string) {
  const email = `waitlist.${unique()}@example.co.ke`;
  const password = 'Patient#2026';
  const res = await call('POST', 'auth/register', undefined, { firstname, lastname: 'Journey', email, password, contact_phone: phone, address: 'Moi Avenue, Nairobi' });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
  return { email, password, token: await login(email, password) };
}

describe('waitlist journey: a freed slot offered by SMS, claimed after signing in', () => {
  let browser: Browser;

  beforeAll(async () => {
    if (!SMS_URL) throw new Error('the platform started without the SMS sandbox (E2E_SMS_URL)');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a second patient on the waitlist gets the offer by SMS, opens the link, signs in and books the slot', async () => {
    const first = await registerPatient('Filler', randomPhone());
    const phone = randomPhone();
    const waiting = await registerPatient('Subira', phone);

    // a doctor and a day they work, 3 to 20 days ahead, whose free times the first patient then takes, all of them
    const { doctor, date, booked: mine } = await bookFullDay(first.token, { fromDay: 3, toDay: 20, notes: 'Annual heart check, any time that day.' });

    // the second patient finds the day full and joins the doctor's waitlist from the booking screen
    const page = await newPage(browser);
    await signIn(page, waiting);
    await page.goto(`${BASE_URL}/dashboard/appointments/book?doctor_id=${doctor.doctor_id}`, { waitUntil: 'networkidle0' });
    await page.waitForFunction((n) => document.querySelector('.ant-select-content[title]')?.getAttribute('title')?.startsWith(n), {}, `Dr. ${doctor.first_name}`);
    await chooseSelectOption(page, '.ant-select:has(input[aria-label="Appointment type"])', 'Consultation');
    await pickDate(page, 'input[aria-label="Appointment date"]', date);
    await waitForText(page, 'No free times on this date. Please choose another date.');
    await waitForText(page, `Join Dr. ${doctor.first_name} ${doctor.last_name}'s waitlist`);
    await auditScreen(page);
    await page.type('textarea[aria-label="Reason for visit"]', 'Palpitations at night for two weeks.');
    await clickButton(page, 'Join the waitlist');
    await waitForText(page, 'You are on the waitlist. We will send you an SMS and an email when a slot frees.');
    await clickButton(page, 'See your waitlist');
    await page.waitForFunction(() => location.pathname === '/dashboard/waitlist');
    await waitForText(page, `Dr ${doctor.first_name} ${doctor.last_name}`);
    await closePage(page);

    // the first patient cancels one visit: the slot is held for the waiting patient, who gets an SMS with a link
    const freed = mine[0]!;
    expect((await call('PATCH', `appointments/${freed.appointment_id}/status`, first.token, { status: 'Cancelled' })).status).toBe(200);
    const sms = await until('the waitlist offer SMS', async () => (await smsTo(phone)).find((m) => m.message.startsWith('Afya: a slot opened with')));
    expect(sms.message).toContain(freed.time_slot);
    const link = /https?:\/\/\S+\/dashboard\/waitlist\/offers\/\d+/.exec(sms.message)?.[0];
    expect(link).toBeDefined();
    // held: nobody else can take it meanwhile
    const other = await call('POST', 'appointments', first.token, {
      doctor_id: doctor.doctor_id,
      appointment_date: date,
      time_slot: freed.time_slot,
      appointment_type: 'Consultation',
      notes: 'Trying to take the freed slot back.',
    });
    expect(other.status).toBe(409);

    // opened signed out (a fresh browser context): sign in first, then the confirmation page; nothing booked yet
    const fresh = await newPage(browser);
    await fresh.goto(`${BASE_URL}${new URL(link!).pathname}`, { waitUntil: 'networkidle0' });
    await fresh.waitForFunction(() => location.pathname === '/login');
    const before = (await call<unknown[]>('GET', 'appointments', waiting.token)).body;
    expect(before).toEqual([]);
    await fillByLabelOrPlaceholder(fresh, 'input#email', waiting.email);
    await fillByLabelOrPlaceholder(fresh, 'input#password', waiting.password);
    await fresh.keyboard.press('Enter');
    await fresh.waitForFunction((path) => location.pathname === path, {}, new URL(link!).pathname);
    await waitForText(fresh, 'A slot for you');
    await waitForText(fresh, freed.time_slot);
    await auditScreen(fresh);
    await clickButton(fresh, 'Book this slot');
    await waitForText(fresh, 'Appointment booked! Please proceed with payment.');

    const after = (await call<{ appointment_date: string; time_slot: string; doctor_id: number; appointment_status: string }[]>('GET', 'appointments', waiting.token)).body;
    expect(after).toEqual([expect.objectContaining({ doctor_id: doctor.doctor_id, appointment_date: date, time_slot: freed.time_slot, appointment_status: 'Pending' })]);
    await closePage(fresh);
  });
});
