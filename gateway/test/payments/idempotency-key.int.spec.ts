import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PaymentModule } from '@afya/payment-service/src/payment.module';
import { KEY_INVALID, KEY_REUSED, KEY_RUNNING } from '../../src/common/calls/idempotency';
import { booking, createDoctor, openClinicDate, sql, type TestDoctor } from '../appointments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { type Sandboxes, startPaymentPlatform } from './support';

jest.setTimeout(60_000);

const SLOT_TAKEN = 'That time slot is no longer available. Please choose another.';
const FEE = 1200;

/**
 * Idempotency-Key on the booking and the payment starts (issue 35, decision 0099): a phone whose link dropped sends the
 * same request again with the same key and gets the first reply; nothing is booked, charged or pushed twice.
 */
describe('Idempotency-Key: a retried booking or payment start gets the first reply (real NATS + PostgreSQL, sandboxes)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let doctor: TestDoctor;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;
  let other: Awaited<ReturnType<typeof signUpAndIn>>;
  let day = 0;

  beforeAll(async () => {
    // The M-Pesa jobs never act here (as in payments.int.spec.ts): a push's follow-up must not outlive the test's platform.
    platform = await startPaymentPlatform({ auth: AuthModule, appointment: AppointmentModule, payment: PaymentModule }, { MPESA_RECONCILE_AFTER_MS: '600000', MPESA_STATUS_QUERY_AFTER_MS: '600000' });
    const admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { fee: FEE, available_days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] });
    patient = await signUpAndIn(platform, { firstname: 'Wanjiru', lastname: 'Kamau' });
    other = await signUpAndIn(platform, { firstname: 'Otieno', lastname: 'Ouma' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  /** A booking body on a day of its own (open all day), so tests never meet each other's slots. */
  const body = (overrides: Record<string, unknown> = {}) => booking(doctor.doctorId, { appointment_date: openClinicDate(2 + day++), time_slot: '09:00 AM', ...overrides });
  const book = (token: string, sent: unknown, key?: string) =>
    platform.api('POST', '/appointments', { token, body: sent, headers: key === undefined ? {} : { 'idempotency-key': key } });
  const countOn = async (date: string) => Number((await sql('appointment', `SELECT count(*) FROM appointments WHERE doctor_id = $1 AND appointment_date = $2`, [doctor.doctorId, date]))[0].count);

  it('the same booking sent twice with one key books once and answers the same reply both times', async () => {
    const sent = body();
    const first = await book(patient.token, sent, 'c1d9f0a2-4b1e-4a57-9d36-0d8e2f7f3a11');
    const again = await book(patient.token, sent, 'c1d9f0a2-4b1e-4a57-9d36-0d8e2f7f3a11');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await countOn(sent.appointment_date as string)).toBe(1);
  });

  it('another key for the same slot is a new request: the usual 409, nothing booked', async () => {
    const sent = body();
    expect((await book(patient.token, sent, 'key-a')).status).toBe(201);
    const second = await book(patient.token, sent, 'key-b');
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(SLOT_TAKEN);
    expect(await countOn(sent.appointment_date as string)).toBe(1);
  });

  it('without the header a booking behaves as it always has (a repeat meets the one-per-slot rule)', async () => {
    const sent = body();
    expect((await book(patient.token, sent)).status).toBe(201);
    expect((await book(patient.token, sent)).status).toBe(409);
  });

  it('the same key with a different request is a 422 and changes nothing', async () => {
    const first = body();
    expect((await book(patient.token, first, 'reused-key')).status).toBe(201);
    const changed = { ...first, time_slot: '10:00 AM' };
    const reply = await book(patient.token, changed, 'reused-key');
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ statusCode: 422, message: KEY_REUSED });
    expect(await countOn(first.appointment_date as string)).toBe(1);
  });

  it("one patient's key never answers another patient: each books (or meets the slot rule) as themself", async () => {
    const sent = body();
    const mine = await book(patient.token, sent, 'shared-looking-key');
    const theirs = await book(other.token, sent, 'shared-looking-key');
    expect(mine.status).toBe(201);
    // not the first patient's appointment replayed: the other patient's own request, refused by the slot rule
    expect(theirs.status).toBe(409);
    expect(theirs.body.message).toBe(SLOT_TAKEN);
  });

  it('a failed first attempt keeps nothing: the retry with the same key runs again', async () => {
    const taken = body();
    expect((await book(other.token, taken)).status).toBe(201);
    const refused = await book(patient.token, { ...taken }, 'retry-after-409');
    expect(refused.status).toBe(409);
    // the other patient cancels; the same request with the same key now books
    const [row] = await sql('appointment', `SELECT appointment_id FROM appointments WHERE doctor_id = $1 AND appointment_date = $2`, [doctor.doctorId, taken.appointment_date]);
    expect((await platform.api('PATCH', `/appointments/${row.appointment_id}/status`, { token: other.token, body: { status: 'Cancelled' } })).status).toBe(200);
    const retried = await book(patient.token, { ...taken }, 'retry-after-409');
    expect(retried.status).toBe(201);
    expect(retried.body.appointment.user_id).toBe(patient.user.user_id);
  });

  it('a request while the first with its key still runs is a 409 (the draft: retry later), and only one is booked', async () => {
    const sent = body();
    const replies = await Promise.all([book(patient.token, sent, 'racing-key'), book(patient.token, sent, 'racing-key')]);
    const statuses = replies.map((r) => r.status).sort();
    // either the second came after the first had finished (a replay, 201) or while it ran (409, this message)
    expect(statuses[0]).toBe(201);
    if (statuses[1] === 409) expect(replies.find((r) => r.status === 409)!.body.message).toBe(KEY_RUNNING);
    else expect(replies[1].body).toEqual(replies[0].body);
    expect(await countOn(sent.appointment_date as string)).toBe(1);
  });

  it.each([[''], ['has space'], ['x'.repeat(256)], ['ünïcode']])('a malformed key %j is a 400 naming the header, nothing booked', async (key) => {
    const sent = body();
    const reply = await book(patient.token, sent, key);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(KEY_INVALID);
    expect(await countOn(sent.appointment_date as string)).toBe(0);
  });

  it('the draft\'s quoted form ("…") names the same key as the bare one', async () => {
    const sent = body();
    const first = await book(patient.token, sent, '"quoted-key-1"');
    const again = await book(patient.token, sent, 'quoted-key-1');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  it('a card checkout retried with its key answers the same session; M-Pesa sends one push to the phone', async () => {
    const booked = (await book(patient.token, body(), 'pay-booking')).body.appointment;
    const card = () => platform.api('POST', '/payments/create', { token: patient.token, body: { appointment_id: booked.appointment_id, amount: FEE }, headers: { 'idempotency-key': 'card-1' } });
    const first = await card();
    const again = await card();
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(Number((await sql('payment', `SELECT count(*) FROM payments WHERE appointment_id = $1 AND method = 'card'`, [booked.appointment_id]))[0].count)).toBe(1);

    const pushesBefore = platform.sandboxes.daraja.pushes.size;
    const push = () =>
      platform.api('POST', '/mpesa/stkpush', { token: patient.token, body: { phone: '0712345678', amount: FEE, appointment_id: booked.appointment_id }, headers: { 'idempotency-key': 'mpesa-1' } });
    const sent = await push();
    const resent = await push();
    expect(sent.status).toBe(200);
    expect(resent.body).toEqual(sent.body);
    expect(platform.sandboxes.daraja.pushes.size).toBe(pushesBefore + 1);
  });

  it('/api/docs names the header on the booking and both payment starts, and nowhere else', async () => {
    const document = (await platform.api('GET', '/docs-json')).body;
    const withHeader = Object.entries(document.paths as Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withHeader.sort()).toEqual(['POST /api/appointments', 'POST /api/mpesa/stkpush', 'POST /api/payments/create']);
  });
});
