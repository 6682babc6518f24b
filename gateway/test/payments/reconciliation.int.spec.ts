import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PaymentModule } from '@afya/payment-service/src/payment.module';
import { eventually } from '@afya/service-shared/testing';
import { bookAs, createDoctor, openClinicDate, sql, TestDoctor } from '../appointments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { Sandboxes, startPaymentPlatform } from './support';

jest.setTimeout(60_000);

const FEE = 1500;

/**
 * The reconciliation job alone: pushes whose callbacks were lost and that nobody is watching (no status calls) are
 * settled by the job's STK queries once they are MPESA_RECONCILE_AFTER_MS old. Status calls never ask Daraja here.
 */
describe('M-Pesa reconciliation job (Daraja sandbox, real NATS + PostgreSQL)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let doctor: TestDoctor;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;

  beforeAll(async () => {
    platform = await startPaymentPlatform(
      { auth: AuthModule, appointment: AppointmentModule, payment: PaymentModule },
      { MPESA_RECONCILE_AFTER_MS: '1000', MPESA_RECONCILE_EVERY_MS: '300', MPESA_STATUS_QUERY_AFTER_MS: '600000' },
    );
    const admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { fee: FEE, available_days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] });
    patient = await signUpAndIn(platform, { firstname: 'Wairimu', lastname: 'Gitau' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  const payment = async (id: number) => (await sql('payment', `SELECT status, failure_reason FROM payments WHERE payment_id = $1`, [id]))[0];
  const receiptOf = async (id: number) => (await sql('payment', `SELECT mpesa_receipt FROM payments WHERE payment_id = $1`, [id]))[0].mpesa_receipt;

  it.each([
    ['completes an approved push', '0712 345 678', 'completed', null, true],
    ['fails a push cancelled on the phone, with the reason', '0712341032', 'failed', 'The payment was cancelled on the phone.', false],
  ])('%s whose callback was lost', async (_label, phone, expected, reason, paid) => {
    const booked = await bookAs(platform, patient.token, doctor.doctorId, { time_slot: phone.startsWith('0712 ') ? '09:00 AM' : '09:30 AM', appointment_date: openClinicDate(4) });
    platform.sandboxes.daraja.state.sendCallbacks = false;
    try {
      const sent = await platform.api('POST', '/mpesa/stkpush', { token: patient.token, body: { phone, amount: FEE, appointment_id: booked.appointment_id } });
      expect(sent.status).toBe(200);
      await eventually(async () => expect(await payment(sent.body.payment_id)).toEqual({ status: expected, failure_reason: reason }), 15_000);
      await eventually(async () => expect((await sql('appointment', `SELECT paid FROM appointments WHERE appointment_id = $1`, [booked.appointment_id]))[0].paid).toBe(paid), 10_000);
      // No callback named the receipt: a paid push gets it from M-Pesa (Transaction Status by its CheckoutRequestID).
      const pushed = platform.sandboxes.daraja.pushes.get(sent.body.checkout_request_id)!;
      if (paid) {
        await eventually(async () => expect(await receiptOf(sent.body.payment_id)).toBe(pushed.receipt), 10_000);
        expect(platform.sandboxes.daraja.state.statusQueries).toEqual(expect.arrayContaining([expect.objectContaining({ receipt: '', originalConversationId: pushed.checkoutRequestId })]));
      } else {
        expect(await receiptOf(sent.body.payment_id)).toBeNull();
      }
    } finally {
      platform.sandboxes.daraja.state.sendCallbacks = true;
    }
  });
});
