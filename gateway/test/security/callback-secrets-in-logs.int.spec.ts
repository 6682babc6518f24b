import { Writable } from 'node:stream';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PaymentModule } from '@afya/payment-service/src/payment.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import type { LogLevel } from '@nestjs/common';
import { PROVIDER_SECRET_NAMES } from '@afya/payment-service/contracts';
import { configureProcessLogger } from '@afya/service-shared';
import { eventually } from '@afya/service-shared/testing';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { providerCallbackRoutes } from '../../src/common/http/provider-callbacks';
import { bookAs, createDoctor, openClinicDate, sql } from '../appointments/support';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

jest.setTimeout(120_000);

const FEE = 1500;
/**
 * Configuration that is a secret: every value of these names must stay out of the logs. The providers' credentials
 * the services declare (the payment and messaging secret lists), and anything else named like a secret.
 */
const SECRET_NAME = /SECRET|TOKEN|KEY|PASSKEY|CREDENTIAL|PASSWORD/;
/** The support service's MESSAGING_SECRET_NAMES (communications.config.ts; its src is not the gateway tests' to import). */
const MESSAGING_SECRET_NAMES = ['AT_USERNAME', 'AT_API_KEY', 'SMS_DELIVERY_REPORT_TOKEN', 'SMTP_URL'];
const DECLARED_SECRETS: readonly string[] = [...PROVIDER_SECRET_NAMES, ...MESSAGING_SECRET_NAMES];
/** Every level of Nest's loggers too (the test platform passes only 'error' by default): lines at any level count. */
const EVERY_NEST_LEVEL: LogLevel[] = ['verbose', 'debug', 'log', 'warn', 'error', 'fatal'];

/** What in a configured value is secret: a URL's password (SMTP_URL), else the whole value. */
const secretPart = (value: string) => {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return value;
  try {
    return decodeURIComponent(new URL(value).password);
  } catch {
    return value;
  }
};

/**
 * Issue 43: no provider secret in any log line. A run of the whole platform (gateway, the services, the Stripe,
 * Daraja and Africa's Talking sandboxes) that receives every kind of provider callback, from the providers themselves
 * where the sandboxes send them (Stripe's signed webhook, M-Pesa's STK callback, the SMS delivery report) and directly
 * for the rest, each also with a near-miss secret; then every line the processes logged, at every level (the process
 * logger at trace, Nest's loggers at verbose), is searched for each configured secret and each near miss.
 */
