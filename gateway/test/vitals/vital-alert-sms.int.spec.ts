import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PrescriptionModule } from '@afya/prescription-service/src/prescription.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { bookAs, createDoctor, openClinicDate, sql, type TestDoctor } from '../appointments/support';
import { startPaymentPlatform, type Sandboxes } from '../payments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

jest.setTimeout(120_000);

const TREATING_PHONE = '+254722100391';
const STRANGER_PHONE = '+254722100392';

/**
 * Issue 39, decision 0107: a critical reading's alert reaches its doctor by SMS (Africa's Talking sandbox) and email
 * (MailDev) through the support service, in the doctor's language, saying only where to look: never the value, never
 * the patient. A doctor not caring for the patient gets nothing. Real NATS and PostgreSQL; auth, appointment,
 * prescription and support services.
 */
describe('a critical reading’s alert reaches the doctor (real NATS + PostgreSQL + SMS sandbox + MailDev)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;
  let treating: TestDoctor;
  let stranger: TestDoctor;

  const smsTo = (phone: string) => platform.sandboxes.sms.messages.filter((m) => m.to === phone);
  const profile = (token: string, body: Record<string, unknown>) => platform.api('PATCH', '/user/profile', { token, body });

  beforeAll(async () => {
    inbox = await startMailInbox();
    platform = await startPaymentPlatform(
      { auth: AuthModule, appointment: AppointmentModule, prescription: PrescriptionModule, support: SupportModule },
      { SMTP_URL: inbox.smtpUrl, MESSAGE_POLL_SECONDS: '1', PUBLIC_APP_URL: 'https://afya.test' },
    );
    const admin = await createAdmin(platform);
    treating = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    stranger = await createDoctor(platform, admin.token, { firstname: 'Ibrahim', lastname: 'Abdi' });
    // Each doctor's own phone; the treating doctor reads Kiswahili.
    expect((await profile(treating.token, { contact_phone: TREATING_PHONE, language: 'sw' })).status).toBe(200);
    expect((await profile(stranger.token, { contact_phone: STRANGER_PHONE })).status).toBe(200);
    await eventually(async () => {
      const rows = await sql('support', `SELECT user_id, contact_phone, language FROM user_directory WHERE user_id = ANY($1::int[]) ORDER BY user_id`, [[treating.userId, stranger.userId]]);
      expect(rows).toEqual([
        { user_id: treating.userId, contact_phone: TREATING_PHONE, language: 'sw' },
        { user_id: stranger.userId, contact_phone: STRANGER_PHONE, language: 'en' },
      ]);
    }, 15_000);
  });

  afterAll(async () => {
    await platform?.close();
    await inbox?.close();
  });

  it('a home 185/95 sends the caring doctor one SMS and one email in their language, with no value and no name; the other doctor nothing', async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Wambui', lastname: 'Kariuki', contact_phone: '+254722100393' });
    const admin = await createAdmin(platform);
    const visit = await bookAs(platform, patient.token, treating.doctorId, { appointment_date: openClinicDate(2), time_slot: '09:00 AM' });
    expect((await platform.api('PATCH', `/appointments/${visit.appointment_id}/override`, { token: admin.token, body: { status: 'Confirmed' } })).status).toBe(200);
    await eventually(async () => {
      const [row] = await sql('prescription', `SELECT appointment_status FROM appointments WHERE appointment_id = $1`, [visit.appointment_id]);
      if (row?.appointment_status !== 'Confirmed') throw new Error('read model not there yet');
    }, 15_000);

    const recorded = await platform.api('POST', '/vitals', { token: patient.token, body: { kind: 'blood_pressure', values: { systolic: 185, diastolic: 95 } } });
    expect(recorded.status).toBe(201);
    expect(recorded.body.reading.level).toBe('critical');
    const [alert] = await sql<{ alert_id: number; doctor_user_id: number }>('prescription', `SELECT alert_id, doctor_user_id FROM vital_alerts WHERE reading_id = $1`, [recorded.body.reading.reading_id]);
    expect(alert.doctor_user_id).toBe(treating.userId);
    // The event carries ids only (the values stay in the prescription service).
    const events = await sql<{ data: Record<string, unknown> }>('prescription', `SELECT payload->'data' AS data FROM outbox WHERE type = $1 AND payload->'data'->>'reading_id' = $2`, [
      'prescription.vital-alert.created.v1',
      String(recorded.body.reading.reading_id),
    ]);
    expect(events.map((e) => e.data)).toEqual([{ alert_id: alert.alert_id, reading_id: recorded.body.reading.reading_id, patient_id: patient.user.user_id, doctor_user_id: treating.userId, level: 'critical' }]);
    const [{ email: doctorEmail }] = await sql<{ email: string }>('support', `SELECT email FROM user_directory WHERE user_id = $1`, [treating.userId]);

    const link = 'https://afya.test/dashboard/doctor/vital-alerts';
    await eventually(async () => {
      expect(smsTo(TREATING_PHONE).map((m) => m.message)).toEqual([`Afya: mgonjwa unayemhudumia ameweka kipimo cha hatari. Tazama tahadhari zako: ${link}`]);
      const emails = (await inbox.emails()).filter((e) => e.to.some((to) => to.address === doctorEmail));
      expect(emails.map((e) => e.subject)).toEqual(['Mgonjwa unayemhudumia ameweka kipimo cha hatari']);
    }, 30_000);
    const [email] = (await inbox.emails()).filter((e) => e.to.some((to) => to.address === doctorEmail));
    expect(email.text).toContain(link);
    for (const text of [email.text, smsTo(TREATING_PHONE)[0].message]) {
      expect(text).not.toMatch(/185|95|Wambui|Kariuki/);
    }

    // One delivery per channel, both sent, for this alert's doctor only (the consumer applies an event once).
    await eventually(async () => {
      const rows = await sql('support', `SELECT user_id, channel, status FROM deliveries WHERE kind = 'vital-alert' ORDER BY user_id, channel`);
      expect(rows.map((r) => [r.user_id, r.channel, r.status])).toEqual([
        [treating.userId, 'email', expect.stringMatching(/^(sent|delivered)$/)],
        [treating.userId, 'sms', expect.stringMatching(/^(sent|delivered)$/)],
      ]);
    }, 15_000);
    expect(smsTo(STRANGER_PHONE)).toEqual([]);

    // A high (not critical) reading alerts nobody and records no event.
    const high = await platform.api('POST', '/vitals', { token: patient.token, body: { kind: 'blood_pressure', values: { systolic: 150, diastolic: 92 } } });
    expect(high.body.reading.level).toBe('high');
    expect(await sql('prescription', `SELECT alert_id FROM vital_alerts WHERE reading_id = $1`, [high.body.reading.reading_id])).toEqual([]);
    expect(await sql('prescription', `SELECT id FROM outbox WHERE type = $1 AND payload->'data'->>'reading_id' = $2`, ['prescription.vital-alert.created.v1', String(high.body.reading.reading_id)])).toEqual([]);
  });
});
