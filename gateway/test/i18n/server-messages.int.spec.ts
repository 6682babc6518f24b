import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { booking, clinicDateOn, createDoctor, TestDoctor } from '../appointments/support';

jest.setTimeout(60_000);

const SW = { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' };

/**
 * Server messages follow Accept-Language: Kiswahili when the client asks for it, and, for a client that sends
 * none (or asks only for languages we do not speak), the English exactly as CONTRACT.md writes it.
 */
describe('server messages in the language asked for (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;
  let doctor: TestDoctor;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
    const admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { fee: 2500, firstname: 'Faith', lastname: 'Mwangi', available_days: ['Monday'] });
    patient = await signUpAndIn(platform);
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('a wrong password (401)', () => {
    const login = (headers?: Record<string, string>) =>
      platform.api('POST', '/auth/login', { body: { email: patient.details.email, password: 'Wrong#2026' }, headers });

    it.each([
      ['no Accept-Language', undefined, 'Invalid email or password'],
      ['English', { 'accept-language': 'en-KE' }, 'Invalid email or password'],
      ['a language we do not speak', { 'accept-language': 'fr-FR,de;q=0.8' }, 'Invalid email or password'],
      ['Kiswahili refused with q=0', { 'accept-language': 'sw;q=0,fr' }, 'Invalid email or password'],
      ['Kiswahili', SW, 'Barua pepe au nenosiri si sahihi'],
      ['Kiswahili preferred by q-value', { 'accept-language': 'en;q=0.4, sw;q=0.9' }, 'Barua pepe au nenosiri si sahihi'],
    ])('%s', async (_, headers, message) => {
      const response = await login(headers);
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(message);
    });

    it('says which language it answered in, and that the answer varies with it', async () => {
      const response = await login(SW);
      expect(response.headers.get('content-language')).toBe('sw');
      expect(response.headers.get('vary')).toMatch(/accept-language/i);
    });
  });

  describe('booking validation (400), every message of the form', () => {
    it('English', async () => {
      const response = await platform.api('POST', '/appointments', { token: patient.token, body: {} });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Please select a doctor');
      expect(response.body.errors).toEqual(['Please select a doctor', 'Please select a date', 'Please select a time', 'Please provide a reason (at least 10 characters)']);
    });

    it('Kiswahili', async () => {
      const response = await platform.api('POST', '/appointments', { token: patient.token, body: {}, headers: SW });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Tafadhali chagua daktari');
      expect(response.body.errors).toEqual(['Tafadhali chagua daktari', 'Tafadhali chagua tarehe', 'Tafadhali chagua saa', 'Tafadhali eleza sababu (angalau herufi 10)']);
    });

    it('a message with values in it: the doctor and the weekday', async () => {
      const body = booking(doctor.doctorId, { appointment_date: clinicDateOn(2) }); // a Tuesday
      const english = await platform.api('POST', '/appointments', { token: patient.token, body });
      expect(english.body.message).toBe('Dr. Faith Mwangi does not see patients on Tuesdays. Please choose another date.');
      const swahili = await platform.api('POST', '/appointments', { token: patient.token, body, headers: SW });
      expect(swahili.status).toBe(400);
      expect(swahili.body.message).toBe('Dkt. Faith Mwangi haoni wagonjwa siku ya Jumanne. Tafadhali chagua tarehe nyingine.');
    });
  });

  it('a success message, and the data beside it untouched', async () => {
    const body = booking(doctor.doctorId, { appointment_date: clinicDateOn(1, 2), notes: 'Kifua kinauma ninapopanda ngazi.' });
    const response = await platform.api('POST', '/appointments', { token: patient.token, body, headers: SW });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Miadi imewekwa! Tafadhali endelea na malipo.');
    expect(response.body.appointment).toMatchObject({ notes: 'Kifua kinauma ninapopanda ngazi.', appointment_status: 'Pending', total_amount: 2500 });
  });

  it.each([
    [undefined, 'Appointment not found'],
    [SW, 'Miadi haikupatikana'],
  ])('a missing appointment (404) with %j', async (headers, message) => {
    const response = await platform.api('GET', '/appointments/999999', { token: patient.token, headers });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(message);
  });

  it.each([
    [undefined, 'Authentication required'],
    [SW, 'Tafadhali ingia kwanza'],
  ])('no token (401) with %j', async (headers, message) => {
    const response = await platform.api('GET', '/user/profile', { headers });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(message);
  });
});
