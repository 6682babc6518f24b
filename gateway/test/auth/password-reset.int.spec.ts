import { createHash } from 'node:crypto';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { AuthMessages } from '@afya/auth-service/contracts';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { sql } from '../appointments/support';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

// Forgotten passwords through the gateway, auth and support to the SMTP server and the SMS sandbox: the same reply
// whether or not an account exists, a single-use link by email or a 6-digit code by SMS, stored hashed, 30 minutes,
// and a reset ends every session.
jest.setTimeout(90_000);

describe('forgotten passwords (real NATS + PostgreSQL + SMTP + SMS sandbox)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;

  beforeAll(async () => {
    inbox = await startMailInbox();
    platform = await startPaymentPlatform({ auth: AuthModule, support: SupportModule }, { SMTP_URL: inbox.smtpUrl, PUBLIC_APP_URL: 'https://afya.test' });
  });

  afterAll(async () => {
    await platform?.close();
    await inbox?.close();
  });

  const resetEmail = (address: string) =>
    eventually(async () => {
      const found = (await inbox.emails()).filter((e) => e.to.some((t) => t.address === address) && e.subject === 'Reset your Afya password');
      if (!found.length) throw new Error('no reset email yet');
      return found.at(-1)!;
    }, 15_000);

  it('answers the same for an unknown email, sending nothing', async () => {
    const before = (await inbox.emails()).length;
    const reply = await platform.api('POST', '/auth/forgot-password', { body: { email: 'nobody.here@example.co.ke' } });
    expect(reply).toMatchObject({ status: 200, body: { message: AuthMessages.resetSent } });
    expect(Object.keys(reply.body)).toEqual(['message']);
    await new Promise((r) => setTimeout(r, 500));
    expect((await inbox.emails()).length).toBe(before);
    expect((await platform.api('POST', '/auth/forgot-password', { body: {} })).status).toBe(400);
  });

  it('emails a single-use link (stored hashed); the reset sets the password and ends every session', async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Achieng' });
    const reply = await platform.api('POST', '/auth/forgot-password', { body: { email: patient.details.email } });
    expect(reply).toMatchObject({ status: 200, body: { message: AuthMessages.resetSent } });
    expect(Object.keys(reply.body)).toEqual(['message']);

    const email = await resetEmail(patient.details.email);
    const link = /https:\/\/afya\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(email.text!)!;
    expect(link).not.toBeNull();
    const token = link[1];
    const [stored] = await sql('auth', `SELECT secret_hash, channel, expires_at - created_at AS lifetime FROM password_resets WHERE user_id = $1`, [patient.user.user_id]);
    expect(stored.secret_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored.secret_hash).not.toContain(token);
    expect(stored.lifetime).toMatchObject({ minutes: 30 });

    expect((await platform.api('GET', '/user/profile', { token: patient.token })).status).toBe(200);
    const reset = await platform.api('POST', '/auth/reset-password', { body: { token, newPassword: 'Brand#New2026' } });
    expect(reset).toMatchObject({ status: 200, body: { message: AuthMessages.resetDone } });
    // every open session ends
    await eventually(async () => expect((await platform.api('GET', '/user/profile', { token: patient.token })).status).toBe(401), 5_000);
    expect((await platform.api('POST', '/auth/login', { body: { email: patient.details.email, password: patient.details.password } })).status).toBe(401);
    expect((await platform.api('POST', '/auth/login', { body: { email: patient.details.email, password: 'Brand#New2026' } })).status).toBe(200);
    // single use
    expect(await platform.api('POST', '/auth/reset-password', { body: { token, newPassword: 'Other#2026x' } })).toMatchObject({
      status: 400,
      body: { message: AuthMessages.resetLinkInvalid },
    });
    // the delivery log has the row, never the link
    const [logged] = await sql('support', `SELECT kind, channel, status, recipient FROM deliveries WHERE user_id = $1`, [patient.user.user_id]);
    expect(logged).toMatchObject({ kind: 'password-reset', channel: 'email', status: 'sent' });
  });

  it('an expired link, or one replaced by a newer request, does not work', async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Baraka' });
    await platform.api('POST', '/auth/forgot-password', { body: { email: patient.details.email } });
    const first = /token=([A-Za-z0-9_-]+)/.exec((await resetEmail(patient.details.email)).text!)![1];
    await sql('auth', `UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [patient.user.user_id]);
    expect((await platform.api('POST', '/auth/reset-password', { body: { token: first, newPassword: 'Brand#New2026' } })).status).toBe(400);

    await platform.api('POST', '/auth/forgot-password', { body: { email: patient.details.email } });
    const second = await eventually(async () => {
      const token = /token=([A-Za-z0-9_-]+)/.exec((await resetEmail(patient.details.email)).text!)![1];
      if (token === first) throw new Error('second email not there yet');
      return token;
    }, 15_000);
    await platform.api('POST', '/auth/forgot-password', { body: { email: patient.details.email } });
    await eventually(async () => {
      const [{ n }] = await sql('auth', `SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1`, [patient.user.user_id]);
      expect(n).toBe(3);
    });
    expect((await platform.api('POST', '/auth/reset-password', { body: { token: second, newPassword: 'Brand#New2026' } })).status).toBe(400);
  });

  it('a 6-digit code by SMS for a phone; five wrong codes void it; the right one resets', async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Chebet', contact_phone: '0722 100 401' });
    expect((await platform.api('POST', '/auth/forgot-password', { body: { phone: '+254 722 100 401' } })).body).toEqual({ message: AuthMessages.resetSent });
    const code = await eventually(() => {
      const sms = platform.sandboxes.sms.messages.filter((m) => m.to === '+254722100401').at(-1);
      if (!sms) throw new Error('no SMS yet');
      return /code is (\d{6})/.exec(sms.message)![1];
    }, 15_000);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      expect(await platform.api('POST', '/auth/reset-password', { body: { phone: '0722100401', code: wrong, newPassword: 'Brand#New2026' } })).toMatchObject({
        status: 400,
        body: { message: AuthMessages.resetCodeInvalid },
      });
    }
    expect((await platform.api('POST', '/auth/reset-password', { body: { phone: '0722100401', code, newPassword: 'Brand#New2026' } })).status).toBe(400);

    await platform.api('POST', '/auth/forgot-password', { body: { phone: '0722100401' } });
    const fresh = await eventually(() => {
      const all = platform.sandboxes.sms.messages.filter((m) => m.to === '+254722100401');
      if (all.length < 2) throw new Error('no second SMS yet');
      return /code is (\d{6})/.exec(all.at(-1)!.message)![1];
    }, 15_000);
    expect((await platform.api('POST', '/auth/reset-password', { body: { phone: '0722100401', code: fresh, newPassword: 'Brand#New2026' } })).status).toBe(200);
    expect((await platform.api('POST', '/auth/login', { body: { email: patient.details.email, password: 'Brand#New2026' } })).status).toBe(200);
    // an unknown phone gets the same reply
    expect((await platform.api('POST', '/auth/forgot-password', { body: { phone: '0799999999' } })).body).toEqual({ message: AuthMessages.resetSent });
  });

  it('a password change ends every earlier reset link and SMS code (issue 43)', async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Dalmas', contact_phone: '0722 100 433' });
    await platform.api('POST', '/auth/forgot-password', { body: { email: patient.details.email } });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await resetEmail(patient.details.email)).text!)![1];
    const changed = await platform.api('POST', '/user/change-password', { token: patient.token, body: { currentPassword: patient.details.password, newPassword: 'Changed#2026' } });
    expect(changed.status).toBe(200);
    expect(await platform.api('POST', '/auth/reset-password', { body: { token, newPassword: 'Brand#New2026' } })).toMatchObject({
      status: 400,
      body: { message: AuthMessages.resetLinkInvalid },
    });

    await platform.api('POST', '/auth/forgot-password', { body: { phone: '0722100433' } });
    const code = await eventually(() => {
      const sms = platform.sandboxes.sms.messages.filter((m) => m.to === '+254722100433').at(-1);
      if (!sms) throw new Error('no SMS yet');
      return /code is (\d{6})/.exec(sms.message)![1];
    }, 15_000);
    const again = await platform.api('POST', '/user/change-password', { token: changed.body.token, body: { currentPassword: 'Changed#2026', newPassword: 'Changed#2027' } });
    expect(again.status).toBe(200);
    expect(await platform.api('POST', '/auth/reset-password', { body: { phone: '0722100433', code, newPassword: 'Brand#New2026' } })).toMatchObject({
      status: 400,
      body: { message: AuthMessages.resetCodeInvalid },
    });
    expect((await platform.api('POST', '/auth/login', { body: { email: patient.details.email, password: 'Changed#2027' } })).status).toBe(200);
    // nothing of the account's is left usable
    expect(await sql('auth', `SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1 AND used_at IS NULL`, [patient.user.user_id])).toEqual([{ n: 0 }]);
  });

  it('a completed reset ends every other reset of the account, whatever its channel', async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Esther', contact_phone: '0722 100 434' });
    await platform.api('POST', '/auth/forgot-password', { body: { email: patient.details.email } });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await resetEmail(patient.details.email)).text!)![1];
    // a code issued by hand beside the link (two live resets cannot come from the API: asking again voids the first)
    await sql('auth', `INSERT INTO password_resets (user_id, channel, secret_hash, expires_at) VALUES ($1, 'sms', $2, now() + interval '30 minutes')`, [
      patient.user.user_id,
      createHash('sha256').update(`${patient.user.user_id}:123456`).digest('hex'),
    ]);
    expect((await platform.api('POST', '/auth/reset-password', { body: { token, newPassword: 'Brand#New2026' } })).status).toBe(200);
    expect((await platform.api('POST', '/auth/reset-password', { body: { phone: '0722100434', code: '123456', newPassword: 'Other#2026x' } })).status).toBe(400);
  });
});
