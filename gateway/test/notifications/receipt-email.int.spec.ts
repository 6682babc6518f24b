import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PaymentModule } from '@afya/payment-service/src/payment.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { bookAs, createDoctor, openClinicDate } from '../appointments/support';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

// The payment confirmation's email carries the receipt PDF, rendered by the payment service (the one renderer, the
// one GET /payments/:id/receipt serves), asked for over the bus by support and attached as it arrives in MailDev.
jest.setTimeout(120_000);

describe('the payment confirmation email carries the receipt (real NATS + PostgreSQL + Stripe sandbox + MailDev)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;

  beforeAll(async () => {
    inbox = await startMailInbox();
    platform = await startPaymentPlatform(
      { auth: AuthModule, appointment: AppointmentModule, payment: PaymentModule, support: SupportModule },
      { SMTP_URL: inbox.smtpUrl, MESSAGE_POLL_SECONDS: '1', PUBLIC_APP_URL: 'https://afya.test' },
    );
  });

  afterAll(async () => {
    await platform?.close();
    await inbox?.close();
  });

  it('a card payment: the email has the calendar file and the same receipt PDF GET /payments/:id/receipt serves', async () => {
    const admin = await createAdmin(platform);
    const doctor = await createDoctor(platform, admin.token, { fee: 1500 });
    const patient = await signUpAndIn(platform, { firstname: 'Wambui', lastname: 'Receipt' });
    const booked = await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '11:00 AM' });
    const emailTitled = (subject: string) =>
      eventually(async () => {
        const found = (await inbox.emails()).find((e) => e.to.some((t) => t.address === patient.details.email) && e.subject === subject);
        if (!found) throw new Error(`no "${subject}" email yet`);
        return found;
      }, 30_000);
    const calendarOf = async (email: Awaited<ReturnType<typeof emailTitled>>) => {
      const ics = email.attachments!.find((a) => a.filename === 'appointment.ics')!;
      return (await fetch(`${inbox.webUrl}/api/email/${email.id}/attachment/${ics.generatedFileName}`)).text();
    };
    // Issue 44: booked and not paid, the visit is tentative in the patient's calendar, for its own 25 minutes.
    const bookedIcs = await calendarOf(await emailTitled('Your appointment is booked'));
    expect(bookedIcs).toContain('STATUS:TENTATIVE');
    expect(bookedIcs).toContain('SEQUENCE:0');
    expect(bookedIcs).toContain('DURATION:PT25M');
    const created = await platform.api('POST', '/payments/create', { token: patient.token, body: { appointment_id: booked.appointment_id, amount: 1500 } });
    expect(created.status).toBe(200);
    await fetch(`${created.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    const confirmed = await platform.api('POST', '/payments/confirm', {
      token: patient.token,
      body: { appointment_id: booked.appointment_id, amount: 1500, transaction_id: created.body.session_id, payment_status: 'completed' },
    });
    expect(confirmed.status).toBe(200);

    const email = await eventually(async () => {
      const found = (await inbox.emails()).find((e) => e.to.some((t) => t.address === patient.details.email) && e.subject === 'Payment received for your appointment');
      if (!found) throw new Error('no payment email yet');
      return found;
    }, 30_000);
    const paymentId = created.body.payment_id as number;
    expect(email.attachments!.map((a) => [a.filename, a.contentType])).toEqual([
      ['appointment.ics', expect.stringContaining('text/calendar')],
      [`afya-receipt-${paymentId}.pdf`, 'application/pdf'],
    ]);
    // ...and the payment's email carries the update: the same event, confirmed, with the next SEQUENCE.
    const paidIcs = await calendarOf(email);
    expect(paidIcs).toContain(`UID:appointment-${booked.appointment_id}@afya.test`);
    expect(paidIcs).toContain('STATUS:CONFIRMED');
    expect(paidIcs).toContain('SEQUENCE:1');
    expect(paidIcs).toContain('DURATION:PT25M');
    const receipt = email.attachments!.find((a) => a.contentType === 'application/pdf')!;
    const attached = Buffer.from(await (await fetch(`${inbox.webUrl}/api/email/${email.id}/attachment/${receipt.generatedFileName}`)).arrayBuffer());
    expect(attached.subarray(0, 5).toString()).toBe('%PDF-');
    expect(attached.length).toBeGreaterThan(1000);
    const served = await platform.api('GET', `/payments/${paymentId}/receipt`, { token: patient.token });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toContain(`afya-receipt-${paymentId}.pdf`);
  });
});
