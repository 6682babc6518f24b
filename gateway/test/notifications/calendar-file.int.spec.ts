import { eventually } from '@afya/service-shared/testing';
import type { MailInbox } from '../../../infra/sandboxes';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { bookAs, createDoctor, openClinicDate, sql, type TestDoctor } from '../appointments/support';
import type { Sandboxes } from '../payments/support';
import { type MessagingPlatform, startMessagingPlatform } from './support';

// Issue 37: GET /appointments/{id}/calendar.ics, the visit's calendar file as the emails attach it, per role; and
// GET /appointments/{id}/reminders, its reminders as the patient's card shows them (the same roles).
jest.setTimeout(90_000);

describe('an appointment as a calendar file (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;
  let admin: { token: string };
  let doctor: TestDoctor;
  let otherDoctor: TestDoctor;

  let messaging: MessagingPlatform;

  beforeAll(async () => {
    messaging = await startMessagingPlatform();
    ({ platform, inbox, admin } = messaging);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    otherDoctor = await createDoctor(platform, admin.token, { firstname: 'Brian', lastname: 'Otieno', specialization: 'Dermatology' });
  });

  afterAll(async () => {
    await messaging?.close();
  });

  it('gives its patient, its doctor and admins the same UID and SEQUENCE as the email, TZID Africa/Nairobi; others 404', async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo', contact_phone: '+254722100371' });
    const stranger = await signUpAndIn(platform, { firstname: 'Baraka', lastname: 'Mwangi', contact_phone: '+254722100372' });
    const date = openClinicDate(4);
    const booked = await bookAs<{ appointment_id: number }>(platform, patient.token, doctor.doctorId, { appointment_date: date, time_slot: '02:30 PM' });
    const path = `/appointments/${booked.appointment_id}/calendar.ics`;
    // the support service learns the visit from the booking's event
    await eventually(async () => expect(await sql('support', `SELECT 1 FROM message_appointments WHERE appointment_id = $1`, [booked.appointment_id])).toHaveLength(1), 15_000);

    for (const token of [patient.token, doctor.token, admin.token]) {
      const file = await platform.api('GET', path, { token });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="appointment-${booked.appointment_id}.ics"`);
      const ics = file.body as string;
      expect(ics).toContain(`UID:appointment-${booked.appointment_id}@afya.test`);
      expect(ics).toContain('SEQUENCE:0');
      expect(ics).toContain('TZID:Africa/Nairobi');
      expect(ics).toContain(`DTSTART;TZID=Africa/Nairobi:${date.replace(/-/g, '')}T143000`);
      expect(ics).toContain('STATUS:TENTATIVE'); // booked, not paid
    }
    for (const token of [stranger.token, otherDoctor.token]) {
      const refused = await platform.api('GET', path, { token });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Appointment not found');
    }
    expect((await platform.api('GET', path)).status).toBe(401);
    expect((await platform.api('GET', '/appointments/999999/calendar.ics', { token: admin.token })).status).toBe(404);

    // the emailed file is the same event: same UID
    const email = await eventually(async () => {
      const found = (await inbox.emails()).find((e) => e.to.some((t) => t.address === patient.user.email) && e.attachments?.some((a) => a.filename === 'appointment.ics'));
      if (!found) throw new Error('no confirmation email yet');
      return found;
    }, 20_000);
    const attached = email.attachments!.find((a) => a.filename === 'appointment.ics')!;
    const emailed = await (await fetch(`${inbox.webUrl}/api/email/${email.id}/attachment/${attached.generatedFileName}`)).text();
    expect(emailed).toContain(`UID:appointment-${booked.appointment_id}@afya.test`);

    // moved: the download carries the new SEQUENCE, as the update email does
    const to = { appointment_date: openClinicDate(6), time_slot: '09:00 AM' };
    expect((await platform.api('PATCH', `/appointments/${booked.appointment_id}/reschedule`, { token: patient.token, body: to })).status).toBe(200);
    await eventually(async () => {
      const ics = (await platform.api('GET', path, { token: patient.token })).body as string;
      expect(ics).toContain('SEQUENCE:1');
      expect(ics).toContain(`DTSTART;TZID=Africa/Nairobi:${to.appointment_date.replace(/-/g, '')}T090000`);
    }, 15_000);
  });

  it("answers a visit's reminders to its patient, its doctor and admins (both channels scheduled 24 h and 2 h ahead); others 404", async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Wanjiru', lastname: 'Kariuki', contact_phone: '+254722100373' });
    const stranger = await signUpAndIn(platform, { firstname: 'Juma', lastname: 'Omondi', contact_phone: '+254722100374' });
    const date = openClinicDate(5);
    const booked = await bookAs<{ appointment_id: number }>(platform, patient.token, doctor.doctorId, { appointment_date: date, time_slot: '11:00 AM' });
    const path = `/appointments/${booked.appointment_id}/reminders`;
    const start = Date.parse(`${date}T08:00:00.000Z`); // 11:00 in Nairobi (UTC+3)
    const scheduled = [
      { channel: 'sms', status: 'scheduled', sent_at: null },
      { channel: 'email', status: 'scheduled', sent_at: null },
    ];
    const expected = {
      appointment_id: booked.appointment_id,
      reminders: [
        { kind: 'reminder-24h', due_at: new Date(start - 24 * 3_600_000).toISOString(), channels: scheduled },
        { kind: 'reminder-2h', due_at: new Date(start - 2 * 3_600_000).toISOString(), channels: scheduled },
      ],
    };
    await eventually(async () => expect((await platform.api('GET', path, { token: patient.token })).body).toEqual(expected), 15_000);
    for (const token of [doctor.token, admin.token]) expect((await platform.api('GET', path, { token })).body).toEqual(expected);
    for (const token of [stranger.token, otherDoctor.token]) {
      const refused = await platform.api('GET', path, { token });
      expect([refused.status, refused.body.message]).toEqual([404, 'Appointment not found']);
    }
  });
});
