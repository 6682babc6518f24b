import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { bookAs, clinicDate, createDoctor, openClinicDate, sql, TestDoctor } from './support';

type Session = Awaited<ReturnType<typeof signUpAndIn>>;
type Listed = { appointment_id: number; appointment_date: string; time_slot: string };

// Set-up waits for events between services; the root jest run does not apply the project's testTimeout.
jest.setTimeout(60_000);

/**
 * Issue 8 §6, server side: the doctor's list is an agenda (soonest first), a visit is Completed only once it
 * has started, and a negative fee or amount is refused (never saved as 0).
 */
describe("a doctor's agenda, completing visits, money that cannot be negative (real NATS + PostgreSQL)", () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let patient: Session;
  let other: Session;

  const book = (who: Session, date: string, slot: string) =>
    bookAs<Listed>(platform, who.token, doctor.doctorId, { appointment_date: date, time_slot: slot });
  /** Moves a booking to a past clinic date (no route books in the past). */
  const moveToPast = (id: number, days: number) =>
    sql('appointment', `UPDATE appointments SET appointment_date = $2, starts_at = now() - make_interval(days => $3) WHERE appointment_id = $1`, [
      id,
      clinicDate(-days),
      days,
    ]);
  const visits = (list: Listed[]) => list.map((a) => `${a.appointment_date} ${a.time_slot}`);

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    other = await signUpAndIn(platform, { firstname: 'Kamau', lastname: 'Njoroge' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("lists a doctor's appointments soonest first: coming days by date then slot time, then past days, latest first", async () => {
    // Booked out of order, with slots whose labels sort wrongly as text ('02:00 PM' < '09:30 AM').
    const far = await book(patient, openClinicDate(20), '09:00 AM');
    const afternoon = await book(patient, openClinicDate(2), '02:00 PM');
    const morning = await book(other, openClinicDate(2), '09:30 AM');
    const lateMorning = await book(patient, openClinicDate(2), '11:30 AM');
    const next = await book(other, openClinicDate(1), '05:30 PM');
    const lastWeek = await book(patient, openClinicDate(9), '10:00 AM');
    const yesterday = await book(other, openClinicDate(10), '03:00 PM');
    await moveToPast(lastWeek.appointment_id, 7);
    await moveToPast(yesterday.appointment_id, 1);

    const expected = [
      `${openClinicDate(1)} 05:30 PM`,
      `${openClinicDate(2)} 09:30 AM`,
      `${openClinicDate(2)} 11:30 AM`,
      `${openClinicDate(2)} 02:00 PM`,
      `${openClinicDate(20)} 09:00 AM`,
      `${clinicDate(-1)} 03:00 PM`,
      `${clinicDate(-7)} 10:00 AM`,
    ];
    for (const path of ['/appointments/doctor', '/appointments']) {
      const response = await platform.api('GET', path, { token: doctor.token });
      expect(response.status).toBe(200);
      expect(visits(response.body)).toEqual(expected);
    }
    const stats = await platform.api('GET', '/appointments/stats', { token: doctor.token });
    expect(visits(stats.body.data)).toEqual(expected);

    // A patient's own list keeps its order: newest first.
    const own = await platform.api('GET', '/appointments', { token: patient.token });
    expect(visits(own.body)).toEqual([
      `${openClinicDate(20)} 09:00 AM`,
      `${openClinicDate(2)} 02:00 PM`,
      `${openClinicDate(2)} 11:30 AM`,
      `${clinicDate(-7)} 10:00 AM`,
    ]);
    expect([far, afternoon, morning, lateMorning, next].every((a) => a.appointment_id > 0)).toBe(true);
  });

  it('refuses to complete a visit that has not started (409, with the reason); completes it once its time has come', async () => {
    const visit = await book(patient, openClinicDate(3), '10:30 AM');
    const early = await platform.api('PATCH', `/appointments/${visit.appointment_id}/status`, { token: doctor.token, body: { status: 'Completed' } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('You can complete an appointment only once its time has started.');
    const [row] = await sql('appointment', `SELECT appointment_status, completed_at FROM appointments WHERE appointment_id = $1`, [visit.appointment_id]);
    expect(row).toEqual({ appointment_status: 'Pending', completed_at: null });
    // Not completed, so the patient is not asked to rate it.
    const rating = await platform.api('POST', `/appointments/${visit.appointment_id}/rating`, { token: patient.token, body: { rating: 5 } });
    expect(rating.status).toBe(400);

    // Other status changes by the doctor stay allowed before the visit.
    expect((await platform.api('PATCH', `/appointments/${visit.appointment_id}/status`, { token: doctor.token, body: { status: 'Confirmed' } })).status).toBe(200);

    await moveToPast(visit.appointment_id, 1);
    const done = await platform.api('PATCH', `/appointments/${visit.appointment_id}/status`, { token: doctor.token, body: { status: 'Completed' } });
    expect(done.status).toBe(200);
    expect(done.body.appointment.appointment_status).toBe('Completed');
    expect((await platform.api('POST', `/appointments/${visit.appointment_id}/rating`, { token: patient.token, body: { rating: 5 } })).status).toBe(201);
  });

  it('lets an admin set Completed at any time (CONTRACT.md §4: an admin sets any status freely)', async () => {
    const visit = await book(other, openClinicDate(5), '11:00 AM');
    const response = await platform.api('PATCH', `/appointments/${visit.appointment_id}/override`, { token: admin.token, body: { status: 'Completed' } });
    expect(response.status).toBe(200);
    expect(response.body.appointment.appointment_status).toBe('Completed');
  });

  it('refuses a negative fee with 400 and keeps the fee it had; 0 is a fee', async () => {
    expect((await platform.api('PATCH', `/doctor/${doctor.doctorId}/fee`, { token: doctor.token, body: { fee: 2500 } })).status).toBe(200);
    for (const fee of [-1, -0.01, -2500, '-5', ' -5 ']) {
      const refused = await platform.api('PATCH', `/doctor/${doctor.doctorId}/fee`, { token: doctor.token, body: { fee } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Fee must be a number of at least 0');
    }
    const [kept] = await sql('appointment', `SELECT fee::float8 AS fee FROM doctors WHERE doctor_id = $1`, [doctor.doctorId]);
    expect(kept.fee).toBe(2500);
    const free = await platform.api('PATCH', `/doctor/${doctor.doctorId}/fee`, { token: doctor.token, body: { fee: 0 } });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ fee: 0, doctor: { fee: 0 } });
  });

  it('refuses a negative amount with 400 and keeps the amount it had; 0 is an amount', async () => {
    const visit = await book(patient, openClinicDate(6), '09:00 AM');
    const path = `/appointments/${visit.appointment_id}/amount`;
    expect((await platform.api('PATCH', path, { token: admin.token, body: { total_amount: 1200 } })).status).toBe(200);
    for (const total_amount of [-1, -0.5, -1200, '-5']) {
      const refused = await platform.api('PATCH', path, { token: admin.token, body: { total_amount } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Amount must be a number of at least 0');
    }
    const [kept] = await sql('appointment', `SELECT total_amount::float8 AS amount FROM appointments WHERE appointment_id = $1`, [visit.appointment_id]);
    expect(kept.amount).toBe(1200);
    const zero = await platform.api('PATCH', path, { token: admin.token, body: { total_amount: 0 } });
    expect(zero.status).toBe(200);
    expect(zero.body.appointment.total_amount).toBe(0);
  });

  it('answers numbers as numbers in every view (pg numeric and bigint columns arrive as text)', async () => {
    await platform.api('PATCH', `/doctor/${doctor.doctorId}/fee`, { token: doctor.token, body: { fee: 1850.5 } });
    const visit = await book(patient, openClinicDate(8), '03:30 PM');
    expect(visit).toMatchObject({ total_amount: 1850.5, duration: 25 });
    const single = await platform.api('GET', `/appointments/${visit.appointment_id}`, { token: patient.token });
    expect(typeof single.body.appointment.total_amount).toBe('number');
    for (const [token, path] of [
      [patient.token, '/appointments'],
      [doctor.token, '/appointments/doctor'],
      [admin.token, '/admin/appointments'],
    ] as const) {
      const { body } = await platform.api('GET', path, { token });
      for (const a of path === '/admin/appointments' ? body.appointments : body) {
        expect([typeof a.total_amount, typeof a.duration, typeof a.appointment_id, typeof a.doctor_id]).toEqual(['number', 'number', 'number', 'number']);
        if (a.rating !== null) expect(typeof a.rating).toBe('number');
      }
    }
    const doctors = await platform.api('GET', '/appointments/doctors', { token: patient.token });
    expect(doctors.body.doctors.find((d: { doctor_id: number }) => d.doctor_id === doctor.doctorId).fee).toBe(1850.5);
    const profile = await platform.api('GET', `/doctor/profile-by-user/${doctor.userId}`, { token: doctor.token });
    expect(profile.body.fee).toBe(1850.5);
    const adminStats = await platform.api('GET', '/user/dashboard', { token: admin.token });
    expect(typeof adminStats.body.stats.bookedAmount).toBe('number');
    expect(typeof adminStats.body.stats.paidAmount).toBe('number');
    const users = await platform.api('GET', '/admin/users', { token: admin.token });
    for (const user of users.body.users) expect(typeof user.appointments_count).toBe('number');
  });
});
