import { randomInt } from 'node:crypto';
import { eventually } from '@afya/service-shared/testing';
import { booking, createDoctor, openClinicDate, sql, type TestDoctor } from '../appointments/support';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

// Issue 36's "reminders and messages follow the scopes" (decision 0118), end to end: auth publishes family links,
// support keeps them and queues a member's visit messages for their carers too, and the Africa's Talking sandbox
// receives what is sent. A reminder is made due by moving its queued job's start to now (no clock, no sleep).
jest.setTimeout(180_000);

type Session = Awaited<ReturnType<typeof signUpAndIn>>;
interface JobRow {
  id: string;
  state: string;
  data: { kind: string; channel: string; user_id: number; carer_of?: { member_user_id: number; link_id: number } };
}

/** A Kenyan mobile number no other test patient has. */
const newPhone = () => `+2547${String(randomInt(10_000_000, 99_999_999))}`;

const jobsOf = (appointmentId: number) =>
  sql<JobRow>('support', `SELECT id, state, data FROM job WHERE name = 'communications-send' AND (data->>'appointment_id')::int = $1`, [appointmentId]);

describe('family care: a member’s visit messages follow the links (real NATS + PostgreSQL + SMS sandbox)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;
  let doctor: TestDoctor;
  let mother: Session;

  const api = (...args: Parameters<TestPlatform['api']>) => platform.api(...args);
  const smsTo = (phone: string) => platform.sandboxes.sms.messages.filter((m) => m.to === phone).map((m) => m.message);
  const smsArrives = (phone: string, match: RegExp) =>
    eventually(() => {
      const found = smsTo(phone).find((text) => match.test(text));
      if (!found) throw new Error(`no SMS to ${phone} matching ${match} yet; has ${JSON.stringify(smsTo(phone))}`);
      return found;
    }, 20_000);
  /** Support has applied the link as auth published it. */
  const linkInSupport = (memberId: number, status: 'active' | 'ended') =>
    eventually(async () => {
      const rows = await sql<{ status: string }>('support', `SELECT status FROM family_links WHERE member_user_id = $1 AND carer_user_id = $2`, [memberId, mother.user.user_id]);
      expect(rows.map((r) => r.status)).toContain(status);
    }, 15_000);
  const bookFor = async (memberId: number, day: number, slot: string) => {
    const response = await api('POST', '/appointments', { token: mother.token, body: booking(doctor.doctorId, { appointment_date: openClinicDate(day), time_slot: slot, member_id: memberId }) });
    expect(response.status).toBe(201);
    return response.body.appointment_id as number;
  };
  /** The queued SMS reminder-24h of the appointment for `userId`, once the booking's jobs are queued. */
  const reminderJob = (appointmentId: number, userId: number) =>
    eventually(async () => {
      const job = (await jobsOf(appointmentId)).find((j) => j.data.kind === 'reminder-24h' && j.data.channel === 'sms' && j.data.user_id === userId);
      if (!job) throw new Error('reminder not queued yet');
      return job;
    }, 15_000);
  const makeDue = (jobId: string) => sql('support', `UPDATE job SET start_after = now() WHERE id = $1 AND state = 'created'`, [jobId]);
  const adultAccepts = async (adult: Session, scopes: string[]) => {
    expect((await api('POST', '/family/invitations', { token: mother.token, body: { phone: adult.details.contact_phone, relationship: 'child', scopes } })).status).toBe(201);
    const invitation = ((await api('GET', '/family', { token: adult.token })).body as { invitations: { invitation_id: number }[] }).invitations[0];
    expect((await api('POST', `/family/invitations/${invitation.invitation_id}/accept`, { token: adult.token, body: { scopes } })).status).toBe(200);
    await linkInSupport(adult.user.user_id, 'active');
  };

  beforeAll(async () => {
    // MailDev is slow to start on a loaded machine: more time than the notification tests give it
    inbox = await startMailInbox({ timeoutMs: 120_000 });
    platform = await startPaymentPlatform(
      { auth: AuthModule, appointment: AppointmentModule, support: SupportModule },
      { SMTP_URL: inbox.smtpUrl, MESSAGE_POLL_SECONDS: '1', PUBLIC_APP_URL: 'https://afya.test' },
    );
    const admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    mother = await signUpAndIn(platform, { firstname: 'Wanjiru', lastname: 'Kamau', contact_phone: newPhone() });
  });

  afterAll(async () => {
    await platform?.close();
    await inbox?.close();
  });

  it('a child’s confirmation and reminders go to the parent, naming the child', async () => {
    const added = await api('POST', '/family/dependants', { token: mother.token, body: { full_name: 'Amani Kamau', date_of_birth: '2019-04-02', relationship: 'mother', consent: true } });
    expect(added.status).toBe(201);
    const childId = added.body.member.member_id as number;
    await linkInSupport(childId, 'active');
    const appointmentId = await bookFor(childId, 5, '09:00 AM');

    const confirmation = await smsArrives(mother.details.contact_phone, /^Afya: booked Amani's visit with Dr Grace Wanjiku, /);
    expect(confirmation).toMatch(/ https:\/\/afya\.test\/dashboard\/family$/);
    expect(confirmation).not.toContain('Kamau'); // the child's first name only
    const email = await eventually(async () => {
      const found = (await inbox.emails()).find((e) => e.to.some((t: { address: string }) => t.address === mother.details.email) && /Amani/.test(e.subject));
      if (!found) throw new Error('no email to the mother yet');
      return found;
    }, 20_000);
    expect(email.subject).toBe("Amani's appointment is booked");
    expect(email.text).toContain('Patient: Amani');
    // the child's own copy has nowhere to go (no phone, no email): logged as not sent
    await eventually(async () => {
      const own = await sql<{ status: string; reason: string }>('support', `SELECT status, reason FROM deliveries WHERE appointment_id = $1 AND user_id = $2 ORDER BY channel`, [appointmentId, childId]);
      expect(own.map((d) => d.status)).toEqual(['skipped', 'skipped']);
    }, 15_000);

    await makeDue((await reminderJob(appointmentId, mother.user.user_id)).id);
    await smsArrives(mother.details.contact_phone, /^Afya: reminder for Amani's visit with Dr Grace Wanjiku tomorrow, /);
  });

  it('a linked adult with `reminders`: she gets her own messages and the carer gets one naming her; after she ends the link, a later reminder is not sent to the ex-carer', async () => {
    const grandmother = await signUpAndIn(platform, { firstname: 'Njeri', lastname: 'Mwangi', contact_phone: newPhone() });
    await adultAccepts(grandmother, ['book', 'reminders']);
    const appointmentId = await bookFor(grandmother.user.user_id, 6, '10:00 AM');

    await smsArrives(grandmother.details.contact_phone, /^Afya: booked Dr Grace Wanjiku, /);
    await smsArrives(mother.details.contact_phone, /^Afya: booked Njeri's visit with Dr Grace Wanjiku, /);

    // both reminders are queued; she ends the link before they are due
    const [hers, carers] = [await reminderJob(appointmentId, grandmother.user.user_id), await reminderJob(appointmentId, mother.user.user_id)];
    const [link] = ((await api('GET', '/family', { token: grandmother.token })).body as { carers: { link_id: number }[] }).carers;
    expect((await api('DELETE', `/family/carers/${link.link_id}`, { token: grandmother.token })).status).toBe(200);
    await linkInSupport(grandmother.user.user_id, 'ended');

    await makeDue(hers.id);
    await makeDue(carers.id);
    await smsArrives(grandmother.details.contact_phone, /^Afya reminder: tomorrow Dr Grace Wanjiku, /);
    await eventually(async () => {
      const [delivery] = await sql('support', `SELECT status, reason, recipient FROM deliveries WHERE job_id = $1`, [carers.id]);
      expect(delivery).toEqual({ status: 'skipped', reason: 'family link ended', recipient: null });
    }, 20_000);
    expect(smsTo(mother.details.contact_phone).filter((text) => /reminder for Njeri/.test(text))).toEqual([]);
  });

  it('a linked adult without `reminders`: the carer gets none of her messages', async () => {
    const father = await signUpAndIn(platform, { firstname: 'Kariuki', lastname: 'Mwangi', contact_phone: newPhone() });
    await adultAccepts(father, ['book']);
    const appointmentId = await bookFor(father.user.user_id, 7, '11:00 AM');

    await smsArrives(father.details.contact_phone, /^Afya: booked Dr Grace Wanjiku, /);
    // his jobs are queued in the booking's transaction with any carer's: none is the carer's
    const jobs = await jobsOf(appointmentId);
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.filter((j) => j.data.user_id !== father.user.user_id)).toEqual([]);
    expect(smsTo(mother.details.contact_phone).filter((text) => text.includes('Kariuki'))).toEqual([]);
  });
});
