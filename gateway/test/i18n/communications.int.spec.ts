import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { bookAs, createDoctor, openClinicDate, sql, type TestDoctor } from '../appointments/support';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

jest.setTimeout(90_000);

/**
 * Emails and SMS in the recipient's stored language (PATCH /user/profile {language}), learnt by the support service
 * from auth's user events; not in the language of whoever caused the message. Read back from the SMTP server
 * (MailDev) and the Africa's Talking sandbox.
 */
describe('emails and SMS in the recipient’s language (real NATS + PostgreSQL + SMTP + SMS sandbox)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;
  let doctor: TestDoctor;

  beforeAll(async () => {
    inbox = await startMailInbox();
    platform = await startPaymentPlatform(
      { auth: AuthModule, appointment: AppointmentModule, support: SupportModule },
      { SMTP_URL: inbox.smtpUrl, MESSAGE_RETRY_DELAY_SECONDS: '1', MESSAGE_POLL_SECONDS: '1', PUBLIC_APP_URL: 'https://afya.test' },
    );
    const admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
  });

  afterAll(async () => {
    await platform?.close();
    await inbox?.close();
  });

  const emailTo = (address: string, subject: string) =>
    eventually(async () => {
      const found = (await inbox.emails()).filter((e) => e.to.some((t) => t.address === address) && e.subject === subject);
      if (!found.length) throw new Error(`no "${subject}" email yet`);
      return found.at(-1)!;
    }, 20_000);
  const smsTo = (phone: string, pattern: RegExp) =>
    eventually(() => {
      const found = platform.sandboxes.sms.messages.filter((m) => m.to === phone && pattern.test(m.message));
      if (!found.length) throw new Error(`no SMS like ${pattern} yet`);
      return found.at(-1)!;
    }, 20_000);

  /** A patient who chose Kiswahili, once the support service has heard of the choice. */
  async function swahiliPatient(phone: string) {
    const patient = await signUpAndIn(platform, { firstname: 'Wanjiru', lastname: 'Kamau', contact_phone: phone });
    expect((await platform.api('PATCH', '/user/profile', { token: patient.token, body: { language: 'sw' } })).status).toBe(200);
    await eventually(async () => {
      expect(await sql('support', `SELECT language FROM user_directory WHERE user_id = $1`, [patient.user.user_id])).toEqual([{ language: 'sw' }]);
    }, 10_000);
    return patient;
  }

  it('a booking confirmation by email (with its calendar event) and SMS in Kiswahili', async () => {
    const patient = await swahiliPatient('0722 100 301');
    const date = openClinicDate(5);
    const appointment = await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: date, time_slot: '02:30 PM' });

    const email = await emailTo(patient.details.email, 'Miadi yako imewekwa');
    expect(email.text).toContain('Habari Wanjiru Kamau,');
    expect(email.text).toContain('Daktari: Dkt Grace Wanjiku');
    expect(email.text).toContain('Saa: 14:30 (saa za Afrika Mashariki)');
    expect(email.text).toContain('Aina: Ushauri wa daktari');
    expect(email.text).not.toMatch(/Doctor:|Your appointment/);
    const ics = await (await fetch(`${inbox.webUrl}/api/email/${email.id}/attachment/${email.attachments![0].generatedFileName}`)).text();
    expect(ics).toContain('SUMMARY:Miadi na Dkt Grace Wanjiku');
    expect(ics).toContain(`UID:appointment-${appointment.appointment_id}@afya.test`);

    const sms = await smsTo('+254722100301', /^Afya: miadi na Dkt/);
    expect(sms.message).toMatch(/^Afya: miadi na Dkt Grace Wanjiku imewekwa, \w+, \d{1,2} \w{3} 14:30\. https:\/\/afya\.test\/dashboard\/appointments$/);
    expect(sms.parts).toBe(1);
  });

  it('the language is the recipient’s, not the caller’s: an English patient booking from a Kiswahili browser reads English', async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo', contact_phone: '0722 100 302' });
    const booked = await platform.api('POST', '/appointments', {
      token: patient.token,
      headers: { 'accept-language': 'sw' },
      body: { doctor_id: doctor.doctorId, appointment_date: openClinicDate(6), time_slot: '09:00 AM', appointment_type: 'Consultation', notes: 'Chest pain when climbing stairs.' },
    });
    expect(booked.status).toBe(201);
    expect(booked.body.message).toBe('Miadi imewekwa! Tafadhali endelea na malipo.');
    const email = await emailTo(patient.details.email, 'Your appointment is booked');
    expect(email.text).toContain('Doctor: Dr Grace Wanjiku');
    const sms = await smsTo('+254722100302', /^Afya: booked/);
    expect(sms.message).toMatch(/^Afya: booked Dr Grace Wanjiku, \w{3} \d{1,2} \w{3} 09:00 AM\. /);
  });

  it('the password reset code by SMS, and the link by email, in Kiswahili; one SMS part', async () => {
    const patient = await swahiliPatient('0722 100 303');
    expect((await platform.api('POST', '/auth/forgot-password', { body: { phone: '0722100303' } })).status).toBe(200);
    const sms = await smsTo('+254722100303', /msimbo/);
    expect(sms.message).toMatch(/^Afya: msimbo wako wa kuweka upya nenosiri ni \d{6}\. Ni halali kwa dakika 30\. Kama hukuuomba, puuza ujumbe huu\.$/);
    expect(sms.parts).toBe(1);

    expect((await platform.api('POST', '/auth/forgot-password', { body: { email: patient.details.email } })).status).toBe(200);
    const email = await emailTo(patient.details.email, 'Weka upya nenosiri lako la Afya');
    expect(email.text).toContain('Habari Wanjiru,');
    expect(email.text).toMatch(/https:\/\/afya\.test\/reset-password\?token=[A-Za-z0-9_-]+/);
    expect(email.text).toContain('dakika 30');
  });
});
