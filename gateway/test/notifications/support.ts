import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';

/** A platform whose messages arrive: auth, appointments and support, the SMS sandbox, and MailDev as the SMTP server. */
export interface MessagingPlatform {
  platform: TestPlatform & { sandboxes: Sandboxes };
  inbox: MailInbox;
  admin: { token: string };
  close(): Promise<void>;
}

/** Starts it with the message sender polling every second and an admin signed in; links point at https://afya.test. */
export async function startMessagingPlatform(): Promise<MessagingPlatform> {
  const inbox = await startMailInbox();
  const platform = await startPaymentPlatform(
    { auth: AuthModule, appointment: AppointmentModule, support: SupportModule },
    { SMTP_URL: inbox.smtpUrl, MESSAGE_POLL_SECONDS: '1', PUBLIC_APP_URL: 'https://afya.test' },
  ).catch(async (error: unknown) => {
    await inbox.close();
    throw error;
  });
  const admin = await createAdmin(platform);
  return {
    platform,
    inbox,
    admin,
    async close() {
      await platform.close();
      await inbox.close();
    },
  };
}