describe('provider callbacks leave no secret in the logs', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;
  const lines: string[] = [];
  const nearMisses: string[] = [];

  beforeAll(async () => {
    configureProcessLogger({
      service: 'test',
      level: 'trace',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      }),
    });
    inbox = await startMailInbox();
    platform = await startPaymentPlatform({ auth: AuthModule, appointment: AppointmentModule, payment: PaymentModule, support: SupportModule }, { SMTP_URL: inbox.smtpUrl }, { logLevels: EVERY_NEST_LEVEL });
  });

  afterAll(async () => {
    await platform?.close();
    await inbox?.close();
    configureProcessLogger({ level: process.env.LOG_LEVEL });
  });

  /** The same length, the last characters changed: what a prober (or a misconfigured provider) would send. */
  const nearMiss = (secret: string) => {
    const miss = `${secret.slice(0, -4)}${secret.endsWith('zzzz') ? 'yyyy' : 'zzzz'}`;
    nearMisses.push(miss);
    return miss;
  };

  it('receives every kind of provider callback', async () => {
    const admin = await createAdmin(platform);
    const doctor = await createDoctor(platform, admin.token, { fee: FEE, available_days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] });
    const patient = await signUpAndIn(platform, { firstname: 'Njeri', contact_phone: '0712 555 043' });
    const book = (time_slot: string) => bookAs<{ appointment_id: number }>(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(3), time_slot });
    const paymentStatus = async (id: number) => (await sql('payment', `SELECT status FROM payments WHERE payment_id = $1`, [id]))[0]?.status;
    const env = platform.sandboxes.env;

    // Card: Stripe's signed webhook, sent by the sandbox when the patient pays.
    const card = await platform.api('POST', '/payments/create', { token: patient.token, body: { appointment_id: (await book('09:00 AM')).appointment_id, amount: FEE } });
    expect(card.status).toBe(200);
    await fetch(`${card.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    await eventually(async () => expect(await paymentStatus(card.body.payment_id)).toBe('completed'), 15_000);

    // M-Pesa: Daraja's STK callback (and what the payment service asks Daraja to confirm it).
    const push = await platform.api('POST', '/mpesa/stkpush', { token: patient.token, body: { phone: '0712 555 043', amount: FEE, appointment_id: (await book('09:30 AM')).appointment_id } });
    expect(push.status).toBe(200);
    await eventually(async () => expect(await paymentStatus(push.body.payment_id)).toBe('completed'), 15_000);

    // M-Pesa Transaction Status: its result and its queue timeout (for a question nobody asked: heard and ignored).
    const result = { Result: { ResultCode: 0, OriginatorConversationID: 'made-up', ConversationID: 'AG_made_up', ResultParameters: { ResultParameter: [] } } };
    for (const route of ['/mpesa/transaction-status/%s', '/mpesa/transaction-status/%s/timeout', '/mpesa/callback/%s']) {
      expect((await platform.api('POST', route.replace('%s', env.MPESA_CALLBACK_TOKEN), { body: route.includes('callback') ? { Body: { stkCallback: { CheckoutRequestID: 'ws_CO_unknown', ResultCode: 1032 } } } : result })).status).toBe(200);
      expect((await platform.api('POST', route.replace('%s', nearMiss(env.MPESA_CALLBACK_TOKEN)), { body: result })).status).toBe(404);
    }

    // SMS: Africa's Talking's delivery report of a message the platform sent (a reset code), and a near miss.
    expect((await platform.api('POST', '/auth/forgot-password', { body: { phone: '0712555043' } })).status).toBe(200);
    await eventually(() => {
      const sms = platform.sandboxes.sms.messages.find((m) => m.to === '+254712555043');
      expect(sms?.reports.map((r) => r.answeredWith)).toEqual([200]);
    }, 15_000);
    const report = new URLSearchParams({ id: 'ATXid_unknown', status: 'Success', phoneNumber: '+254712555043' }).toString();
    const missed = await platform.api('POST', `/notifications/sms/delivery-reports/${nearMiss(env.SMS_DELIVERY_REPORT_TOKEN)}`, {
      body: report,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(missed.status).toBe(401);

    // USSD (issue 42): a step of a session, from the USSD simulator (the patient has no USSD PIN: one END), and a near miss.
    const dialled = await fetch(`${platform.sandboxes.ussd.url}/api/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phoneNumber: '0712555043' }) });
    expect(await dialled.json()).toMatchObject({ ended: true, steps: [{ status: 200 }] });
    const step = new URLSearchParams({ sessionId: 'ATUid_x', serviceCode: env.USSD_SERVICE_CODE, phoneNumber: '+254712555043', text: '' }).toString();
    const ussdMiss = await platform.api('POST', `/ussd/callback/${nearMiss(env.USSD_CALLBACK_TOKEN)}`, { body: step, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(ussdMiss.status).toBe(403);

    // Every route declared as a provider callback was called in this run.
    const called = new Set(lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.context === 'http').map((line) => line.route));
    expect(providerCallbackRoutes().filter((route) => !called.has(route))).toEqual([]);
    expect(providerCallbackRoutes()).toEqual(
      expect.arrayContaining([
        '/api/payments/stripe/webhook',
        '/api/mpesa/callback/:token',
        '/api/mpesa/transaction-status/:token',
        '/api/mpesa/transaction-status/:token/timeout',
        '/api/notifications/sms/delivery-reports/:token',
        '/api/ussd/callback/:token',
      ]),
    );
  });

  it('logged none of the configured secrets, nor the near misses', () => {
    const configured = Object.entries({ ...process.env, ...platform.sandboxes.env })
      .filter(([name, value]) => (SECRET_NAME.test(name) || DECLARED_SECRETS.includes(name)) && typeof value === 'string')
      .map(([name, value]) => ({ name, value: secretPart(value!) }))
      .filter(({ value }) => value.length >= 8);
    expect(configured.map((c) => c.name)).toEqual(
      expect.arrayContaining(['MPESA_CALLBACK_TOKEN', 'SMS_DELIVERY_REPORT_TOKEN', 'STRIPE_WEBHOOK_SECRET', 'AT_API_KEY', 'DARAJA_INITIATOR_NAME', 'DARAJA_SECURITY_CREDENTIAL', 'USSD_CALLBACK_TOKEN']),
    );
    // Nest's own lines below 'error' were there to search (its route table is logged at 'log')
    expect(lines.some((line) => (JSON.parse(line) as Record<string, unknown>).context === 'RouterExplorer')).toBe(true);
    const found = [...configured, ...nearMisses.map((value) => ({ name: 'near miss', value }))].flatMap(({ name, value }) =>
      lines.filter((line) => line.includes(value)).map((line) => `${name}: ${line.slice(0, 300)}`),
    );
    expect(found).toEqual([]);
    // the callbacks' access lines are there, their secret segment redacted
    const paths = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.context === 'http').map((line) => String(line.path));
    expect(paths).toEqual(expect.arrayContaining(['/api/notifications/sms/delivery-reports/[redacted]', '/api/mpesa/transaction-status/[redacted]/timeout']));
  });
});
