import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { eventually } from '@afya/service-shared/testing';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { booking, clinicDate, createDoctor, openClinicDate, sql, TestDoctor } from './support';

// Set-up waits for events between services; the root jest run does not apply the project's testTimeout.
jest.setTimeout(60_000);

type Session = Awaited<ReturnType<typeof signUpAndIn>>;

describe('doctors: profiles, approval, fees, notifications, performance, ratings (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let otherDoctor: TestDoctor;
  let patient: Session;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku', specialization: 'Cardiology' });
    otherDoctor = await createDoctor(platform, admin.token, { firstname: 'Ibrahim', lastname: 'Abdi', specialization: 'Neurology', fee: 4500 });
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('profiles from user events and approval', () => {
    it('a patient made doctor by an admin gets a pending profile, bookable only once approved (doctor.approved)', async () => {
      const user = await signUpAndIn(platform, { firstname: 'Faith', lastname: 'Mwangi' });
      const promoted = await platform.api('PATCH', `/admin/users/${user.user.user_id}`, { token: admin.token, body: { role: 'doctor' } });
      expect(promoted.status).toBe(200);
      const profile = await eventually(async () => {
        const list = await platform.api('GET', '/admin/doctors', { token: admin.token });
        const found = list.body.doctors.find((d: { user_id: number }) => d.user_id === user.user.user_id);
        expect(found).toBeDefined();
        return found;
      }, 10_000);
      expect(profile).toMatchObject({ first_name: 'Faith', last_name: 'Mwangi', approval_status: 'pending', approved: false, fee: null, specialization: null });
      expect((await platform.api('GET', '/admin/doctors', { token: admin.token })).body.pending).toBeGreaterThanOrEqual(1);

      const listed = async () => (await platform.api('GET', '/appointments/doctors', { token: patient.token })).body.doctors.map((d: { doctor_id: number }) => d.doctor_id);
      expect(await listed()).not.toContain(profile.doctor_id);
      // Admins see it (with its state) in the doctors list too.
      expect((await platform.api('GET', '/appointments/doctors', { token: admin.token })).body.doctors.map((d: { doctor_id: number }) => d.doctor_id)).toContain(profile.doctor_id);

      expect((await platform.api('PATCH', `/admin/doctors/${profile.doctor_id}/approve`, { token: patient.token })).status).toBe(403);
      expect((await platform.api('PATCH', `/admin/doctors/${profile.doctor_id}/approve`, { token: doctor.token })).status).toBe(403);
      const badSpecialty = await platform.api('PATCH', `/admin/doctors/${profile.doctor_id}/approve`, { token: admin.token, body: { specialization: 'Astrology' } });
      expect(badSpecialty.status).toBe(400);
      const approved = await platform.api('PATCH', `/admin/doctors/${profile.doctor_id}/approve`, {
        token: admin.token,
        body: { specialization: 'Endocrinology', available_days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] },
      });
      expect(approved.status).toBe(200);
      expect(approved.body.doctor).toMatchObject({ approval_status: 'approved', approved: true, specialization: 'Endocrinology' });
      expect(await listed()).toContain(profile.doctor_id);
      expect(await sql('appointment', `SELECT 1 FROM outbox WHERE type = 'appointment.doctor.approved.v1' AND (payload->'data'->>'doctor_id')::int = $1`, [profile.doctor_id])).toHaveLength(1);
      // Approving again changes nothing and sends no second event.
      expect((await platform.api('PATCH', `/admin/doctors/${profile.doctor_id}/approve`, { token: admin.token })).status).toBe(200);
      expect(await sql('appointment', `SELECT 1 FROM outbox WHERE type = 'appointment.doctor.approved.v1' AND (payload->'data'->>'doctor_id')::int = $1`, [profile.doctor_id])).toHaveLength(1);
      expect((await platform.api('PATCH', `/admin/doctors/987654/approve`, { token: admin.token })).status).toBe(404);

      // Names follow the user's profile.
      const doctorLogin = await platform.api('POST', '/auth/login', { body: { email: user.details.email, password: user.details.password } });
      expect(doctorLogin.status).toBe(200);
      await platform.api('PATCH', '/user/profile', { token: doctorLogin.body.token, body: { lastname: 'Mwangi-Kariuki' } });
      await eventually(async () => {
        const doctors = (await platform.api('GET', '/appointments/doctors', { token: patient.token })).body.doctors;
        expect(doctors.find((d: { doctor_id: number }) => d.doctor_id === profile.doctor_id).last_name).toBe('Mwangi-Kariuki');
      }, 10_000);

      // Demoted or deleted: no longer listed nor bookable.
      await platform.api('PATCH', `/admin/users/${user.user.user_id}`, { token: admin.token, body: { role: 'user' } });
      await eventually(async () => expect(await listed()).not.toContain(profile.doctor_id), 10_000);
      expect((await platform.api('POST', '/appointments', { token: patient.token, body: booking(profile.doctor_id) })).status).toBe(404);
    });

    it('GET /appointments/doctors lists approved doctors with the fields Find Doctors shows; 401 without a token', async () => {
      const response = await platform.api('GET', '/appointments/doctors', { token: patient.token });
      expect(response.status).toBe(200);
      const found = response.body.doctors.find((d: { doctor_id: number }) => d.doctor_id === otherDoctor.doctorId);
      expect(found).toMatchObject({
        doctor_id: otherDoctor.doctorId,
        user_id: otherDoctor.userId,
        first_name: 'Ibrahim',
        last_name: 'Abdi',
        specialization: 'Neurology',
        fee: 4500,
        contact_phone: '+254712345678',
        available_days: [],
        approval_status: 'approved',
      });
      expect((await platform.api('GET', '/appointments/doctors')).status).toBe(401);
      expect((await platform.api('GET', '/admin/doctors', { token: patient.token })).status).toBe(403);
      expect((await platform.api('GET', '/admin/doctors', { token: doctor.token })).status).toBe(403);
    });
  });

  describe('profile and fee', () => {
    it('GET /doctor/profile-by-user/{userId}: the doctor themself or an admin; doctor_id and fee', async () => {
      const own = await platform.api('GET', `/doctor/profile-by-user/${doctor.userId}`, { token: doctor.token });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ doctor_id: doctor.doctorId, fee: null, doctor: { doctor_id: doctor.doctorId, first_name: 'Grace' } });
      expect((await platform.api('GET', `/doctor/profile-by-user/${doctor.userId}`, { token: admin.token })).body.doctor_id).toBe(doctor.doctorId);
      expect((await platform.api('GET', `/doctor/profile-by-user/${otherDoctor.userId}`, { token: doctor.token })).status).toBe(404);
      expect((await platform.api('GET', `/doctor/profile-by-user/${doctor.userId}`, { token: patient.token })).status).toBe(403);
      expect((await platform.api('GET', `/doctor/profile-by-user/${patient.user.user_id}`, { token: admin.token })).status).toBe(404);
    });

    it('PATCH /doctor/{id}/fee: own fee (or admin), a number ≥ 0; new bookings use it, earlier ones keep theirs', async () => {
      const before = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '09:00 AM' }) });
      expect(before.body.appointment.total_amount).toBe(200); // no fee yet: the Consultation default
      expect((await platform.api('PATCH', `/doctor/${doctor.doctorId}/fee`, { token: patient.token, body: { fee: 1 } })).status).toBe(403);
      expect((await platform.api('PATCH', `/doctor/${otherDoctor.doctorId}/fee`, { token: doctor.token, body: { fee: 1 } })).status).toBe(404);
      for (const fee of [-1, 'abc', null]) {
        const bad = await platform.api('PATCH', `/doctor/${doctor.doctorId}/fee`, { token: doctor.token, body: { fee } });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe('Fee must be a number of at least 0');
      }
      const updated = await platform.api('PATCH', `/doctor/${doctor.doctorId}/fee`, { token: doctor.token, body: { fee: 3500 } });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ doctor_id: doctor.doctorId, fee: 3500, doctor: { fee: 3500 } });
      expect(await sql('appointment', `SELECT 1 FROM outbox WHERE type = 'appointment.doctor.updated.v1' AND (payload->'data'->>'doctor_id')::int = $1`, [doctor.doctorId])).not.toHaveLength(0);
      const after = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '09:30 AM' }) });
      expect(after.body.appointment.total_amount).toBe(3500);
      const mine = (await platform.api('GET', '/appointments', { token: patient.token })).body;
      expect(mine.find((a: { appointment_id: number }) => a.appointment_id === before.body.appointment.appointment_id).total_amount).toBe(200);
      // A fee of 0 is a fee (free consultations), not 'Not set'.
      expect((await platform.api('PATCH', `/doctor/${doctor.doctorId}/fee`, { token: admin.token, body: { fee: 0 } })).body.fee).toBe(0);
      const free = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '10:00 AM' }) });
      expect(free.body.appointment.total_amount).toBe(0);
      await platform.api('PATCH', `/doctor/${doctor.doctorId}/fee`, { token: doctor.token, body: { fee: 3500 } });
    });
  });

  describe('notifications', () => {
    it('GET /doctor/notifications: upcoming, non-cancelled Emergency appointments with patient and time slot, soonest first; lab results', async () => {
      const empty = await platform.api('GET', '/doctor/notifications', { token: otherDoctor.token });
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ emergencies: [], labResults: [] });
      const secondPatient = await signUpAndIn(platform, { firstname: 'Otieno', lastname: 'Barasa' });
      const book = async (token: string, overrides: Record<string, unknown>) => {
        const booked = await platform.api('POST', '/appointments', { token, body: booking(doctor.doctorId, overrides) });
        expect(booked.status).toBe(201);
        return booked.body.appointment.appointment_id as number;
      };
      // Booked as patients book (from tomorrow on): two emergencies, the later one booked first.
      const later = await book(patient.token, { appointment_type: 'Emergency', appointment_date: openClinicDate(6), time_slot: '02:30 PM' });
      const sooner = await book(secondPatient.token, { appointment_type: 'Emergency', appointment_date: openClinicDate(6), time_slot: '09:30 AM' });
      // Not notifications: a cancelled emergency, another type, another doctor's emergency.
      const cancelled = await book(patient.token, { appointment_type: 'Emergency', appointment_date: openClinicDate(6), time_slot: '11:00 AM' });
      expect((await platform.api('PATCH', `/appointments/${cancelled}/status`, { token: patient.token, body: { status: 'Cancelled' } })).status).toBe(200);
      await book(patient.token, { appointment_type: 'Consultation', appointment_date: openClinicDate(6), time_slot: '10:00 AM' });
      await platform.api('POST', '/appointments', { token: patient.token, body: booking(otherDoctor.doctorId, { appointment_type: 'Emergency', appointment_date: openClinicDate(6), time_slot: '09:00 AM' }) });
      // One under way now (started 10 minutes ago, 25 minutes long) and one that ended yesterday (set up through SQL:
      // no route books today or in the past).
      const underWay = await book(secondPatient.token, { appointment_type: 'Emergency', appointment_date: openClinicDate(7), time_slot: '03:00 PM' });
      await sql('appointment', `UPDATE appointments SET appointment_date = $2, starts_at = now() - interval '10 minutes' WHERE appointment_id = $1`, [underWay, clinicDate(0)]);
      const past = await book(patient.token, { appointment_type: 'Emergency', appointment_date: openClinicDate(7), time_slot: '03:30 PM' });
      await sql('appointment', `UPDATE appointments SET appointment_date = $2, starts_at = now() - interval '1 day' WHERE appointment_id = $1`, [past, clinicDate(-1)]);
      await sql('appointment', `INSERT INTO lab_results (doctor_id, user_id, test_name, message) VALUES ($1, $2, 'Full blood count', 'Full blood count for Achieng Odhiambo is ready: haemoglobin 10.9 g/dL (low).')`, [
        doctor.doctorId,
        patient.user.user_id,
      ]);
      const response = await platform.api('GET', '/doctor/notifications', { token: doctor.token });
      expect(response.status).toBe(200);
      expect(response.body.emergencies.map((e: { appointment_id: number }) => e.appointment_id)).toEqual([underWay, sooner, later]);
      expect(response.body.emergencies[1]).toMatchObject({
        appointment_id: sooner,
        appointment_date: openClinicDate(6),
        time_slot: '09:30 AM',
        appointment_status: 'Pending',
        user_id: secondPatient.user.user_id,
        user: { firstname: 'Otieno', lastname: 'Barasa' },
        patient_full_name: 'Otieno Barasa',
        message: 'Emergency appointment: Otieno Barasa at 09:30 AM',
      });
      expect(response.body.emergencies[2]).toMatchObject({ time_slot: '02:30 PM', user: { firstname: 'Achieng', lastname: 'Odhiambo' } });
      expect(response.body.labResults).toEqual([
        expect.objectContaining({
          test_name: 'Full blood count',
          user_id: patient.user.user_id,
          message: 'Full blood count for Achieng Odhiambo is ready: haemoglobin 10.9 g/dL (low).',
          user: { firstname: 'Achieng', lastname: 'Odhiambo' },
        }),
      ]);
      expect((await platform.api('GET', '/doctor/notifications', { token: patient.token })).status).toBe(403);
      expect((await platform.api('GET', '/doctor/notifications', { token: admin.token })).status).toBe(403);
    });
  });

  describe('ratings and performance', () => {
    it('POST /appointments/{id}/rating: own Completed appointment, 1 to 5, once', async () => {
      const booked = await platform.api('POST', '/appointments', { token: patient.token, body: booking(otherDoctor.doctorId, { appointment_date: openClinicDate(4), time_slot: '04:00 PM' }) });
      const id = booked.body.appointment.appointment_id;
      const early = await platform.api('POST', `/appointments/${id}/rating`, { token: patient.token, body: { rating: 5 } });
      expect(early.status).toBe(400);
      expect(early.body.message).toBe('You can rate an appointment once it is completed');
      // The visit took place yesterday (set up through SQL: no route books in the past); then the doctor completes it.
      await sql('appointment', `UPDATE appointments SET appointment_date = $2, starts_at = now() - interval '1 day' WHERE appointment_id = $1`, [id, clinicDate(-1)]);
      expect((await platform.api('PATCH', `/appointments/${id}/status`, { token: otherDoctor.token, body: { status: 'Completed' } })).status).toBe(200);
      for (const rating of [0, 6, 3.5, 'five']) {
        const bad = await platform.api('POST', `/appointments/${id}/rating`, { token: patient.token, body: { rating } });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe('Rating must be a whole number from 1 to 5');
      }
      expect((await platform.api('POST', `/appointments/${id}/rating`, { token: otherDoctor.token, body: { rating: 5 } })).status).toBe(403);
      const rated = await platform.api('POST', `/appointments/${id}/rating`, { token: patient.token, body: { rating: 4, comment: 'Clear explanation, on time.' } });
      expect(rated.status).toBe(201);
      expect(rated.body.rating).toMatchObject({ appointment_id: id, doctor_id: otherDoctor.doctorId, rating: 4, comment: 'Clear explanation, on time.' });
      const twice = await platform.api('POST', `/appointments/${id}/rating`, { token: patient.token, body: { rating: 1 } });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('You have already rated this appointment');
      const listed = (await platform.api('GET', '/appointments', { token: patient.token })).body.find((a: { appointment_id: number }) => a.appointment_id === id);
      expect(listed).toMatchObject({ rating: 4, rating_comment: 'Clear explanation, on time.' });
    });

    it('GET /doctor/performance: computed from completed appointments, recorded durations and ratings', async () => {
      const fresh = await createDoctor(platform, admin.token, { firstname: 'Lucy', lastname: 'Akinyi', specialization: 'Psychiatry' });
      const zero = await platform.api('GET', '/doctor/performance', { token: fresh.token });
      expect(zero.status).toBe(200);
      expect(zero.body).toMatchObject({ patientsSeen: 0, avgRating: 0, onTimeRate: 0, avgConsultation: 0 });

      const second = await signUpAndIn(platform);
      const ids: number[] = [];
      for (const [who, slot] of [
        [patient, '09:00 AM'],
        [patient, '09:30 AM'],
        [second, '10:00 AM'],
      ] as const) {
        const booked = await platform.api('POST', '/appointments', { token: who.token, body: booking(fresh.doctorId, { appointment_date: openClinicDate(5), time_slot: slot }) });
        ids.push(booked.body.appointment.appointment_id);
      }
      // The three took place this week (set up through SQL: no route books in the past).
      await sql(
        'appointment',
        `UPDATE appointments SET appointment_date = $2, starts_at = now() - interval '3 days' WHERE appointment_id = ANY($1::int[])`,
        [ids, clinicDate(-3)],
      );
      for (const [id, duration] of [
        [ids[0], 20],
        [ids[1], 40],
        [ids[2], 30],
      ]) {
        expect((await platform.api('PATCH', `/appointments/${id}`, { token: fresh.token, body: { duration, diagnosis: 'Generalised anxiety' } })).status).toBe(200);
        expect((await platform.api('PATCH', `/appointments/${id}/status`, { token: fresh.token, body: { status: 'Completed' } })).status).toBe(200);
      }
      // Completed on time: within the slot's duration + 10 minutes; the third was recorded an hour late.
      await sql('appointment', `UPDATE appointments SET completed_at = starts_at + interval '25 minutes' WHERE appointment_id = ANY($1::int[])`, [[ids[0], ids[1]]]);
      await sql('appointment', `UPDATE appointments SET completed_at = starts_at + interval '90 minutes' WHERE appointment_id = $1`, [ids[2]]);
      await platform.api('POST', `/appointments/${ids[0]}/rating`, { token: patient.token, body: { rating: 5 } });
      await platform.api('POST', `/appointments/${ids[1]}/rating`, { token: patient.token, body: { rating: 4 } });
      await platform.api('POST', `/appointments/${ids[2]}/rating`, { token: second.token, body: { rating: 4 } });

      // Total patients counts people, not bookings: the first patient's next visit adds no one, a cancelled booking
      // by a third person adds no one.
      const third = await signUpAndIn(platform);
      expect((await platform.api('POST', '/appointments', { token: patient.token, body: booking(fresh.doctorId, { appointment_date: openClinicDate(6), time_slot: '09:00 AM' }) })).status).toBe(201);
      const dropped = await platform.api('POST', '/appointments', { token: third.token, body: booking(fresh.doctorId, { appointment_date: openClinicDate(6), time_slot: '09:30 AM' }) });
      expect((await platform.api('PATCH', `/appointments/${dropped.body.appointment.appointment_id}/status`, { token: third.token, body: { status: 'Cancelled' } })).status).toBe(200);

      const performance = await platform.api('GET', '/doctor/performance', { token: fresh.token });
      expect(performance.status).toBe(200);
      expect(performance.body).toMatchObject({
        patientsSeen: 2,
        completedCount: 3,
        avgConsultation: 30,
        onTimeRate: 67,
        avgRating: 4.3,
        ratingsCount: 3,
        totalPatients: 2,
        period: { from: clinicDate(-6), to: clinicDate(0) },
      });
      expect((await platform.api('GET', '/doctor/performance', { token: patient.token })).status).toBe(403);
      expect((await platform.api('GET', '/doctor/performance', { token: admin.token })).status).toBe(403);
      const dashboard = await platform.api('GET', '/user/dashboard', { token: fresh.token });
      expect(dashboard.body.stats).toMatchObject({ totalAppointments: 5, completedCount: 3, cancelledCount: 1, totalPatients: 2 });
    });
  });
});
