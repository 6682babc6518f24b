import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PrescriptionModule } from '@afya/prescription-service/src/prescription.module';
import { pdfText } from '@afya/service-shared';
import { bookAs, createDoctor, openClinicDate } from '../appointments/support';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

jest.setTimeout(90_000);

/** A PDF made for the person asking: Accept-Language travels from the gateway to the service in the request context. */
describe('the prescription PDF in the requester’s language (real NATS + PostgreSQL + Chromium)', () => {
  let platform: TestPlatform;
  let prescriptionId: number;
  let patientToken: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule, prescription: PrescriptionModule });
    const admin = await createAdmin(platform);
    const doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    const patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    patientToken = patient.token;
    const visit = await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '02:30 PM' });
    expect((await platform.api('PATCH', `/appointments/${visit.appointment_id}/override`, { token: admin.token, body: { status: 'Completed' } })).status).toBe(200);
    const written = await platform.api('POST', '/prescriptions', {
      token: doctor.token,
      body: { appointment_id: visit.appointment_id, medicines: [{ name: 'Amoxicillin', dosage: '500mg', frequency: 'Three times daily', instructions: 'After meals for 7 days' }], notes: 'Pumzika na unywe maji mengi.' },
      headers: { 'accept-language': 'sw' },
    });
    expect(written.status).toBe(201);
    expect(written.body.message).toBe('Agizo la dawa limeandikwa!');
    prescriptionId = written.body.prescription.prescription_id;
  });

  afterAll(async () => {
    await platform?.close();
  });

  const pdf = async (headers: Record<string, string> = {}) => {
    const response = await platform.api('GET', `/prescriptions/${prescriptionId}/pdf`, { token: patientToken, headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return pdfText(response.body as Buffer);
  };

  it('English for a client that asks for no language we speak', async () => {
    for (const headers of [{}, { 'accept-language': 'fr-FR' }] as Record<string, string>[]) {
      const text = await pdf(headers);
      expect(text).toContain('Afya Clinic');
      expect(text).toContain('Dr. Grace Wanjiku');
      expect(text).toContain('02:30 PM');
      expect(text).not.toContain('Kliniki ya Afya');
    }
  });

  it('Kiswahili when asked; the medicines and the doctor’s notes as written', async () => {
    const text = await pdf({ 'accept-language': 'en;q=0.3, sw-KE;q=0.9' });
    for (const expected of ['Kliniki ya Afya', 'Agizo la dawa RX-', 'Dkt. Grace Wanjiku', 'Ushauri wa daktari 14:30', 'Kipimo', 'Amoxicillin', 'Three times daily', 'After meals for 7 days', 'Pumzika na unywe maji mengi.']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Afya Clinic');
  });
});
