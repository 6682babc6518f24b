import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { bookAs, clinicDate, createDoctor, openClinicDate, sql, type TestDoctor } from '../appointments/support';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';

// A patient moves their own visit: one row changes (the old slot freed, the new one taken together), the race rule
// holds for the new slot, the reminders move, the patient gets the updated calendar event and the doctor is told.
jest.setTimeout(90_000);

interface JobRow {
  state: string;
  start_after: Date;
  data: { kind: string; channel: string };
}
const remindersOf = async (appointmentId: number) =>
  (
    await sql<JobRow>('support', `SELECT state, start_after, data FROM job WHERE name = 'communications-send' AND (data->>'appointment_id')::int = $1 ORDER BY start_after, data->>'channel'`, [
      appointmentId,
    ])
  ).filter((j) => j.data.kind.startsWith('reminder-'));

describe('rescheduling an appointment (real NATS + PostgreSQL + sandboxes)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;
  let doctor: TestDoctor;
  let doctorEmail: string;

  beforeAll(async () => {
    inbox = await startMailInbox();
    platform = await startPaymentPlatform(
      { auth: AuthModule, appointment: AppointmentModule, support: SupportModule },
      { SMTP_URL: inbox.smtpUrl, MESSAGE_POLL_SECONDS: '1', PUBLIC_APP_URL: 'https://afya.test' },
    );
    const admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    doctorEmail = (await sql<{ email: string }>('auth', `SELECT email FROM users WHERE user_id = $1`, [doctor.userId]))[0].email;
  });

  afterAll(async () => {
    await platform?.close();
    await inbox?.close();
  });

  it('moves the visit in one step: same appointment, old slot free, reminders moved, the patient and the doctor told', async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo', contact_phone: '+254722100301' });
    const from = { appointment_date: openClinicDate(4), time_slot: '09:00 AM' };
    const to = { appointment_date: openClinicDate(5), time_slot: '02:30 PM' };
    const booked = await bookAs<{ appointment_id: number; total_amount: number; created_at: string }>(platform, patient.token, doctor.doctorId, from);
    await eventually(async () => expect(await remindersOf(booked.appointment_id)).toHaveLength(4), 10_000);

    const moved = await platform.api('PATCH', `/appointments/${booked.appointment_id}/reschedule`, { token: patient.token, body: to });
    expect(moved.status).toBe(200);
    expect(moved.body.appointment).toMatchObject({ appointment_id: booked.appointment_id, ...to, appointment_status: 'Pending', total_amount: booked.total_amount, created_at: booked.created_at });

    // the old slot is free at once: another patient books it
    const other = await signUpAndIn(platform, { firstname: 'Baraka', lastname: 'Mwangi', contact_phone: '+254722100302' });
    await bookAs(platform, other.token, doctor.doctorId, from);

    const start = new Date(`${to.appointment_date}T11:30:00.000Z`).getTime();
    await eventually(async () => {
      const reminders = await remindersOf(booked.appointment_id);
      expect(reminders.filter((j) => j.state === 'cancelled')).toHaveLength(4);
      expect(reminders.filter((j) => j.state === 'created').map((j) => [j.data.kind, new Date(j.start_after).getTime()])).toEqual([
        ['reminder-24h', start - 24 * 3600_000],
        ['reminder-24h', start - 24 * 3600_000],
        ['reminder-2h', start - 2 * 3600_000],
        ['reminder-2h', start - 2 * 3600_000],
      ]);
    }, 10_000);

    const email = await eventually(async () => {
      const found = (await inbox.emails()).find((e) => e.to.some((t) => t.address === patient.details.email) && e.subject === 'Your appointment has moved');
      if (!found) throw new Error('no reschedule email yet');
      return found;
    }, 20_000);
    const ics = await (await fetch(`${inbox.webUrl}/api/email/${email.id}/attachment/${email.attachments![0].generatedFileName}`)).text();
    expect(ics).toContain(`UID:appointment-${booked.appointment_id}@afya.test`);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain(`DTSTART;TZID=Africa/Nairobi:${to.appointment_date.replace(/-/g, '')}T143000`);
    const toDoctor = await eventually(async () => {
      const found = (await inbox.emails()).find((e) => e.to.some((t) => t.address === doctorEmail));
      if (!found) throw new Error('the doctor was not told yet');
      return found;
    }, 20_000);
    expect(toDoctor.subject).toBe('A patient moved their appointment');
    expect(toDoctor.text).toContain('Patient: Achieng Odhiambo');
    await eventually(() => expect(platform.sandboxes.sms.messages.filter((m) => m.to === '+254722100301').map((m) => m.message.split(' Dr ')[0])).toEqual(['Afya: booked', 'Afya: moved to']), 20_000);
  });

  it('refuses a taken slot (409), a slot less than 24 h away, someone else’s appointment, and bad input, changing nothing', async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Chebet', lastname: 'Kiprono' });
    const stranger = await signUpAndIn(platform, { firstname: 'Dan', lastname: 'Other' });
    const mine = await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(6), time_slot: '09:00 AM' });
    await bookAs(platform, stranger.token, doctor.doctorId, { appointment_date: openClinicDate(6), time_slot: '09:30 AM' });
    const move = (body: unknown, token = patient.token) => platform.api('PATCH', `/appointments/${mine.appointment_id}/reschedule`, { token, body });

    expect(await move({ appointment_date: openClinicDate(6), time_slot: '09:30 AM' })).toMatchObject({ status: 409, body: { message: 'That time slot is no longer available. Please choose another.' } });
    expect(await move({ appointment_date: openClinicDate(6), time_slot: '09:00 AM' })).toMatchObject({ status: 400, body: { message: 'Please choose a different date or time' } });
    expect((await move({ appointment_date: openClinicDate(6), time_slot: '10:00 AM' }, stranger.token)).status).toBe(404);
    expect((await move({ appointment_date: 'tomorrow', time_slot: '10:00 AM' })).status).toBe(400);
    expect((await move({ appointment_date: openClinicDate(6), time_slot: '10:15 AM' })).status).toBe(400);
    expect((await move({ appointment_date: clinicDate(60), time_slot: '10:00 AM' })).status).toBe(400);
    // less than 24 hours ahead: set the visit to start in 12 hours (as time would), then try
    await sql('appointment', `UPDATE appointments SET starts_at = now() + interval '12 hours' WHERE appointment_id = $1`, [mine.appointment_id]);
    expect(await move({ appointment_date: openClinicDate(7), time_slot: '10:00 AM' })).toMatchObject({ status: 400, body: { message: 'Appointments can only be rescheduled at least 24 hours before they start' } });
    const [row] = await sql('appointment', `SELECT appointment_date::text AS date, time_slot FROM appointments WHERE appointment_id = $1`, [mine.appointment_id]);
    expect(row).toEqual({ date: openClinicDate(6), time_slot: '09:00 AM' });
  });

  it('the race rule holds for the new slot: of 20 patients moving into one free slot at once, exactly one gets it', async () => {
    const target = { appointment_date: openClinicDate(9), time_slot: '04:00 PM' };
    const patients = await Promise.all(Array.from({ length: 20 }, (_, i) => signUpAndIn(platform, { firstname: `Race${i}`, lastname: 'Patient' })));
    const booked: { appointment_id: number }[] = [];
    for (const [i, p] of patients.entries()) {
      booked.push(await bookAs(platform, p.token, doctor.doctorId, { appointment_date: openClinicDate(10 + Math.floor(i / 14)), time_slot: ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM', '05:00 PM', '05:30 PM'][i % 14] }));
    }
    const results = await Promise.all(patients.map((p, i) => platform.api('PATCH', `/appointments/${booked[i].appointment_id}/reschedule`, { token: p.token, body: target })));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    const holders = await sql('appointment', `SELECT count(*)::int AS n FROM appointments WHERE doctor_id = $1 AND appointment_date = $2 AND time_slot = $3`, [doctor.doctorId, target.appointment_date, target.time_slot]);
    expect(holders[0].n).toBe(1);
    // the 19 that lost still hold their own slots
    const still = await sql('appointment', `SELECT count(*)::int AS n FROM appointments WHERE appointment_id = ANY($1) AND appointment_date <> $2`, [booked.map((b) => b.appointment_id), target.appointment_date]);
    expect(still[0].n).toBe(19);
  });
});
