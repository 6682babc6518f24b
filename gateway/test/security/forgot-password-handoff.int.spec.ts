import type { INestMicroservice } from '@nestjs/common';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { AuthMessages } from '@afya/auth-service/contracts';
import { SupportModule } from '@afya/support-service/src/support.module';
import { createServiceApp } from '@afya/service-shared';
import { eventually } from '@afya/service-shared/testing';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { sql } from '../appointments/support';
import type { TestPlatform } from '../support/platform';
import { startTestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

jest.setTimeout(90_000);

/**
 * Issue 43: forgot-password answers before the account is looked up, so the work is handed off; handing off must not
 * lose the message. Here the support service (which sends it) is not running when the request comes: the request
 * waits in auth's table and its message goes out once support is there. An unknown address leaves nothing behind.
 */
describe('forgot-password hands its work off without losing it', () => {
  let platform: TestPlatform;
  let inbox: MailInbox;
  let support: INestMicroservice | undefined;

  beforeAll(async () => {
    inbox = await startMailInbox();
    process.env.SMTP_URL = inbox.smtpUrl;
    platform = await startTestPlatform({ auth: AuthModule });
  });

  afterAll(async () => {
    await support?.close();
    await platform?.close();
    await inbox?.close();
  });

  it('an unknown address: the same reply, nothing sent, nothing kept', async () => {
    const reply = await platform.api('POST', '/auth/forgot-password', { body: { email: 'nobody.at.all@example.co.ke' } });
    expect(reply).toMatchObject({ status: 200, body: { message: AuthMessages.resetSent } });
    await eventually(async () => expect(await sql('auth', `SELECT * FROM password_reset_requests`)).toEqual([]));
  });

  it('the support service down: the reply at once, the request kept and tried again, the link sent once it is back', async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Wanjiru' });
    const reply = await platform.api('POST', '/auth/forgot-password', { body: { email: patient.details.email } });
    expect(reply).toMatchObject({ status: 200, body: { message: AuthMessages.resetSent } });

    // tried (nobody answers the support subject) and kept for another try, with what was typed, never a secret
    const [waiting] = await eventually(async () => {
      const rows = await sql('auth', `SELECT email, phone, attempts, next_attempt_at > now() AS later FROM password_reset_requests`);
      expect(rows).toEqual([{ email: patient.details.email, phone: null, attempts: 1, later: true }]);
      return rows;
    }, 10_000);
    expect(waiting).toBeDefined();
    expect((await inbox.emails()).filter((e) => e.to.some((t) => t.address === patient.details.email))).toEqual([]);

    support = await createServiceApp({ name: 'support', module: SupportModule, logger: ['error'] });
    await support.listen();

    const email = await eventually(async () => {
      const found = (await inbox.emails()).filter((e) => e.to.some((t) => t.address === patient.details.email) && e.subject === 'Reset your Afya password');
      if (!found.length) throw new Error('no reset email yet');
      return found.at(-1)!;
    }, 30_000);
    const token = /token=([A-Za-z0-9_-]+)/.exec(email.text!)![1];
    await eventually(async () => expect(await sql('auth', `SELECT * FROM password_reset_requests`)).toEqual([]));
    // the link sent is the one that works (each try makes a fresh one and voids the one before)
    expect(await platform.api('POST', '/auth/reset-password', { body: { token, newPassword: 'Brand#New2026' } })).toMatchObject({
      status: 200,
      body: { message: AuthMessages.resetDone },
    });
  });
});
