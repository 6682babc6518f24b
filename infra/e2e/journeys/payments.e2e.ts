import type { Browser, Page } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, closePage, clickButton, fillByLabelOrPlaceholder, launchBrowser, newPage, signIn, waitForOverlaysToSettle, waitForText } from '../support/browser';
import { call } from '../support/api';

// Payments end to end (issue 9) with the Stripe and Daraja sandboxes the platform starts by default:
// a patient pays an appointment by card on the sandbox's checkout page and comes back to /payment-success;
// another by M-Pesa (the push approved by the sandbox "phone") with the live status in the dialog; a third
// push is cancelled on the phone. Each time the list, the history and the receipt PDF say the same.

interface Doctor {
  doctor_id: number;
  available_days: string[];
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const nairobiDate = (days: number) => new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;


/** A Pending appointment of the patient on the first free slot found (from day 10 on: clear of the booking journey's days). */
async function bookSomething(token: string): Promise<{ appointment_id: number; total_amount: number }> {
  const { body } = await call<{ doctors: Doctor[] }>('GET', 'appointments/doctors', token);
  for (let day = 10; day <= 30; day++) {
    const date = nairobiDate(day);
    for (const d of body.doctors.sort((a, b) => b.doctor_id - a.doctor_id)) {
      if (d.available_days.length && !d.available_days.includes(weekdayOf(date))) continue;
      const slots = await call<{ slots: { time_slot: string; available: boolean }[] }>('GET', `appointments/availability?doctor_id=${d.doctor_id}&date=${date}`, token);
      const free = slots.body.slots.find((s) => s.available);
      if (!free) continue;
      const booked = await call<{ appointment: { appointment_id: number; total_amount: number } }>('POST', 'appointments', token, {
        doctor_id: d.doctor_id,
        appointment_date: date,
        time_slot: free.time_slot,
        appointment_type: 'Consultation',
        notes: 'Recurring headaches for two weeks.',
      });
      if (booked.status === 201) return booked.body.appointment;
    }
  }
  throw new Error('no free slot found in the next 30 days');
}

const cardSelector = (id: number) => `[data-testid="appointment-card"][data-appointment-id="${id}"]`;
const cardText = (page: Page, id: number) => page.$eval(cardSelector(id), (el) => (el as HTMLElement).innerText);

/** The receipt as the browser gets it (the signed-in session's token), as latin1 text of the PDF bytes. */
async function receiptInPage(page: Page, paymentId: number): Promise<{ status: number; type: string | null; text: string }> {
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/payments/${id}/receipt`, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return { status: res.status, type: res.headers.get('content-type'), text };
  }, paymentId);
}

describe('payments journey: card through the Stripe sandbox, M-Pesa through the Daraja sandbox, a cancelled push', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  const patient = { email: `payer.${Date.now()}@example.co.ke`, password: 'Payer#2026' };

  beforeAll(async () => {
    browser = await launchBrowser();
    const reg = await call('POST', 'auth/register', undefined, {
      firstname: 'Njeri',
      lastname: 'Wafula',
      email: patient.email,
      password: patient.password,
      contact_phone: '0712345678',
      address: 'Moi Avenue, Nairobi CBD, Kenya',
    });
    expect(reg.status).toBe(201);
    token = (await call<{ token: string }>('POST', 'auth/login', undefined, patient)).body.token;
    page = await newPage(browser);
    await signIn(page, patient);
  });

  afterAll(async () => {
    try {
      if (page) await closePage(page);
    } finally {
      await browser?.close();
    }
  });

  const openPayDialog = async (id: number) => {
    await page.goto(`${BASE_URL}/dashboard/appointments`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(`[data-testid="pay-${id}"]`);
    await page.click(`[data-testid="pay-${id}"]`);
    await page.waitForSelector('.ant-modal [data-testid="payment-options"]', { visible: true });
    // A click at coordinates taken while the dialog still zooms open lands on its mask and closes it.
    await waitForOverlaysToSettle(page);
  };

  it('card: Pay Now → the sandbox checkout → /payment-success confirms → Paid in the list, completed in the history, receipt PDF in Ksh', async () => {
    const booked = await bookSomething(token);
    await openPayDialog(booked.appointment_id);
    await page.click('.ant-modal .ant-segmented-item:nth-child(2)'); // Card
    const payByCard = `Pay Ksh ${booked.total_amount.toLocaleString('en-KE')} by Card`;
    await page.waitForSelector(`::-p-xpath(//button[normalize-space(.)=${JSON.stringify(payByCard)}])`, { visible: true });
    // The dialog may still be settling (its opening animation, the option that just replaced M-Pesa's form): wait
    // until the button stops moving before clicking it, then give the checkout session time to be created.
    await page.waitForFunction(
      (text) => {
        const button = [...document.querySelectorAll('.ant-modal button')].find((b) => b.textContent?.trim() === text);
        const modal = document.querySelector('.ant-modal');
        return button && modal && !modal.className.includes('-appear') && !modal.className.includes('-enter') && getComputedStyle(modal).transform === 'none';
      },
      {},
      payByCard,
    );
    await Promise.all([page.waitForNavigation({ waitUntil: 'load', timeout: 30_000 }), clickButton(page, payByCard)]);
    await waitForText(page, 'Sandbox: no real money');
    await auditScreen(page);
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), clickButton(page, 'Pay')]);
    expect(new URL(page.url()).pathname).toBe('/payment-success');
    await waitForText(page, 'Payment confirmed successfully!');
    await auditScreen(page);

    await clickButton(page, 'View Appointments');
    await page.waitForSelector(cardSelector(booked.appointment_id));
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement)?.innerText.includes('Paid'), {}, cardSelector(booked.appointment_id));
    expect(await cardText(page, booked.appointment_id)).toContain('Confirmed');
    expect(await page.$(`[data-testid="pay-${booked.appointment_id}"]`)).toBeNull();

    await page.goto(`${BASE_URL}/dashboard/payments`, { waitUntil: 'networkidle0' });
    await waitForText(page, `#${booked.appointment_id}`);
    await auditScreen(page);
    const history = await call<{ payment_id: number; appointment_id: number; payment_status: string; method: string }[]>('GET', 'payments/history', token);
    const paid = history.body.find((p) => p.appointment_id === booked.appointment_id)!;
    expect(paid).toMatchObject({ payment_status: 'completed', method: 'card' });
    const card = await page.$eval(`[data-testid="payment-${paid.payment_id}"]`, (el) => (el as HTMLElement).innerText);
    expect(card).toMatch(/Completed/);
    expect(card).toContain('View Receipt');

    const receipt = await receiptInPage(page, paid.payment_id);
    expect(receipt.status).toBe(200);
    expect(receipt.type).toBe('application/pdf');
    expect(receipt.text.startsWith('%PDF-')).toBe(true);
    expect(receipt.text).toContain(`Ksh ${booked.total_amount.toLocaleString('en-KE', { minimumFractionDigits: 2 })}`);
  });

  it('M-Pesa: the push is approved on the phone, the dialog shows it live, the history shows the M-Pesa receipt', async () => {
    const booked = await bookSomething(token);
    await openPayDialog(booked.appointment_id);
    const submit = `::-p-xpath(//div[contains(@class,"ant-modal")]//button[starts-with(normalize-space(.), "Pay Ksh")])`;
    const phoneField = '.ant-modal input[inputmode="tel"]';
    // The field starts with the profile's phone (0712345678), in the local form.
    expect(await page.$eval(phoneField, (i) => (i as HTMLInputElement).value)).toBe('0712 345 678');
    await waitForOverlaysToSettle(page); // a click while the dialog still zooms open lands on its mask
    await page.click(phoneField, { count: 3 });
    await page.keyboard.press('Backspace');
    expect(await page.$eval(submit, (b) => (b as HTMLButtonElement).disabled)).toBe(true); // confirm disabled while the phone is empty
    await page.type(phoneField, '0712 345 678');
    await page.click(submit);
    // Both texts are read together: the sandbox approves the push 1.5 s after it is sent. The screen is audited once
    // the payment has settled (auditScreen below), never while its passing states are being checked.
    await page.waitForFunction(
      (sent, waiting) => document.body.innerText.includes(sent) && document.body.innerText.includes(waiting),
      { timeout: 15_000 },
      'STK Push sent! Check your phone to complete payment.',
      'Waiting for you to approve the payment on your phone',
    );
    await waitForText(page, 'Payment received. Your appointment is paid.', 20_000);
    await auditScreen(page);
    const status = await page.$eval('[data-testid="mpesa-status"]', (el) => (el as HTMLElement).innerText);
    const receiptNumber = /M-Pesa receipt (\w+)/.exec(status)?.[1];
    expect(receiptNumber).toBeTruthy();
    await page.keyboard.press('Escape');
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement)?.innerText.includes('Paid'), {}, cardSelector(booked.appointment_id));

    await page.goto(`${BASE_URL}/dashboard/payments`, { waitUntil: 'networkidle0' });
    await waitForText(page, receiptNumber!);
    await auditScreen(page);
    const history = await call<{ payment_id: number; appointment_id: number; payment_status: string; method: string; mpesa_receipt: string }[]>('GET', 'payments/history', token);
    const paid = history.body.find((p) => p.appointment_id === booked.appointment_id)!;
    expect(paid).toMatchObject({ payment_status: 'completed', method: 'mpesa', mpesa_receipt: receiptNumber });
    const receipt = await receiptInPage(page, paid.payment_id);
    expect(receipt.type).toBe('application/pdf');
    expect(receipt.text).toContain(`Ksh ${booked.total_amount.toLocaleString('en-KE', { minimumFractionDigits: 2 })}`);
  });

  it('M-Pesa cancelled on the phone: the reason and Try again; the appointment stays unpaid and payable', async () => {
    const booked = await bookSomething(token);
    await openPayDialog(booked.appointment_id);
    // The field starts with the profile's phone: replace it (fillByLabelOrPlaceholder waits for the dialog to settle).
    await fillByLabelOrPlaceholder(page, '.ant-modal input[inputmode="tel"]', '0712341032');
    expect(await page.$eval('.ant-modal input[inputmode="tel"]', (i) => (i as HTMLInputElement).value)).toBe('0712341032');
    await page.click(`::-p-xpath(//div[contains(@class,"ant-modal")]//button[starts-with(normalize-space(.), "Pay Ksh")])`);
    await waitForText(page, 'Waiting for you to approve the payment on your phone');
    await waitForText(page, 'The payment was cancelled on the phone.', 20_000);
    await auditScreen(page);
    await clickButton(page, 'Try again');
    await page.waitForSelector('.ant-modal input[inputmode="tel"]');
    await page.keyboard.press('Escape');
    await page.goto(`${BASE_URL}/dashboard/payments`, { waitUntil: 'networkidle0' });
    const history = await call<{ payment_id: number; appointment_id: number; payment_status: string; failure_reason: string }[]>('GET', 'payments/history', token);
    const failed = history.body.find((p) => p.appointment_id === booked.appointment_id)!;
    expect(failed).toMatchObject({ payment_status: 'failed', failure_reason: 'The payment was cancelled on the phone.' });
    const card = await page.$eval(`[data-testid="payment-${failed.payment_id}"]`, (el) => (el as HTMLElement).innerText);
    expect(card).toContain('Failed');
    expect(card).not.toContain('View Receipt');
    await page.goto(`${BASE_URL}/dashboard/appointments`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(`[data-testid="pay-${booked.appointment_id}"]`);
  });
});
