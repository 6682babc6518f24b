import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PaymentModule } from '@afya/payment-service/src/payment.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import type { UssdSimulatorSession } from '../../../infra/sandboxes';
import { USSD_TEXTS } from '../../src/modules/ussd/ussd-texts';
import { createDoctor, sql, type TestDoctor } from '../appointments/support';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

jest.setTimeout(120_000);

const FEE = 1500;
const PIN = '4071';

/**
 * Issue 42, end to end: a feature phone in the USSD simulator (infra/sandboxes/ussd-simulator.js, driven through its
 * HTTP API as a tester's page drives it) → the gateway's Africa's Talking callback → auth, appointment, payment and
 * support over the bus, with M-Pesa (Daraja sandbox) and SMS (Africa's Talking sandbox) for real.
 */
describe('booking, checking and cancelling by USSD through the simulator', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let doctor: TestDoctor;

  /** The simulator's HTTP API: dial from a phone, then press keys; each answer is the session as the phone shows it. */
  const simulator = async (path: string, body: unknown): Promise<{ status: number; session: UssdSimulatorSession }> => {
    const response = await fetch(`${platform.sandboxes.ussd.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, session: (await response.json()) as UssdSimulatorSession };
  };
  const dial = async (phoneNumber: string) => (await simulator('/api/sessions', { phoneNumber })).session;
  const press = async (session: UssdSimulatorSession, key: string) => (await simulator(`/api/sessions/${session.sessionId}/keys`, { key })).session;
  /** Dials and presses each key in turn; the session after the last. */
  const keyIn = async (phone: string, ...keys: string[]) => {
    let session = await dial(phone);
    for (const key of keys) session = await press(session, key);
    return session;
  };
  /** The number a list screen gives its first entry (the lines after the title). */
  const firstChoice = (screen: string) => /\n(\d+) /.exec(screen)![1];
  const international = (phone: string) => `+254${phone.replace(/\D/g, '').slice(-9)}`;
  const patientWithPin = async (phone: string) => {
    const patient = await signUpAndIn(platform, { contact_phone: phone });
    expect((await platform.api('PUT', '/user/ussd-pin', { token: patient.token, body: { pin: PIN } })).status).toBe(200);
    return patient;
  };

  beforeAll(async () => {
    platform = await startPaymentPlatform({ auth: AuthModule, appointment: AppointmentModule, payment: PaymentModule, support: SupportModule }, { MESSAGE_POLL_SECONDS: '1' });
    const admin = await createAdmin(platform);
    const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    doctor = await createDoctor(platform, admin.token, { fee: FEE, specialization: 'Dermatology', available_days: everyDay, firstname: 'Amina', lastname: 'Wanjiku' });
  });

  afterAll(() => platform?.close());

  it('the PIN is set on the profile: four digits, not a guessable one, never shown back', async () => {
    const patient = await signUpAndIn(platform, { contact_phone: '0712 420 010' });
    expect((await platform.api('GET', '/user/ussd-pin', { token: patient.token })).body).toEqual({ pin_set: false, locked_until: null });
    expect(await platform.api('PUT', '/user/ussd-pin', { token: patient.token, body: { pin: '1234' } })).toMatchObject({ status: 400, body: { message: expect.stringContaining('not one digit repeated') } });
    expect(await platform.api('PUT', '/user/ussd-pin', { token: patient.token, body: { pin: '12a4' } })).toMatchObject({ status: 400 });
    expect(await platform.api('PUT', '/user/ussd-pin', { token: patient.token, body: { pin: PIN } })).toMatchObject({ status: 200, body: { pin_set: true, message: 'USSD PIN saved.' } });
    const [row] = await sql('auth', `SELECT ussd_pin_hash FROM users WHERE user_id = $1`, [patient.user.user_id]);
    expect(row.ussd_pin_hash).toMatch(/^\$argon2id\$/);
    expect((await platform.api('GET', '/user/ussd-pin', { token: patient.token })).body).toEqual({ pin_set: true, locked_until: null });
  });

  it('an unknown phone ends politely; a patient without a PIN is told where to set one', async () => {
    expect(await dial('0799 420 999')).toMatchObject({ ended: true, screen: USSD_TEXTS.en.unknownPhone });
    await signUpAndIn(platform, { contact_phone: '0712 420 020' });
    expect(await dial('0712 420 020')).toMatchObject({ ended: true, screen: USSD_TEXTS.en.noPin });
  });

  it('books and pays by M-Pesa from the phone: the visit appears in the web app, paid, with its confirmation SMS; then it is cancelled by USSD and refunded', async () => {
    const phone = '0712 420 030';
    const patient = await patientWithPin(phone);

    let session = await dial(phone);
    expect(session).toMatchObject({ ended: false, screen: expect.stringContaining('Enter your 4-digit USSD PIN') });
    session = await press(session, PIN);
    expect(session.screen).toBe(USSD_TEXTS.en.mainMenu);
    session = await press(session, '1');
    expect(session.screen).toBe('Choose a specialty:\n1 Dermatology');
    session = await press(session, '1');
    expect(session.screen).toBe('Choose a doctor:\n1 Amina Wanjiku Ksh 1,500');
    session = await press(session, '1');
    expect(session.screen).toMatch(/^Choose a day:\n1 \w{3} \d+ \w{3}\n2 /);
    // the second day listed is at least the day after tomorrow: more than 24 hours ahead, so it may be cancelled below
    session = await press(session, '2');
    expect(session.screen).toMatch(/^Free times /);
    session = await press(session, firstChoice(session.screen));
    expect(session.screen).toMatch(/^Dr Amina Wanjiku\n.+\nFor: Me\nFee: Ksh 1,500, paid by M-Pesa from this phone\.\n1 Confirm\n2 Cancel$/);
    expect(await platform.api('GET', '/appointments', { token: patient.token })).toMatchObject({ status: 200, body: [] }); // nothing before confirm
    session = await press(session, '1');
    expect(session).toMatchObject({ ended: true, screen: expect.stringContaining('Enter your M-Pesa PIN on the prompt to pay Ksh 1,500') });
    expect(session.steps.every((step) => step.status === 200)).toBe(true);

    // the web app's list of the patient's appointments has it, and M-Pesa's callback makes it paid and Confirmed
    const [visit] = (await platform.api('GET', '/appointments', { token: patient.token })).body;
    expect(visit).toMatchObject({ doctor_id: doctor.doctorId, total_amount: FEE, appointment_type: 'Consultation', notes: 'Booked by phone (USSD).' });
    const push = [...platform.sandboxes.daraja.pushes.values()].find((p) => p.phone === international(phone).slice(1));
    expect(push).toMatchObject({ amount: FEE });
    await eventually(async () => {
      const [now] = (await platform.api('GET', '/appointments', { token: patient.token })).body;
      expect(now).toMatchObject({ paid: true, appointment_status: 'Confirmed' });
    }, 15_000);
    await eventually(() => expect(platform.sandboxes.sms.messages.some((m) => m.to === international(phone) && m.message.includes('Amina Wanjiku'))).toBe(true), 15_000);

    // My appointments: the visit, then cancel it (more than 24 hours ahead: allowed, and the fee paid is refunded)
    session = await keyIn(phone, PIN, '2');
    expect(session.screen).toMatch(/^Your next visits:\n1 \w{3} \d+ \w{3} \d\d:\d\d [AP]M Dr Amina Wanjiku$/);
    session = await press(session, '1');
    expect(session.screen).toContain('The fee paid is refunded.\n1 Yes, cancel\n2 No');
    session = await press(session, '1');
    expect(session).toMatchObject({ ended: true, screen: USSD_TEXTS.en.cancelled });
    const [cancelled] = (await platform.api('GET', '/appointments', { token: patient.token })).body;
    expect(cancelled.appointment_status).toBe('Cancelled');
    await eventually(async () => {
      const [payment] = await sql('payment', `SELECT status FROM payments WHERE appointment_id = $1`, [visit.appointment_id]);
      expect(payment.status).toBe('refunded');
    }, 15_000);
    expect(await keyIn(phone, PIN, '2')).toMatchObject({ ended: true, screen: USSD_TEXTS.en.noAppointments });
  });

  it("a carer chooses who the visit is for: booked for their child, in the child's appointments", async () => {
    const phone = '0712 420 070';
    const carer = await patientWithPin(phone);
    const added = await platform.api('POST', '/family/dependants', { token: carer.token, body: { full_name: 'Baraka Otieno', date_of_birth: '2019-04-02', relationship: 'mother', consent: true } });
    expect(added.status).toBe(201);
    let session = await keyIn(phone, PIN, '1');
    expect(session.screen).toBe('Who is this visit for?\n1 Me\n2 Baraka Otieno');
    session = await press(session, '2');
    for (const key of ['1', '1', '3']) session = await press(session, key);
    session = await press(session, firstChoice(session.screen));
    expect(session.screen).toContain('For: Baraka Otieno');
    session = await press(session, '1');
    // booked; not paid by USSD: the payment service takes a payment only from the visit's own patient (see the report)
    expect(session).toMatchObject({ ended: true, screen: expect.stringContaining('Pay at reception') });
    const theirs = await platform.api('GET', `/family/members/${added.body.member.member_id}/appointments`, { token: carer.token });
    expect(theirs.body).toEqual([expect.objectContaining({ doctor_id: doctor.doctorId, user_id: added.body.member.member_id })]);
    expect((await platform.api('GET', '/appointments', { token: carer.token })).body).toEqual([]);
  });

  it('three wrong PINs lock USSD for 15 minutes and SMS the patient; USSD ends on dialling until then, or until a new PIN', async () => {
    const phone = '0712 420 040';
    const patient = await patientWithPin(phone);
    expect(await keyIn(phone, '1111')).toMatchObject({ ended: true, screen: expect.stringContaining('2 tries left') });
    expect(await keyIn(phone, '2222')).toMatchObject({ ended: true, screen: expect.stringContaining('1 try left') });
    expect(platform.sandboxes.sms.messages.filter((m) => m.to === international(phone))).toEqual([]);
    expect(await keyIn(phone, '3333')).toMatchObject({ ended: true, screen: USSD_TEXTS.en.lockedNow(15) });
    // the SMS was handed to the provider before the phone's screen said so
    expect(platform.sandboxes.sms.messages.filter((m) => m.to === international(phone)).map((m) => m.message)).toEqual([expect.stringContaining('USSD is locked for 15 minutes')]);
    // locked: the session ends on dialling, before any PIN is asked
    expect(await dial(phone)).toMatchObject({ ended: true, screen: expect.stringContaining('USSD is locked after 3 wrong PINs') });
    const status = (await platform.api('GET', '/user/ussd-pin', { token: patient.token })).body;
    expect(Date.parse(status.locked_until) - Date.now()).toBeGreaterThan(14 * 60_000);
    // a new PIN on the profile ends the lock
    expect((await platform.api('PUT', '/user/ussd-pin', { token: patient.token, body: { pin: '5820' } })).status).toBe(200);
    expect(await keyIn(phone, '5820')).toMatchObject({ ended: false, screen: USSD_TEXTS.en.mainMenu });
  });

  it('Kiswahili: chosen by USSD, remembered on the account, and every screen after it in Kiswahili', async () => {
    const phone = '0712 420 050';
    const patient = await patientWithPin(phone);
    expect(await keyIn(phone, PIN, '3', '2')).toMatchObject({ ended: true, screen: USSD_TEXTS.sw.languageSaved });
    expect((await platform.api('GET', '/user/profile', { token: patient.token })).body.user.language).toBe('sw');
    expect(await keyIn(phone, PIN, '1')).toMatchObject({ ended: false, screen: 'Chagua utaalamu:\n1 Dermatology' });
  });

  it('a forged callback without the secret is refused with 403 and changes nothing', async () => {
    const phone = '0712 420 060';
    const patient = await patientWithPin(phone);
    const forged = (token: string, text: string) =>
      platform.api('POST', `/ussd/callback/${token}`, {
        body: new URLSearchParams({ sessionId: 'ATUid_forged', serviceCode: platform.sandboxes.ussd.serviceCode, phoneNumber: international(phone), networkCode: '63902', text }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    for (const text of ['1111', '2222', '3333', `${PIN}*1*1*1*2*1*1`]) {
      expect((await forged('not-the-secret', text)).status).toBe(403);
      expect((await forged(`${platform.sandboxes.env.USSD_CALLBACK_TOKEN}x`, text)).status).toBe(403);
    }
    const [row] = await sql('auth', `SELECT ussd_pin_failures, ussd_locked_until FROM users WHERE user_id = $1`, [patient.user.user_id]);
    expect(row).toEqual({ ussd_pin_failures: 0, ussd_locked_until: null });
    expect((await platform.api('GET', '/appointments', { token: patient.token })).body).toEqual([]);
    // the real secret but another service code: not ours
    const other = await platform.api('POST', `/ussd/callback/${platform.sandboxes.env.USSD_CALLBACK_TOKEN}`, {
      body: new URLSearchParams({ sessionId: 'ATUid_x', serviceCode: '*999#', phoneNumber: international(phone), text: '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(other).toMatchObject({ status: 200, body: `END ${USSD_TEXTS.en.wrongServiceCode}` });
  });
});
