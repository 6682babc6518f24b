import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { bookAs, createDoctor, openClinicDate, sql } from '../appointments/support';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';

// kill -9 of the process sending messages in the middle of a batch: every message still goes out, and the only
// ones that can go twice are those the provider had taken when the process died (its answer never arrived, so the
// job runs again): the at-least-once window docs/decisions/0054-outbound-messages-in-support-service.md describes.
// The sender is the built support service (services/support/dist), a process of its own; the one in this test
// process only schedules.
jest.setTimeout(180_000);

const SUPPORT_MAIN = path.resolve(__dirname, '../../../services/support/dist/src/main.js');
const PATIENTS = 8;
const BOOKINGS_EACH = 3;
const SLOTS = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '02:00 PM', '02:30 PM'];

describe('the message sender killed mid-batch (real NATS + PostgreSQL + sandboxes)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;
  const senders: ChildProcess[] = [];

  const startSender = () => {
    const child = spawn(process.execPath, ['--no-warnings', SUPPORT_MAIN], {
      env: { ...process.env, COMMUNICATIONS_SENDER: 'true', DB_MIGRATE_ON_START: 'false', MESSAGE_BATCH_SIZE: '16', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    senders.push(child);
    return child;
  };

  beforeAll(async () => {
    if (!fs.existsSync(SUPPORT_MAIN)) throw new Error(`${SUPPORT_MAIN} is missing: build first (npx nx run @afya/support-service:build)`);
    inbox = await startMailInbox();
    platform = await startPaymentPlatform(
      { auth: AuthModule, appointment: AppointmentModule, support: SupportModule },
      { SMTP_URL: inbox.smtpUrl, COMMUNICATIONS_SENDER: 'false', MESSAGE_POLL_SECONDS: '1', MESSAGE_JOB_EXPIRE_SECONDS: '3', MESSAGE_RETRY_DELAY_SECONDS: '1' },
    );
  });

  afterAll(async () => {
    for (const child of senders) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await platform?.close();
    await inbox?.close();
  });

  it('nothing is lost, and only messages in flight at the kill can go twice', async () => {
    const admin = await createAdmin(platform);
    const doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    const patients = await Promise.all(
      Array.from({ length: PATIENTS }, (_, i) => signUpAndIn(platform, { firstname: `Crash${i}`, lastname: 'Test', contact_phone: `+2547221003${String(i).padStart(2, '0')}` })),
    );
    for (const [p, patient] of patients.entries()) {
      for (let b = 0; b < BOOKINGS_EACH; b++) {
        const n = p * BOOKINGS_EACH + b;
        await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(3 + Math.floor(n / SLOTS.length)), time_slot: SLOTS[n % SLOTS.length] });
      }
    }
    const expected = PATIENTS * BOOKINGS_EACH * 2; // a confirmation by SMS and by email per booking
    await eventually(async () => {
      const [{ n }] = await sql('support', `SELECT count(*)::int AS n FROM job WHERE name = 'communications-send' AND data->>'kind' = 'booking-confirmation' AND state = 'created'`);
      expect(n).toBe(expected);
    }, 30_000);

    // A slow provider: each SMS is recorded at once, its answer comes 400 ms later.
    platform.sandboxes.sms.state.latencyMs = 400;
    const first = startSender();
    await eventually(() => expect(platform.sandboxes.sms.messages.length).toBeGreaterThanOrEqual(4), 60_000, 20);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const smsBeforeRestart = platform.sandboxes.sms.messages.length;
    const inFlight = await sql<{ channel: string; recipient: string }>('support', `SELECT channel, recipient FROM deliveries WHERE status = 'sending'`);
    const doneAtKill = await sql<{ n: number }>('support', `SELECT count(*)::int AS n FROM deliveries WHERE status IN ('sent', 'delivered')`);
    // mid-batch: some messages had gone, some were in the provider's hands, the rest not started
    expect(smsBeforeRestart).toBeLessThan(PATIENTS * BOOKINGS_EACH);
    expect(inFlight.length).toBeGreaterThan(0);
    expect(doneAtKill[0].n + inFlight.length).toBeLessThan(expected);

    platform.sandboxes.sms.state.latencyMs = 0;
    startSender();
    await eventually(async () => {
      const [{ n }] = await sql('support', `SELECT count(*)::int AS n FROM deliveries WHERE kind = 'booking-confirmation' AND status IN ('sent', 'delivered')`);
      expect(n).toBe(expected);
    }, 90_000, 250);

    // Nothing lost: every booking's SMS and email arrived. Twice only where the provider had it at the kill.
    const sms = platform.sandboxes.sms.messages;
    const emails = await inbox.emails();
    const inFlightSms = inFlight.filter((r) => r.channel === 'sms').length;
    const inFlightEmail = inFlight.filter((r) => r.channel === 'email').length;
    for (const patient of patients) {
      const phone = patient.details.contact_phone as string;
      const texts = sms.filter((m) => m.to === phone).map((m) => m.message);
      expect(new Set(texts).size).toBe(BOOKINGS_EACH);
      const mails = emails.filter((e) => e.to.some((t) => t.address === patient.details.email)).map((e) => e.text);
      expect(new Set(mails).size).toBe(BOOKINGS_EACH);
    }
    const smsTwice = sms.length - PATIENTS * BOOKINGS_EACH;
    const emailTwice = emails.length - PATIENTS * BOOKINGS_EACH;
    expect(smsTwice).toBeLessThanOrEqual(inFlightSms);
    expect(emailTwice).toBeLessThanOrEqual(inFlightEmail);
    // one delivery row per job, whatever ran it
    const [{ rows, jobs }] = await sql('support', `SELECT count(*)::int AS rows, count(DISTINCT job_id)::int AS jobs FROM deliveries`);
    expect(rows).toBe(jobs);
    console.log(`kill -9 mid-batch: ${doneAtKill[0].n} sent before the kill, ${inFlight.length} in flight (${inFlightSms} SMS, ${inFlightEmail} email); after restart all ${expected} sent; SMS sent twice ${smsTwice}, email twice ${emailTwice}`);
  });
});
