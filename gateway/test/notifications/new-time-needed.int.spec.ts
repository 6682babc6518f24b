import { eventually } from '@afya/service-shared/testing';
import type { MailInbox } from '../../../infra/sandboxes';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { bookAs, createDoctor, openClinicDate, sql, type TestDoctor } from '../appointments/support';
import type { Sandboxes } from '../payments/support';
import { type MessagingPlatform, startMessagingPlatform } from './support';

// Issue 37: a confirmed leave over two bookings asks each patient, by SMS and email in their own language, to pick a
// new time, once each.
jest.setTimeout(120_000);

describe('a visit that needs a new time: the patient is told (real NATS + PostgreSQL + SMS sandbox + MailDev)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;
  let admin: { token: string };
  let doctor: TestDoctor;

  let messaging: MessagingPlatform;

  beforeAll(async () => {
    messaging = await startMessagingPlatform();
    ({ platform, inbox, admin } = messaging);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
  });

  afterAll(async () => {
    await messaging?.close();
  });

  const smsTo = (phone: string, pattern: RegExp) => platform.sandboxes.sms.messages.filter((m) => m.to === phone && pattern.test(m.message));
  const emailsTo = async (address: string, subject: string) => (await inbox.emails()).filter((e) => e.subject === subject && e.to.some((t) => t.address === address));

  it('sends each patient one SMS and one email in their language, with the link to pick a new time', async () => {
    const english = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo', contact_phone: '+254722100381' });
    const swahili = await signUpAndIn(platform, { firstname: 'Wanjiru', lastname: 'Kamau', contact_phone: '+254722100382' });
    expect((await platform.api('PATCH', '/user/profile', { token: swahili.token, body: { language: 'sw' } })).status).toBe(200);
    await eventually(async () => expect(await sql('support', `SELECT language FROM user_directory WHERE user_id = $1`, [swahili.user.user_id])).toEqual([{ language: 'sw' }]), 15_000);

    const first = openClinicDate(8);
    const second = openClinicDate(9);
    const a = await bookAs<{ appointment_id: number }>(platform, english.token, doctor.doctorId, { appointment_date: first, time_slot: '02:30 PM' });
    const b = await bookAs<{ appointment_id: number }>(platform, swahili.token, doctor.doctorId, { appointment_date: second, time_slot: '09:00 AM' });
    // the support service knows both visits (their confirmations are sent) before the leave
    await eventually(async () => expect(await sql('support', `SELECT appointment_id FROM message_appointments WHERE appointment_id = ANY($1::int[])`, [[a.appointment_id, b.appointment_id]])).toHaveLength(2), 15_000);

    const confirmed = await platform.api('POST', `/doctors/${doctor.doctorId}/leave`, { token: doctor.token, body: { from: first, to: second, reason: 'Conference', confirm: true } });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.needs_new_time).toHaveLength(2);

    await eventually(async () => {
      expect(smsTo('+254722100381', /cannot see you/).map((m) => m.message)).toEqual([expect.stringMatching(/^Afya: Dr Grace Wanjiku cannot see you on .+ 02:30 PM\. Please pick a new time: https:\/\/afya\.test\/dashboard\/appointments$/)]);
      expect(smsTo('+254722100382', /hatakuona/).map((m) => m.message)).toEqual([expect.stringMatching(/^Afya: Dkt Grace Wanjiku hatakuona .+ 09:00\. Tafadhali chagua muda mpya: https:\/\/afya\.test\/dashboard\/appointments$/)]);
      expect(await emailsTo(english.user.email, 'Your appointment needs a new time')).toHaveLength(1);
      expect(await emailsTo(swahili.user.email, 'Miadi yako inahitaji muda mpya')).toHaveLength(1);
    }, 30_000);
    const [email] = await emailsTo(english.user.email, 'Your appointment needs a new time');
    expect(email.text).toContain('Please pick a new time with the same doctor: your payment stays with the visit.');
    expect(email.text).not.toContain('Conference'); // the leave's reason is for staff only

    // one delivery per patient and channel, each sent (the consumer applies an event once: processed_events). An SMS
    // goes on from 'sent' to 'delivered' when the sandbox's delivery report comes, sooner or later with the machine's
    // load (CI3 of 2026-12-03 saw it first): both mean it left.
    const left = (status: string) => (status === 'delivered' ? 'sent' : status);
    await eventually(async () => {
      const rows = await sql('support', `SELECT user_id, channel, status FROM deliveries WHERE kind = 'new-time-needed' ORDER BY user_id, channel`);
      expect(rows.map((r) => [r.user_id, r.channel, left(r.status)])).toEqual([
        [english.user.user_id, 'email', 'sent'],
        [english.user.user_id, 'sms', 'sent'],
        [swahili.user.user_id, 'email', 'sent'],
        [swahili.user.user_id, 'sms', 'sent'],
      ]);
    }, 15_000);
  });

  it("new hours over a visit ask its patient too; an admin's move to a colleague at the same time tells the patient and the colleague", async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Baraka', lastname: 'Mutiso', contact_phone: '+254722100383' });
    const hoursDoctor = await createDoctor(platform, admin.token, { firstname: 'Njeri', lastname: 'Wambui', specialization: 'Dermatology' });
    const colleague = await createDoctor(platform, admin.token, { firstname: 'Otieno', lastname: 'Okoth', specialization: 'Dermatology' });
    const date = openClinicDate(10);
    const visit = await bookAs<{ appointment_id: number }>(platform, patient.token, hoursDoctor.doctorId, { appointment_date: date, time_slot: '03:00 PM' });
    await eventually(async () => expect(await sql('support', `SELECT 1 FROM message_appointments WHERE appointment_id = $1`, [visit.appointment_id])).toHaveLength(1), 15_000);

    // mornings only from today: the 03:00 PM visit has no slot any more
    const mornings = { sessions: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '12:00' })), slot_minutes: 30, confirm: true };
    expect((await platform.api('PUT', `/doctors/${hoursDoctor.doctorId}/hours`, { token: hoursDoctor.token, body: mornings })).status).toBe(200);
    await eventually(async () => {
      expect(smsTo('+254722100383', /cannot see you/).map((m) => m.message)).toEqual([expect.stringMatching(/^Afya: Dr Njeri Wambui cannot see you on .+ 03:00 PM\. Please pick a new time/)]);
    }, 30_000);

    // the admin gives the visit to a colleague of the same specialty at the very same time: a move all the same
    const moved = await platform.api('PATCH', `/admin/appointments/${visit.appointment_id}/move`, { token: admin.token, body: { doctor_id: colleague.doctorId, appointment_date: date, time_slot: '03:00 PM' } });
    expect(moved.status).toBe(200);
    await eventually(async () => {
      const rows = await sql('support', `SELECT user_id, kind FROM deliveries WHERE appointment_id = $1 AND kind IN ('reschedule', 'doctor-reschedule') AND channel = 'email' ORDER BY kind`, [visit.appointment_id]);
      expect(rows).toEqual([
        { user_id: colleague.userId, kind: 'doctor-reschedule' },
        { user_id: patient.user.user_id, kind: 'reschedule' },
      ]);
    }, 30_000);
  });
});

