import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PaymentModule } from '@afya/payment-service/src/payment.module';
import { pdfText } from '@afya/service-shared';
import { eventually } from '@afya/service-shared/testing';
import { PAYMENT_MESSAGES } from '@afya/payment-service/contracts/catalog';
import { signPayload } from '../../../infra/sandboxes';
import { bookAs, createDoctor, openClinicDate, sql, TestDoctor } from '../appointments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { Sandboxes, startPaymentPlatform } from './support';

jest.setTimeout(60_000);

const FEE = 1500;
const CLINIC_APP_ORIGIN = 'https://clinic-app.example';

describe('payments through the gateway with the Stripe and Daraja sandboxes (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;
  let other: Awaited<ReturnType<typeof signUpAndIn>>;
  let slot = 0;
  const SLOTS = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM', '05:00 PM', '05:30 PM'];

  /** A fresh Pending appointment of `who` (a new slot each time; several days ahead). */
  const book = async (who = patient) => {
    const index = slot++;
    return bookAs<{ appointment_id: number; total_amount: number }>(platform, who.token, doctor.doctorId, {
      time_slot: SLOTS[index % SLOTS.length],
      appointment_date: openClinicDate(3 + Math.floor(index / SLOTS.length)),
    });
  };
  const appointment = async (id: number) => (await sql('appointment', `SELECT paid, appointment_status FROM appointments WHERE appointment_id = $1`, [id]))[0];
  const outboxCount = async (type: string, paymentId: number) =>
    Number((await sql('payment', `SELECT count(*) FROM outbox WHERE type = $1 AND (payload->'data'->>'payment_id')::int = $2`, [type, paymentId]))[0].count);
  const payment = async (id: number) => (await sql('payment', `SELECT status, failure_reason, mpesa_receipt, refund_reason FROM payments WHERE payment_id = $1`, [id]))[0];

  const postWebhook = (payload: string, signature?: string) =>
    platform.api('POST', '/payments/stripe/webhook', { body: payload, headers: signature ? { 'stripe-signature': signature } : {} });

  /** The browser on the sandbox's checkout page pressing Pay (form POST, redirect not followed). */
  const pressPay = async (url: string) => {
    const response = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    return response.headers.get('location');
  };

  const createCard = async (id: number, amount = FEE) => platform.api('POST', '/payments/create', { token: patient.token, body: { appointment_id: id, amount } });

  beforeAll(async () => {
    platform = await startPaymentPlatform(
      { auth: AuthModule, appointment: AppointmentModule, payment: PaymentModule },
      // The job never acts here (reconciliation.int.spec.ts has it): a lost callback settles only from the status call.
      {
        MPESA_RECONCILE_AFTER_MS: '600000',
        MPESA_STATUS_QUERY_AFTER_MS: '1000',
        MPESA_STATUS_QUERY_EVERY_MS: '500',
        // A client served from another site that may ask for payments and come back to itself.
        PAYMENT_RETURN_ORIGINS: CLINIC_APP_ORIGIN,
      },
    );
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { fee: FEE, available_days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] });
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    other = await signUpAndIn(platform, { firstname: 'Kamau', lastname: 'Njoroge' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('card (Stripe Checkout)', () => {
    it('pays once through the sandbox page and its signed webhook: success page confirms, appointment Confirmed and paid, receipt PDF', async () => {
      const booked = await book();
      const created = await createCard(booked.appointment_id);
      expect(created.status).toBe(200);
      expect(created.body.url).toContain(`/pay/${created.body.session_id}`);
      const session = platform.sandboxes.stripe.sessions.get(created.body.session_id)!;
      expect(session).toMatchObject({ amount_total: FEE * 100, currency: 'kes', client_reference_id: String(booked.appointment_id) });
      expect(session.metadata).toMatchObject({ appointment_id: String(booked.appointment_id), patient_id: String(patient.user.user_id) });

      const page = await (await fetch(created.body.url)).text();
      expect(page).toContain('Sandbox: no real money');
      const location = await pressPay(created.body.url);
      expect(location).toBe(`${platform.baseUrl}/payment-success?session_id=${created.body.session_id}&appointment_id=${booked.appointment_id}&amount=${FEE}`);

      const confirmed = await platform.api('POST', '/payments/confirm', {
        token: patient.token,
        body: { appointment_id: booked.appointment_id, amount: FEE, transaction_id: created.body.session_id, payment_status: 'completed' },
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ paid: true, message: 'Payment confirmed successfully!' });
      expect(await outboxCount('payment.completed.v1', created.body.payment_id)).toBe(1);
      await eventually(async () => expect(await appointment(booked.appointment_id)).toEqual({ paid: true, appointment_status: 'Confirmed' }), 10_000);

      const history = await platform.api('GET', '/payments/history', { token: patient.token });
      expect(history.headers.get('x-total-count')).toBe(String(history.body.length));
      expect(history.body[0]).toMatchObject({
        payment_id: created.body.payment_id,
        appointment_id: booked.appointment_id,
        transaction_id: created.body.session_id,
        amount: FEE,
        payment_status: 'completed',
        method: 'card',
        appointment: { doctor: { first_name: doctor.firstname, last_name: doctor.lastname } },
      });
      expect((await platform.api('GET', '/payments/history', { token: other.token })).body).toEqual([]);

      const receipt = await platform.api('GET', `/payments/${created.body.payment_id}/receipt`, { token: patient.token });
      expect(receipt.status).toBe(200);
      expect(receipt.headers.get('content-type')).toBe('application/pdf');
      expect((receipt.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      expect((receipt.body as Buffer).toString('latin1')).toMatch(/\/Title \(Afya receipt AFYA-\d{6}, Ksh 1,500\.00\)/);
      expect(pdfText(receipt.body as Buffer)).toContain('Payment receipt');
      // In the requester's language (Accept-Language travels to the payment service in the request context).
      const swahili = await platform.api('GET', `/payments/${created.body.payment_id}/receipt`, { token: patient.token, headers: { 'accept-language': 'sw-KE' } });
      expect(swahili.status).toBe(200);
      const swahiliText = pdfText(swahili.body as Buffer);
      expect(swahiliText).toContain('Risiti ya malipo');
      expect(swahiliText).toContain('Ksh 1,500.00');
      expect(swahiliText).not.toContain('Payment receipt');
      expect((await platform.api('GET', `/payments/${created.body.payment_id}/receipt`, { token: other.token })).status).toBe(404);

      // Paid now: a second payment is refused.
      expect((await createCard(booked.appointment_id)).status).toBe(409);
    });

    it('applies the same webhook event ×10 once; tampered body, stale timestamp and missing header are 400', async () => {
      const booked = await book();
      const created = await createCard(booked.appointment_id);
      const session = platform.sandboxes.stripe.sessions.get(created.body.session_id)!;
      platform.sandboxes.stripe.setWebhookUrl(null); // keep the event to ourselves
      try {
        await pressPay(created.body.url);
      } finally {
        platform.sandboxes.stripe.setWebhookUrl(`${platform.baseUrl}/api/payments/stripe/webhook`);
      }
      const event = platform.sandboxes.stripe.deliveries.filter((e) => e.type === 'checkout.session.completed' && e.data.object.id === session.id).at(-1)!;
      const payload = JSON.stringify(event);

      expect((await postWebhook(payload)).status).toBe(400);
      expect((await postWebhook(payload.replace(`"amount_total":${FEE * 100}`, '"amount_total":1'), signPayload(payload, platform.sandboxes.env.STRIPE_WEBHOOK_SECRET))).status).toBe(400);
      expect((await postWebhook(payload, signPayload(payload, platform.sandboxes.env.STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600))).status).toBe(400);
      expect((await postWebhook(payload, signPayload(payload, 'whsec_someone_else'))).status).toBe(400);
      expect((await payment(created.body.payment_id)).status).toBe('pending');

      const replies = await Promise.all(Array.from({ length: 10 }, () => postWebhook(payload, signPayload(payload, platform.sandboxes.env.STRIPE_WEBHOOK_SECRET))));
      expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect((await payment(created.body.payment_id)).status).toBe('completed');
      expect(await outboxCount('payment.completed.v1', created.body.payment_id)).toBe(1);
      const rows = await sql('payment', `SELECT count(*)::int AS n FROM payments WHERE appointment_id = $1 AND status = 'completed'`, [booked.appointment_id]);
      expect(rows[0].n).toBe(1);
    });

    it('an unpaid or made-up session is not paid, whatever the client says', async () => {
      const booked = await book();
      const created = await createCard(booked.appointment_id);
      const unpaid = await platform.api('POST', '/payments/confirm', {
        token: patient.token,
        body: { appointment_id: booked.appointment_id, amount: FEE, transaction_id: created.body.session_id, payment_status: 'completed' },
      });
      expect(unpaid.status).toBe(200);
      expect(unpaid.body.paid).toBe(false);
      expect((await payment(created.body.payment_id)).status).toBe('pending');
      // Paying again within the hour goes back to the session Stripe still has open: no second pending attempt.
      const again = await createCard(booked.appointment_id);
      expect(again.body).toEqual(created.body);
      const madeUp = await platform.api('POST', '/payments/confirm', {
        token: patient.token,
        body: { appointment_id: booked.appointment_id, amount: FEE, transaction_id: 'cs_test_made_up', payment_status: 'completed' },
      });
      expect(madeUp.status).toBe(404);
      expect(await appointment(booked.appointment_id)).toEqual({ paid: false, appointment_status: 'Pending' });
    });

    it('a signed event for a different amount is flagged as a dispute and not paid', async () => {
      const booked = await book();
      const created = await createCard(booked.appointment_id);
      const session = { ...platform.sandboxes.stripe.sessions.get(created.body.session_id)!, payment_status: 'paid', status: 'complete', amount_total: 100 };
      const payload = JSON.stringify({ id: `evt_mismatch_${created.body.payment_id}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: session } });
      expect((await postWebhook(payload, signPayload(payload, platform.sandboxes.env.STRIPE_WEBHOOK_SECRET))).status).toBe(200);
      expect((await payment(created.body.payment_id)).status).toBe('failed');
      const disputes = await platform.api('GET', '/admin/payments/disputes', { token: admin.token });
      expect(disputes.body.disputes).toEqual(expect.arrayContaining([expect.objectContaining({ payment_id: created.body.payment_id, source: 'amount_mismatch' })]));
      expect(await outboxCount('payment.disputed.v1', created.body.payment_id)).toBe(1);
      expect(await appointment(booked.appointment_id)).toEqual({ paid: false, appointment_status: 'Pending' });
    });

    it("returns to the request's Origin when it is allowed, else to the platform", async () => {
      const fromClinic = await book();
      const created = await platform.api('POST', '/payments/create', {
        token: patient.token,
        headers: { origin: CLINIC_APP_ORIGIN },
        body: { appointment_id: fromClinic.appointment_id, amount: FEE },
      });
      expect(created.status).toBe(200);
      const session = platform.sandboxes.stripe.sessions.get(created.body.session_id)!;
      expect(session.success_url).toBe(`${CLINIC_APP_ORIGIN}/payment-success?session_id={CHECKOUT_SESSION_ID}&appointment_id=${fromClinic.appointment_id}&amount=${FEE}`);
      expect(session.cancel_url).toBe(`${CLINIC_APP_ORIGIN}/payment-cancel?appointment_id=${fromClinic.appointment_id}`);
      // Asked again from the platform itself: a new session that comes back to the platform, not the other site.
      const again = await createCard(fromClinic.appointment_id);
      expect((platform.sandboxes.stripe.sessions.get(again.body.session_id)!.success_url as string).startsWith(`${platform.baseUrl}/payment-success?`)).toBe(true);

      const fromElsewhere = await book();
      const refused = await platform.api('POST', '/payments/create', {
        token: patient.token,
        headers: { origin: 'https://phishing.example' },
        body: { appointment_id: fromElsewhere.appointment_id, amount: FEE },
      });
      expect(refused.status).toBe(200);
      expect((platform.sandboxes.stripe.sessions.get(refused.body.session_id)!.success_url as string).startsWith(`${platform.baseUrl}/payment-success?`)).toBe(true);
    });

    it("charges the appointment's amount when the request's differs and says so; refuses another patient’s appointment (404) and non-patients (403)", async () => {
      const booked = await book();
      const differing = await createCard(booked.appointment_id, FEE + 1);
      expect(differing.status).toBe(200);
      expect(differing.body).toMatchObject({ amount: FEE, requested_amount: FEE + 1 });
      // Stripe's page shows what is charged: the appointment's amount.
      expect(platform.sandboxes.stripe.sessions.get(differing.body.session_id)).toMatchObject({ amount_total: FEE * 100 });
      const same = await createCard(booked.appointment_id, FEE);
      expect(same.body.amount).toBe(FEE);
      expect(same.body).not.toHaveProperty('requested_amount');
      expect(await sql('payment', `SELECT amount::float8 AS amount FROM payments WHERE appointment_id = $1`, [booked.appointment_id])).toEqual([{ amount: FEE }]);
      const theirs = await platform.api('POST', '/payments/create', { token: other.token, body: { appointment_id: booked.appointment_id, amount: FEE } });
      expect(theirs.status).toBe(404);
      expect((await platform.api('POST', '/payments/create', { token: admin.token, body: { appointment_id: booked.appointment_id, amount: FEE } })).status).toBe(403);
      expect((await platform.api('POST', '/payments/create', { body: { appointment_id: booked.appointment_id, amount: FEE } })).status).toBe(401);
    });

    it('admin refund goes through Stripe; the appointment is unpaid again', async () => {
      const booked = await book();
      const created = await createCard(booked.appointment_id);
      await pressPay(created.body.url);
      await eventually(async () => expect((await payment(created.body.payment_id)).status).toBe('completed'), 10_000);
      expect((await platform.api('POST', `/admin/payments/${created.body.payment_id}/refund`, { token: patient.token, body: { reason: 'x' } })).status).toBe(403);
      expect((await platform.api('POST', `/admin/payments/${created.body.payment_id}/refund`, { token: admin.token, body: { reason: ' ' } })).status).toBe(400);
      // A declared call (PaymentCalls.refund): a bad id is refused first and alone, with the body of a controller route's id.
      const receiptRefusal = (await platform.api('GET', '/payments/0x39/receipt', { token: admin.token })).body;
      expect(receiptRefusal).toEqual({ statusCode: 400, message: 'Invalid id', errors: ['Invalid id'] });
      for (const id of ['0x39', '2147483648', '1e3', '-1', '%207']) {
        const refused = await platform.api('POST', `/admin/payments/${id}/refund`, { token: admin.token, body: {} });
        expect([id, refused.status, refused.body]).toEqual([id, 400, receiptRefusal]);
      }
      const refunded = await platform.api('POST', `/admin/payments/${created.body.payment_id}/refund`, { token: admin.token, body: { reason: 'Doctor unavailable' } });
      expect(refunded.status).toBe(200);
      expect(refunded.body.payment).toMatchObject({ payment_status: 'refunded', refund_reason: 'Doctor unavailable' });
      expect((await platform.api('POST', `/admin/payments/${created.body.payment_id}/refund`, { token: admin.token, body: { reason: 'again' } })).status).toBe(409);
      await eventually(async () => expect((await appointment(booked.appointment_id)).paid).toBe(false), 10_000);
      // Stripe's charge.refunded webhook for the same refund changes nothing more.
      await eventually(async () => expect(platform.sandboxes.stripe.deliveries.some((e) => e.type === 'charge.refunded' && e.data.object.payment_intent)).toBe(true), 5000);
      expect(await outboxCount('payment.refunded.v1', created.body.payment_id)).toBe(1);
    });

    it("a patient's cancellation of a paid appointment at least 24 h ahead refunds it automatically", async () => {
      const booked = await book();
      const created = await createCard(booked.appointment_id);
      await pressPay(created.body.url);
      await eventually(async () => expect((await appointment(booked.appointment_id)).paid).toBe(true), 10_000);
      const cancelled = await platform.api('PATCH', `/appointments/${booked.appointment_id}/status`, { token: patient.token, body: { status: 'Cancelled' } });
      expect(cancelled.status).toBe(200);
      await eventually(async () => expect(await payment(created.body.payment_id)).toMatchObject({ status: 'refunded', refund_reason: expect.stringContaining('24 hours') }), 10_000);
      // The reason is the server's own text: in the patient's language, as every server message is.
      const history = async (headers?: Record<string, string>) =>
        ((await platform.api('GET', '/payments/history', { token: patient.token, headers })).body as Array<{ payment_id: number; refund_reason: string | null }>).find(
          (p) => p.payment_id === created.body.payment_id,
        )?.refund_reason;
      expect(await history()).toBe('Appointment cancelled at least 24 hours ahead: refunded automatically');
      expect(await history({ 'accept-language': 'sw' })).toBe('Miadi ilighairiwa angalau saa 24 kabla: malipo yamerejeshwa kiotomatiki');
    });
    it("the doctor's cancellation refunds in full even inside 24 h; a patient's late one keeps the payment", async () => {
      // Two paid visits moved to early today in the clinic's time zone (past or hours away: inside the 24-hour notice either
      // way, whatever the hour the suite runs), written as the booking would have.
      const paidToday = async (time: '08:00' | '08:30') => {
        const booked = await book();
        const created = await createCard(booked.appointment_id);
        await pressPay(created.body.url);
        await eventually(async () => expect((await appointment(booked.appointment_id)).paid).toBe(true), 10_000);
        await sql(
          'appointment',
          `UPDATE appointments SET appointment_date = (now() AT TIME ZONE 'Africa/Nairobi')::date,
                  starts_at = ((now() AT TIME ZONE 'Africa/Nairobi')::date + $2::time) AT TIME ZONE 'Africa/Nairobi', time_slot = $3
            WHERE appointment_id = $1`,
          [booked.appointment_id, time, `${time} AM`],
        );
        return { appointmentId: booked.appointment_id, paymentId: created.body.payment_id as number };
      };
      const byDoctor = await paidToday('08:00'); // before the clinic opens: no booking of the suite's own holds it
      const byPatient = await paidToday('08:30');
      expect((await platform.api('PATCH', `/appointments/${byDoctor.appointmentId}/status`, { token: doctor.token, body: { status: 'Cancelled' } })).status).toBe(200);
      // the patient's own late cancellation is refused by the notice rule; an admin cancels it for them
      expect((await platform.api('PATCH', `/appointments/${byPatient.appointmentId}/status`, { token: patient.token, body: { status: 'Cancelled' } })).status).toBe(400);
      expect((await platform.api('PATCH', `/appointments/${byPatient.appointmentId}/status`, { token: admin.token, body: { status: 'Cancelled' } })).status).toBe(200);
      await eventually(
        async () => expect(await payment(byDoctor.paymentId)).toMatchObject({ status: 'refunded', refund_reason: 'Appointment cancelled because the clinic changed or could not keep it: refunded in full' }),
        10_000,
      );
      await eventually(async () => expect((await sql('payment', `SELECT status FROM appointment_states WHERE appointment_id = $1`, [byPatient.appointmentId]))[0]?.status).toBe('Cancelled'), 10_000);
      expect((await payment(byPatient.paymentId)).status).toBe('completed');
    });
    it('a payment arriving for an appointment cancelled meanwhile, and a Stripe dispute, are flagged for the admin', async () => {
      const booked = await book();
      const created = await createCard(booked.appointment_id);
      expect((await platform.api('PATCH', `/appointments/${booked.appointment_id}/status`, { token: patient.token, body: { status: 'Cancelled' } })).status).toBe(200);
      await eventually(async () => expect((await sql('payment', `SELECT status FROM appointment_states WHERE appointment_id = $1`, [booked.appointment_id]))[0]?.status).toBe('Cancelled'), 10_000);
      await pressPay(created.body.url);
      await eventually(async () => expect((await payment(created.body.payment_id)).status).toBe('completed'), 10_000);
      const dispute = await fetch(`${platform.sandboxes.stripe.url}/sandbox/sessions/${created.body.session_id}/dispute`, { method: 'POST' });
      expect(dispute.status).toBe(200);
      await eventually(async () => {
        const list = await platform.api('GET', '/admin/payments/disputes', { token: admin.token });
        const mine = list.body.disputes.filter((d: { payment_id: number }) => d.payment_id === created.body.payment_id).map((d: { source: string }) => d.source);
        expect(mine.sort()).toEqual(['cancelled_appointment', 'stripe']);
      }, 10_000);
      expect((await platform.api('GET', '/admin/payments/disputes', { token: patient.token })).status).toBe(403);
    });
  });

  describe('M-Pesa (Daraja STK push)', () => {
    const push = (id: number, phone: string, token = patient.token) =>
      platform.api('POST', '/mpesa/stkpush', { token, body: { phone, amount: FEE, appointment_id: id } });
    const status = (checkout: string) => platform.api('GET', `/mpesa/status/${checkout}`, { token: patient.token });
    const callbackUrl = (token: string) => `/mpesa/callback/${token}`;

    it('refuses a malformed CheckoutRequestID as before: 400, the message alone', async () => {
      for (const checkout of ['a.b', 'x'.repeat(65), '%20ws_CO_1']) {
        const refused = await status(checkout);
        expect([checkout, refused.status, refused.body]).toEqual([checkout, 400, { statusCode: 400, message: 'Invalid CheckoutRequestID' }]);
      }
    });

    it("prompts for the appointment's amount when the request's differs, and says which amount", async () => {
      const booked = await book();
      const sent = await platform.api('POST', '/mpesa/stkpush', { token: patient.token, body: { phone: '0712345678', amount: 10, appointment_id: booked.appointment_id } });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ amount: FEE, requested_amount: 10, message: 'STK Push sent! Check your phone to complete payment.' });
      expect(platform.sandboxes.daraja.pushes.get(sent.body.checkout_request_id)).toMatchObject({ amount: FEE });
    });

    it('refuses numbers that are not Safaricom mobile numbers', async () => {
      const booked = await book();
      for (const phone of ['0812345678', '071234567', '+25571234567', 'abc', '']) {
        const response = await push(booked.appointment_id, phone);
        expect(response).toMatchObject({ status: 400, body: { message: 'Enter a valid Safaricom number, e.g. 0712 345 678' } });
      }
      // Kenyan mobiles on other networks (Airtel 0733…, 010x; Telkom 077x): refused with the reason, nothing pushed.
      const pushesBefore = platform.sandboxes.daraja.pushes.size;
      for (const phone of ['0733 123 456', '+254100123456', '0771123456']) {
        const response = await push(booked.appointment_id, phone);
        expect(response).toMatchObject({ status: 400, body: { message: PAYMENT_MESSAGES.notSafaricom } });
      }
      expect(platform.sandboxes.daraja.pushes.size).toBe(pushesBefore);
      expect(await sql('payment', `SELECT 1 FROM payments WHERE appointment_id = $1`, [booked.appointment_id])).toHaveLength(0);
    });

    it('a push approved on the phone completes after the callback is confirmed by an STK query; a duplicate callback changes nothing', async () => {
      const booked = await book();
      const sent = await push(booked.appointment_id, '0712 345 678');
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ message: 'STK Push sent! Check your phone to complete payment.', checkout_request_id: expect.stringMatching(/^ws_CO_/) });
      const pushed = platform.sandboxes.daraja.pushes.get(sent.body.checkout_request_id)!;
      expect(pushed).toMatchObject({ phone: '254712345678', amount: FEE });
      expect((await status(sent.body.checkout_request_id)).body.status).toBe('pending');
      await eventually(async () => expect((await status(sent.body.checkout_request_id)).body).toMatchObject({ status: 'completed', mpesa_receipt: pushed.receipt }), 10_000);
      await eventually(async () => expect(await appointment(booked.appointment_id)).toEqual({ paid: true, appointment_status: 'Confirmed' }), 10_000);

      const replay = {
        Body: {
          stkCallback: {
            MerchantRequestID: pushed.merchantRequestId,
            CheckoutRequestID: pushed.checkoutRequestId,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: { Item: [{ Name: 'Amount', Value: FEE }, { Name: 'MpesaReceiptNumber', Value: 'OTHER123' }] },
          },
        },
      };
      const again = await platform.api('POST', callbackUrl(platform.sandboxes.env.MPESA_CALLBACK_TOKEN), { body: replay });
      expect(again).toMatchObject({ status: 200, body: { ResultCode: 0 } });
      expect((await payment(sent.body.payment_id)).mpesa_receipt).toBe(pushed.receipt);
      expect(await outboxCount('payment.completed.v1', sent.body.payment_id)).toBe(1);
      expect((await platform.api('GET', `/mpesa/status/${sent.body.checkout_request_id}`, { token: other.token })).status).toBe(404);
    });

    it.each([
      ['254712341032', 'The payment was cancelled on the phone.'],
      ['0712341037', 'The phone could not be reached in time (no response). Please try again.'],
      ['+254712342001', 'The M-Pesa PIN entered was wrong.'],
    ])('%s fails with a readable reason and leaves the appointment unpaid', async (phone, reason) => {
      const booked = await book();
      const sent = await push(booked.appointment_id, phone);
      expect(sent.status).toBe(200);
      await eventually(async () => expect((await status(sent.body.checkout_request_id)).body).toMatchObject({ status: 'failed', reason }), 10_000);
      expect(await outboxCount('payment.failed.v1', sent.body.payment_id)).toBe(1);
      expect(await appointment(booked.appointment_id)).toEqual({ paid: false, appointment_status: 'Pending' });
    });

    it('unknown CheckoutRequestID: 200 and nothing changes; a wrong token: 404', async () => {
      const body = { Body: { stkCallback: { MerchantRequestID: '1-2-3', CheckoutRequestID: 'ws_CO_unknown', ResultCode: 0, ResultDesc: 'ok', CallbackMetadata: { Item: [{ Name: 'Amount', Value: FEE }] } } } };
      const before = (await sql('payment', `SELECT count(*)::int AS n FROM outbox`))[0].n;
      expect((await platform.api('POST', callbackUrl(platform.sandboxes.env.MPESA_CALLBACK_TOKEN), { body })).status).toBe(200);
      expect((await sql('payment', `SELECT count(*)::int AS n FROM outbox`))[0].n).toBe(before);
      expect((await platform.api('POST', callbackUrl('not-the-token'), { body })).status).toBe(404);
    });

    it('a callback reporting a different amount is flagged and not paid', async () => {
      const booked = await book();
      platform.sandboxes.daraja.state.sendCallbacks = false;
      let sent;
      try {
        sent = await push(booked.appointment_id, '0722000111');
      } finally {
        platform.sandboxes.daraja.state.sendCallbacks = true;
      }
      const pushed = platform.sandboxes.daraja.pushes.get(sent.body.checkout_request_id)!;
      const body = { Body: { stkCallback: { MerchantRequestID: pushed.merchantRequestId, CheckoutRequestID: pushed.checkoutRequestId, ResultCode: 0, ResultDesc: 'ok', CallbackMetadata: { Item: [{ Name: 'Amount', Value: 1 }, { Name: 'MpesaReceiptNumber', Value: 'SBXLOW1' }] } } } };
      expect((await platform.api('POST', callbackUrl(platform.sandboxes.env.MPESA_CALLBACK_TOKEN), { body })).status).toBe(200);
      expect((await payment(sent.body.payment_id)).status).toBe('failed');
      expect(await outboxCount('payment.disputed.v1', sent.body.payment_id)).toBe(1);
    });

    it('a watched push whose cancellation callback was lost: the status call asks Daraja and gives the reason', async () => {
      const booked = await book();
      platform.sandboxes.daraja.state.sendCallbacks = false;
      try {
        const sent = await push(booked.appointment_id, '0712341032');
        expect((await status(sent.body.checkout_request_id)).body.status).toBe('pending');
        await eventually(
          async () => expect((await status(sent.body.checkout_request_id)).body).toMatchObject({ status: 'failed', reason: 'The payment was cancelled on the phone.' }),
          10_000,
        );
        expect(await appointment(booked.appointment_id)).toEqual({ paid: false, appointment_status: 'Pending' });
      } finally {
        platform.sandboxes.daraja.state.sendCallbacks = true;
      }
    });

    it('a watched push whose callback was lost completes from the status call', async () => {
      const booked = await book();
      platform.sandboxes.daraja.state.sendCallbacks = false;
      try {
        const sent = await push(booked.appointment_id, '0110 123 456');
        expect(platform.sandboxes.daraja.pushes.get(sent.body.checkout_request_id)!.phone).toBe('254110123456');
        // The booking screen keeps asking for the status: once the callback is overdue the answer comes from an STK query.
        // Its receipt number too: no callback named it, so M-Pesa is asked (Transaction Status) and the dialog waits for it.
        const pushed = platform.sandboxes.daraja.pushes.get(sent.body.checkout_request_id)!;
        await eventually(async () => expect((await status(sent.body.checkout_request_id)).body).toMatchObject({ status: 'completed', mpesa_receipt: pushed.receipt }), 15_000);
        expect((await payment(sent.body.payment_id)).mpesa_receipt).toBe(pushed.receipt);
        await eventually(async () => expect((await appointment(booked.appointment_id)).paid).toBe(true), 10_000);
      } finally {
        platform.sandboxes.daraja.state.sendCallbacks = true;
      }
    });

    it('admin refund of an M-Pesa payment marks it refunded with the reason (manual B2C payout)', async () => {
      const booked = await book();
      const sent = await push(booked.appointment_id, '0712 555 666');
      await eventually(async () => expect((await payment(sent.body.payment_id)).status).toBe('completed'), 10_000);
      const refunded = await platform.api('POST', `/admin/payments/${sent.body.payment_id}/refund`, { token: admin.token, body: { reason: 'Patient travelled' } });
      expect(refunded.body.payment).toMatchObject({ payment_status: 'refunded', method: 'mpesa', refund_reason: 'Patient travelled' });
      const all = await platform.api('GET', '/payments/history', { token: admin.token });
      expect(all.body.find((p: { payment_id: number }) => p.payment_id === sent.body.payment_id)).toMatchObject({ patient_name: 'Achieng Odhiambo', method: 'mpesa' });
    });
  });
});
