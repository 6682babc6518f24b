import { AuthModule } from '@afya/auth-service/src/auth.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { sql } from '../appointments/support';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

jest.setTimeout(90_000);

type Session = Awaited<ReturnType<typeof signUpAndIn>>;

/**
 * Issue 43: the delivery log kept an erased person's masked address (`er***@example.test`, `+254722***55`) on their old
 * messages. Erasure (an approved request, or an admin deleting the account) removes it; the log keeps each message's
 * kind, channel, times and status, so the admin's counts and the history of sends stay true.
 */
describe('erasure removes the masked addresses from the delivery log', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    inbox = await startMailInbox();
    platform = await startPaymentPlatform({ auth: AuthModule, support: SupportModule }, { SMTP_URL: inbox.smtpUrl });
    admin = await createAdmin(platform);
  });

  afterAll(async () => {
    await platform?.close();
    await inbox?.close();
  });

  // By channel, not delivery_id: the two reset requests go through auth's queue, which may send either first.
  const deliveries = (userId: number) =>
    sql('support', `SELECT kind, channel, status, recipient, reason, due_at, sent_at, created_at FROM deliveries WHERE user_id = $1 ORDER BY channel, delivery_id`, [userId]);

  /** A patient with an email and an SMS in the delivery log (reset messages), masked addresses and all. */
  const patientWithMessages = async (phone: string) => {
    const patient = await signUpAndIn(platform, { contact_phone: phone });
    await platform.api('POST', '/auth/forgot-password', { body: { email: patient.details.email } });
    await platform.api('POST', '/auth/forgot-password', { body: { phone } });
    const before = await eventually(async () => {
      const rows = await deliveries(patient.user.user_id);
      expect(rows.map((r) => [r.channel, r.status])).toEqual([
        ['email', 'sent'],
        ['sms', expect.stringMatching(/^(sent|delivered)$/)],
      ]);
      return rows;
    }, 15_000);
    expect(before.map((r) => r.recipient)).toEqual([expect.stringContaining('***@example.co.ke'), expect.stringMatching(/^\+254722\*+/)]);
    return { patient, before };
  };

  const expectErased = async ({ patient, before }: { patient: Session; before: Record<string, unknown>[] }) => {
    const after = await eventually(async () => {
      const rows = await deliveries(patient.user.user_id);
      expect(rows.map((r) => r.recipient)).toEqual([null, null]);
      return rows;
    }, 15_000);
    // the rest of each row stays: kind, channel, status and times
    const kept = (rows: Record<string, unknown>[]) => rows.map(({ kind, channel, due_at, sent_at, created_at }) => ({ kind, channel, due_at, sent_at, created_at }));
    expect(kept(after)).toEqual(kept(before));
    expect(after.map((r) => r.status)).toEqual([before[0].status, expect.stringMatching(/^(sent|delivered)$/)]);
    // and the admin's delivery log shows no trace of the address, nor finds the rows by it
    const log = await platform.api('GET', `/admin/deliveries?search=${encodeURIComponent(patient.details.email.slice(0, 2))}`, { token: admin.token });
    expect(JSON.stringify(log.body)).not.toContain(String(before[0].recipient));
    expect(JSON.stringify(log.body)).not.toContain(String(before[1].recipient));
  };

  it('an approved erasure request', async () => {
    const messages = await patientWithMessages('0722 100 455');
    const asked = await platform.api('POST', '/user/erasure-request', { token: messages.patient.token, body: {} });
    expect(asked.status).toBe(201);
    expect((await platform.api('PATCH', `/admin/erasure-requests/${asked.body.request.request_id}`, { token: admin.token, body: { decision: 'approve' } })).status).toBe(200);
    await expectErased(messages);
  });

  it('an admin deleting the account', async () => {
    const messages = await patientWithMessages('0722 100 456');
    expect((await platform.api('DELETE', `/admin/users/${messages.patient.user.user_id}`, { token: admin.token })).status).toBe(200);
    await expectErased(messages);
  });
});
