import { AuthModule } from '@afya/auth-service/src/auth.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { sql } from '../appointments/support';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

jest.setTimeout(90_000);

type Row = { status: string; provider_status: string | null; reason: string | null; updated_at: Date };

/**
 * Issue 43: Africa's Talking's delivery reports (the public callback, through the gateway and the support service) have
 * an order and replay guard. A report for a message already delivered or failed does not move it back; the same report
 * twice changes nothing (not even the row's time); reports before the final one move a message on as they come.
 */
describe('SMS delivery reports: final states stay, duplicates change nothing', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };

  beforeAll(async () => {
    platform = await startPaymentPlatform({ auth: AuthModule, support: SupportModule });
  });

  afterAll(() => platform?.close());

  const report = (fields: Record<string, string>) =>
    platform.api('POST', `/notifications/sms/delivery-reports/${platform.sandboxes.env.SMS_DELIVERY_REPORT_TOKEN}`, {
      body: new URLSearchParams({ phoneNumber: '+254722100443', networkCode: '63902', retryCount: '0', ...fields }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const row = async (messageId: string): Promise<Row> =>
    (await sql<Row>('support', `SELECT status, provider_status, reason, updated_at FROM deliveries WHERE provider_message_id = $1`, [messageId]))[0];

  /** An SMS the platform sends (a reset code) to `phone`; its provider message id once its delivery row exists. */
  const sendSms = async (phone: string) => {
    await signUpAndIn(platform, { contact_phone: phone });
    expect((await platform.api('POST', '/auth/forgot-password', { body: { phone } })).status).toBe(200);
    const international = `+254${phone.replace(/\D/g, '').slice(-9)}`;
    const messageId = await eventually(() => {
      const sms = platform.sandboxes.sms.messages.find((m) => m.to === international);
      if (!sms) throw new Error('no SMS yet');
      return sms.messageId;
    }, 15_000);
    await eventually(async () => expect(await row(messageId)).toBeDefined());
    return messageId;
  };

  it('a delivered message stays delivered: a late failure report and a replayed success change nothing', async () => {
    const messageId = await sendSms('0722 100 443');
    // the sandbox's own report (Success) arrives first
    const delivered = await eventually(async () => {
      const found = await row(messageId);
      expect(found).toMatchObject({ status: 'delivered', provider_status: 'Success' });
      return found;
    }, 15_000);

    expect(await report({ id: messageId, status: 'Failed', failureReason: 'AbsentSubscriber' })).toMatchObject({ status: 200, body: { ok: true } });
    // checked after each report, not only at the end: a late Success must not be what puts it back
    expect(await row(messageId)).toEqual(delivered);
    expect(await report({ id: messageId, status: 'Sent' })).toMatchObject({ status: 200 });
    expect(await row(messageId)).toEqual(delivered);
    expect(await report({ id: messageId, status: 'Success' })).toMatchObject({ status: 200 });
    expect(await row(messageId)).toEqual(delivered);
  });

  it('reports before the final one move a message on; a duplicate changes nothing; after Failed nothing moves it', async () => {
    platform.sandboxes.sms.setDeliveryReportUrl(null); // the reports below are the only ones
    try {
      const messageId = await sendSms('0722 100 444');
      expect(await row(messageId)).toMatchObject({ status: 'sent' });

      await report({ id: messageId, status: 'Buffered' });
      const buffered = await row(messageId);
      expect(buffered).toMatchObject({ status: 'sent', provider_status: 'Buffered' });
      await report({ id: messageId, status: 'Buffered' });
      expect(await row(messageId)).toEqual(buffered);

      await report({ id: messageId, status: 'Failed', failureReason: 'AbsentSubscriber' });
      const failed = await row(messageId);
      expect(failed).toMatchObject({ status: 'failed', provider_status: 'Failed', reason: 'AbsentSubscriber' });
      for (const status of ['Failed', 'Success', 'Buffered']) await report({ id: messageId, status, failureReason: 'UserInBlacklist' });
      expect(await row(messageId)).toEqual(failed);
    } finally {
      platform.sandboxes.sms.setDeliveryReportUrl(`${platform.baseUrl}/api/notifications/sms/delivery-reports/${platform.sandboxes.env.SMS_DELIVERY_REPORT_TOKEN}`);
    }
  });
});
