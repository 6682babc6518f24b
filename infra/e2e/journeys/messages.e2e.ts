import type { Browser, Page } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, clickButton, fillByLabelOrPlaceholder, launchBrowser, newPage, pickDate, signIn, waitForOverlaysToSettle, waitForText } from '../support/browser';
import { call, login } from '../support/api';
import { emailsTo, MAIL_URL, SMS_URL, smsTo, until } from '../support/sandboxes';
import { nairobiDate } from '../support/visits';

// What the platform sends, followed from the browser to the providers' sandboxes: a patient reschedules a visit
// with the booking screen's slot picker (the SMS sandbox records the new time), and a patient who forgot their
// password resets it from the email that arrived in the local SMTP server's inbox.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function registerPatient(phone: string) {
  const email = `journey.${unique()}@example.co.ke`;
  const password = 'Patient#2026';
  const res = await call('POST', 'auth/register', undefined, { firstname: 'Wanjiru', lastname: 'Journey', email, password, contact_phone: phone, address: 'Moi Avenue, Nairobi' });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
  return { email, password };
}

describe('messages journey: reschedule in the browser, reset a forgotten password from the email', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!MAIL_URL || !SMS_URL) throw new Error('the platform started without the mail inbox or the SMS sandbox (E2E_MAIL_URL / E2E_SMS_URL)');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a patient moves their appointment to another free slot of the same doctor; the SMS with the new time arrives', async () => {
    const phone = `+25472255${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`.replace(/0000$/, '0001');
    const patient = await registerPatient(phone);
    const token = await login(patient.email, patient.password);
    type DoctorRow = { doctor_id: number; available_days: string[] };
    const listed = (await call<{ doctors: DoctorRow[] } | DoctorRow[]>('GET', 'appointments/doctors', token)).body;
    const doctors = Array.isArray(listed) ? listed : listed.doctors;
    // a doctor and two days within the window they work, each with free slots
    let booking: { doctor: number; from: string; to: string; fromSlot: string; toSlot: string } | null = null;
    for (const d of doctors) {
      const days = [];
      for (let i = 3; i <= 20 && days.length < 2; i++) {
        const date = nairobiDate(i);
        const slots = (await call<{ slots: { time_slot: string; available: boolean }[] }>('GET', `appointments/availability?doctor_id=${d.doctor_id}&date=${date}`, token)).body.slots;
        const free = slots?.filter((s) => s.available).map((s) => s.time_slot) ?? [];
        if (free.length) days.push({ date, slot: free[free.length - 1]! });
      }
      if (days.length === 2) {
        booking = { doctor: d.doctor_id, from: days[0]!.date, fromSlot: days[0]!.slot, to: days[1]!.date, toSlot: days[1]!.slot };
        break;
      }
    }
    if (!booking) throw new Error('no doctor with two free days');
    const booked = await call<{ appointment: { appointment_id: number } }>('POST', 'appointments', token, {
      doctor_id: booking.doctor,
      appointment_date: booking.from,
      time_slot: booking.fromSlot,
      appointment_type: 'Consultation',
      notes: 'Follow-up on blood pressure readings.',
    });
    expect(booked.status).toBe(201);
    const id = booked.body.appointment.appointment_id;

    page = await newPage(browser);
    await signIn(page, patient);
    await page.goto(`${BASE_URL}/dashboard/appointments`, { waitUntil: 'networkidle0' });
    const reschedule = await page.waitForSelector(`[data-testid="reschedule-${id}"]`, { visible: true });
    await waitForOverlaysToSettle(page);
    await reschedule!.click();
    await waitForText(page, 'Reschedule appointment');
    await auditScreen(page);
    await waitForOverlaysToSettle(page);
    await pickDate(page, '.ant-modal input[aria-label="Appointment date"]', booking.to);
    const slot = await page.waitForSelector(`.ant-modal [data-slot="${booking.toSlot}"]:not([disabled])`, { visible: true });
    await slot!.click();
    await clickButton(page, 'Move appointment');
    await waitForText(page, 'Appointment rescheduled.');
    await auditScreen(page);

    const after = await call<{ appointment: { appointment_date: string; time_slot: string; appointment_id: number } }>('GET', `appointments/${id}`, token);
    expect(after.body.appointment).toMatchObject({ appointment_id: id, appointment_date: booking.to, time_slot: booking.toSlot });
    const sms = await until('the reschedule SMS', async () => (await smsTo(phone)).find((m) => m.message.startsWith('Afya: moved to')));
    expect(sms.message).toContain(booking.toSlot);
    const email = await until('the reschedule email', async () => (await emailsTo(patient.email)).find((e) => e.subject === 'Your appointment has moved'));
    expect(email.text).toContain(booking.toSlot);
    await page.close();
  });

  it('a patient who forgot their password resets it from the email that arrived, then signs in with the new one', async () => {
    const patient = await registerPatient('+254722660001');
    page = await newPage(browser);
    await page.goto(`${BASE_URL}/login`, { waitUntil: 'networkidle0' });
    await clickButton(page, 'Forgot password?');
    await page.waitForFunction(() => location.pathname === '/forgot-password');
    // The route's code loads in a transition: until it has, the sign-in page (with its own email field) is still
    // shown, and a field found then is gone by the time it is clicked. Wait for the page itself.
    await waitForText(page, 'Forgot your password?');
    await fillByLabelOrPlaceholder(page, 'input[type="email"]', patient.email);
    await clickButton(page, 'Send reset link');
    await waitForText(page, 'Check your email');
    await auditScreen(page);

    const email = await until('the reset email', async () => (await emailsTo(patient.email)).find((e) => e.subject === 'Reset your Afya password'));
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(email.text ?? '')?.[0];
    expect(link).toBeDefined();
    // the link is opened on this platform's address (PUBLIC_APP_URL is the gateway's own here)
    await page.goto(`${BASE_URL}${new URL(link!).pathname}${new URL(link!).search}`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Choose a new password');
    await auditScreen(page);
    await fillByLabelOrPlaceholder(page, 'input#newPassword', 'Fresh#Start2026');
    await fillByLabelOrPlaceholder(page, 'input#confirmPassword', 'Fresh#Start2026');
    await clickButton(page, 'Reset password');
    await page.waitForFunction(() => location.pathname === '/login');
    expect((await call('POST', 'auth/login', undefined, { email: patient.email, password: patient.password })).status).toBe(401);
    await signIn(page, { email: patient.email, password: 'Fresh#Start2026' });
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard/);
    await page.close();
  });
});
