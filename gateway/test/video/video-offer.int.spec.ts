import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { booking, createDoctor, openClinicDate, TestDoctor } from '../appointments/support';

jest.setTimeout(60_000);

describe('video visits offered per doctor (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let other: TestDoctor;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { fee: 2000 });
    other = await createDoctor(platform, admin.token, { firstname: 'Brian', lastname: 'Otieno' });
    patient = await signUpAndIn(platform);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('a doctor starts without video, turns it on and off; the profile and the doctors list show it', async () => {
    const before = await platform.api('GET', `/doctor/profile-by-user/${doctor.userId}`, { token: doctor.token });
    expect(before.body.offers_video).toBe(false);
    const on = await platform.api('PATCH', `/doctor/${doctor.doctorId}/video`, { token: doctor.token, body: { offers_video: true } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ offers_video: true, message: 'Video visits turned on.' });
    const list = await platform.api('GET', '/appointments/doctors', { token: patient.token });
    const listed = (list.body.doctors as { doctor_id: number; offers_video: boolean }[]).find((d) => d.doctor_id === doctor.doctorId);
    expect(listed?.offers_video).toBe(true);
    const off = await platform.api('PATCH', `/doctor/${doctor.doctorId}/video`, { token: doctor.token, body: { offers_video: false } });
    expect(off.body).toMatchObject({ offers_video: false, message: 'Video visits turned off.' });
    await platform.api('PATCH', `/doctor/${doctor.doctorId}/video`, { token: doctor.token, body: { offers_video: true } });
  });

  it("only the doctor themself or an admin changes it; a bad value is refused and changes nothing", async () => {
    expect((await platform.api('PATCH', `/doctor/${doctor.doctorId}/video`, { token: patient.token, body: { offers_video: false } })).status).toBe(403);
    expect((await platform.api('PATCH', `/doctor/${doctor.doctorId}/video`, { token: other.token, body: { offers_video: false } })).status).toBe(404);
    const bad = await platform.api('PATCH', `/doctor/${doctor.doctorId}/video`, { token: doctor.token, body: { offers_video: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('offers_video must be true or false');
    const admin_ = await platform.api('PATCH', `/doctor/${other.doctorId}/video`, { token: admin.token, body: { offers_video: false } });
    expect(admin_.status).toBe(200);
    const still = await platform.api('GET', `/doctor/profile-by-user/${doctor.userId}`, { token: doctor.token });
    expect(still.body.offers_video).toBe(true);
  });

  it('a booking that names no mode is in person; video is chosen with a doctor who offers it, at the same fee', async () => {
    const plain = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { time_slot: '09:00 AM' }) });
    expect(plain.status).toBe(201);
    expect(plain.body.appointment).toMatchObject({ visit_mode: 'in_person', total_amount: 2000 });
    const video = await platform.api('POST', '/appointments', {
      token: patient.token,
      body: booking(doctor.doctorId, { time_slot: '09:30 AM', visit_mode: 'video' }),
    });
    expect(video.status).toBe(201);
    expect(video.body.appointment).toMatchObject({ visit_mode: 'video', total_amount: 2000 });
    const mine = await platform.api('GET', '/appointments', { token: patient.token });
    const rows = (Array.isArray(mine.body) ? mine.body : mine.body.appointments) as { appointment_id: number; visit_mode: string }[];
    expect(rows.find((a) => a.appointment_id === video.body.appointment.appointment_id)?.visit_mode).toBe('video');
    expect(rows.find((a) => a.appointment_id === plain.body.appointment.appointment_id)?.visit_mode).toBe('in_person');
    const one = await platform.api('GET', `/appointments/${video.body.appointment.appointment_id}`, { token: doctor.token });
    expect(one.body.appointment.visit_mode).toBe('video');
  });

  it('refuses video with a doctor who does not offer it, and an unknown mode, booking nothing', async () => {
    const noVideo = await platform.api('POST', '/appointments', {
      token: patient.token,
      body: booking(other.doctorId, { time_slot: '10:00 AM', appointment_date: openClinicDate(6), visit_mode: 'video' }),
    });
    expect(noVideo.status).toBe(400);
    expect(noVideo.body.message).toBe('This doctor does not offer video visits. Please choose In person.');
    const unknown = await platform.api('POST', '/appointments', {
      token: patient.token,
      body: booking(doctor.doctorId, { time_slot: '10:00 AM', appointment_date: openClinicDate(6), visit_mode: 'phone' }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Visit mode must be in_person or video');
    const availability = await platform.api('GET', `/appointments/availability?doctor_id=${other.doctorId}&date=${openClinicDate(6)}`, { token: patient.token });
    expect(availability.body.slots.find((s: { time_slot: string }) => s.time_slot === '10:00 AM').available).toBe(true);
  });
});
