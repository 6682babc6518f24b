import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { eventually } from '@afya/service-shared/testing';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { storedEvents } from '../support/event-stream';
import { signUpAndIn } from '../support/users';
import { bookAs, createDoctor, openClinicDate, sql, TestDoctor } from './support';

type Session = Awaited<ReturnType<typeof signUpAndIn>>;

// Set-up waits for events between services; the root jest run does not apply the project's testTimeout.
jest.setTimeout(60_000);

describe('who sees and changes which appointment (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let otherDoctor: TestDoctor;
  let patient: Session;
  let otherPatient: Session;
  let mine: { appointment_id: number };
  let theirs: { appointment_id: number };

  const book = (who: Session, doctorId: number, overrides: Record<string, unknown> = {}) => bookAs(platform, who.token, doctorId, overrides);
  const ids = (list: { appointment_id: number }[]) => list.map((a) => a.appointment_id).sort((a, b) => a - b);

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { fee: 2500, firstname: 'Grace', lastname: 'Wanjiku' });
    otherDoctor = await createDoctor(platform, admin.token, { firstname: 'Ibrahim', lastname: 'Abdi' });
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    otherPatient = await signUpAndIn(platform, { firstname: 'Kamau', lastname: 'Njoroge' });
    mine = await book(patient, doctor.doctorId, { appointment_date: openClinicDate(4), time_slot: '09:00 AM' });
    theirs = await book(otherPatient, otherDoctor.doctorId, { appointment_date: openClinicDate(4), time_slot: '09:00 AM' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('lists', () => {
    it('GET /appointments: a patient sees only their own, a doctor only theirs, an admin all', async () => {
      const own = await platform.api('GET', '/appointments', { token: patient.token });
      expect(own.status).toBe(200);
      expect(ids(own.body)).toEqual([mine.appointment_id]);
      expect(own.headers.get('x-total-count')).toBe('1');
      expect(ids((await platform.api('GET', '/appointments', { token: otherPatient.token })).body)).toEqual([theirs.appointment_id]);
      expect(ids((await platform.api('GET', '/appointments', { token: doctor.token })).body)).toEqual([mine.appointment_id]);
      expect(ids((await platform.api('GET', '/appointments', { token: admin.token })).body)).toEqual(ids([mine, theirs]));
      expect((await platform.api('GET', '/appointments')).status).toBe(401);
    });

    it("GET /appointments/doctor: the doctor's own with patient names; patients and admins 403", async () => {
      const response = await platform.api('GET', '/appointments/doctor', { token: doctor.token });
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(1);
      expect(response.body[0]).toMatchObject({
        appointment_id: mine.appointment_id,
        patient_full_name: 'Achieng Odhiambo',
        user: { firstname: 'Achieng', lastname: 'Odhiambo' },
        doctor: { first_name: 'Grace', last_name: 'Wanjiku' },
      });
      expect((await platform.api('GET', '/appointments/doctor', { token: patient.token })).status).toBe(403);
      expect((await platform.api('GET', '/appointments/doctor', { token: admin.token })).status).toBe(403);
    });

    it('GET /appointments/admin/all and GET /admin/appointments: admin only, with status filter and paging', async () => {
      // /appointments/admin/all answers the bare array (paging in headers); /admin/appointments names its list.
      const rowsOf = (path: string, body: { appointments?: unknown[] } & unknown[]) => (path === '/admin/appointments' ? body.appointments! : body) as { appointment_id: number; patient_full_name: string }[];
      for (const path of ['/appointments/admin/all', '/admin/appointments']) {
        const all = await platform.api('GET', path, { token: admin.token });
        expect(all.status).toBe(200);
        expect(ids(rowsOf(path, all.body))).toEqual(ids([mine, theirs]));
        expect(rowsOf(path, all.body).find((a) => a.appointment_id === theirs.appointment_id)!.patient_full_name).toBe('Kamau Njoroge');
        expect(rowsOf(path, (await platform.api('GET', `${path}?limit=1`, { token: admin.token })).body)).toHaveLength(1);
        expect(rowsOf(path, (await platform.api('GET', `${path}?status=completed`, { token: admin.token })).body)).toHaveLength(0);
        expect((await platform.api('GET', `${path}?status=bogus`, { token: admin.token })).status).toBe(400);
        expect((await platform.api('GET', path, { token: patient.token })).status).toBe(403);
        expect((await platform.api('GET', path, { token: doctor.token })).status).toBe(403);
        expect((await platform.api('GET', path)).status).toBe(401);
      }
    });

    it('GET /appointments/stats: the caller\'s appointments in data with counts by status', async () => {
      const response = await platform.api('GET', '/appointments/stats', { token: patient.token });
      expect(response.status).toBe(200);
      expect(ids(response.body.data)).toEqual([mine.appointment_id]);
      expect(response.body.stats).toMatchObject({ total: 1, Pending: 1, Confirmed: 0, Completed: 0, Cancelled: 0, upcoming: 1, today: 0 });
    });

    it('GET /user/dashboard: the patient\'s today count, upcoming and the next two; admin totals this service owns', async () => {
      const today = await sql('appointment', `SELECT 1`);
      expect(today).toHaveLength(1);
      const response = await platform.api('GET', '/user/dashboard', { token: patient.token });
      expect(response.status).toBe(200);
      expect(response.body.stats).toMatchObject({ todayCount: 0, upcomingCount: 1, totalAppointments: 1, upcomingTitle: 'Upcoming Appointments' });
      expect(ids(response.body.stats.upcomingAppointments)).toEqual([mine.appointment_id]);
      const adminView = await platform.api('GET', '/user/dashboard', { token: admin.token });
      expect(adminView.body.stats).toMatchObject({ totalAppointments: 2, doctors: 2, pendingDoctors: 0 });
      expect(adminView.body.stats.recentAppointments).toHaveLength(2);
      expect((await platform.api('GET', '/user/dashboard')).status).toBe(401);
    });

    it('lists (JSON built by PostgreSQL) show exactly what a single appointment shows (built in the service)', async () => {
      await platform.api('PATCH', `/appointments/${mine.appointment_id}`, { token: doctor.token, body: { diagnosis: 'Tension headache', medications: 'Ibuprofen 400 mg' } });
      const single = (await platform.api('GET', `/appointments/${mine.appointment_id}`, { token: patient.token })).body.appointment;
      for (const [token, path] of [
        [patient.token, '/appointments'],
        [doctor.token, '/appointments/doctor'],
        [admin.token, '/admin/appointments'],
      ] as const) {
        const response = await platform.api('GET', path, { token });
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const rows: { appointment_id: number }[] = path === '/admin/appointments' ? response.body.appointments : response.body;
        expect(rows.find((a) => a.appointment_id === mine.appointment_id)).toEqual(single);
      }
      expect(Object.keys(single).sort()).toEqual(
        [
          'appointment_id', 'user_id', 'doctor_id', 'appointment_date', 'time_slot', 'starts_at', 'appointment_type', 'type', 'visit_mode', 'total_amount',
          'appointment_status', 'paid', 'notes', 'duration', 'patient_full_name', 'diagnosis', 'treatment', 'medications',
          'rating', 'rating_comment', 'created_at', 'updated_at', 'doctor', 'user', 'needs_new_time',
          // issue 36: who booked it for the patient (null: the patient did); issue 38: how it is paid, what is due now, the cover
          'booked_by', 'payment_route', 'amount_due_now', 'cover',
        ].sort(),
      );
      // An empty list is the empty array, with its total.
      const nobody = await signUpAndIn(platform);
      const empty = await platform.api('GET', '/appointments', { token: nobody.token });
      expect(empty.body).toEqual([]);
      expect(empty.headers.get('x-total-count')).toBe('0');
      expect(empty.headers.get('link')).toBeNull();
    });

    it('pages by limit and offset: X-Total-Count and RFC 8288 Link next/prev; bad paging is a 400', async () => {
      const first = await platform.api('GET', '/appointments/admin/all?limit=1', { token: admin.token });
      expect(first.status).toBe(200);
      expect(ids(first.body)).toEqual([theirs.appointment_id]);
      expect(first.headers.get('x-total-count')).toBe('2');
      expect(first.headers.get('link')).toBe('</api/appointments/admin/all?limit=1&offset=1>; rel="next"');
      const second = await platform.api('GET', '/appointments/admin/all?limit=1&offset=1', { token: admin.token });
      expect(ids(second.body)).toEqual([mine.appointment_id]);
      expect(second.headers.get('link')).toBe('</api/appointments/admin/all?limit=1&offset=0>; rel="prev"');
      // Without paging parameters: everything up to 1,000, no links.
      const all = await platform.api('GET', '/appointments/admin/all', { token: admin.token });
      expect(ids(all.body)).toEqual(ids([mine, theirs]));
      expect(all.headers.get('link')).toBeNull();
      for (const query of ['limit=0', 'limit=1001', 'offset=-1', 'limit=abc']) {
        const bad = await platform.api('GET', `/appointments?${query}`, { token: patient.token });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toMatch(/^(limit must be from 1 to 1000|offset must be 0 or more)$/);
      }
    });

    it('GET /appointments/{id}: own or 404', async () => {
      expect((await platform.api('GET', `/appointments/${mine.appointment_id}`, { token: patient.token })).body.appointment.appointment_id).toBe(mine.appointment_id);
      expect((await platform.api('GET', `/appointments/${theirs.appointment_id}`, { token: patient.token })).status).toBe(404);
      expect((await platform.api('GET', `/appointments/${theirs.appointment_id}`, { token: doctor.token })).status).toBe(404);
      expect((await platform.api('GET', `/appointments/${theirs.appointment_id}`, { token: admin.token })).status).toBe(200);
      expect((await platform.api('GET', `/appointments/424242`, { token: admin.token })).status).toBe(404);
      expect((await platform.api('GET', `/appointments/abc`, { token: admin.token })).status).toBe(400);
    });
  });

  describe("other people's appointments answer 404", () => {
    it.each([
      ['PATCH', 'status', { status: 'Cancelled' }],
      ['POST', 'rating', { rating: 5 }],
    ])('%s /appointments/{id}/%s by another patient', async (method, action, body) => {
      const response = await platform.api(method, `/appointments/${theirs.appointment_id}/${action}`, { token: patient.token, body });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Appointment not found');
    });

    it('status and clinical changes by a doctor on another doctor\'s appointment', async () => {
      expect((await platform.api('PATCH', `/appointments/${theirs.appointment_id}/status`, { token: doctor.token, body: { status: 'Confirmed' } })).status).toBe(404);
      expect((await platform.api('PATCH', `/appointments/${theirs.appointment_id}`, { token: doctor.token, body: { diagnosis: 'Flu' } })).status).toBe(404);
    });
  });

  describe('status changes', () => {
    it('a patient may not confirm or complete (403); the own doctor may; lower-case statuses are read too', async () => {
      const appointment = await book(patient, doctor.doctorId, { appointment_date: openClinicDate(6), time_slot: '10:00 AM' });
      const denied = await platform.api('PATCH', `/appointments/${appointment.appointment_id}/status`, { token: patient.token, body: { status: 'Confirmed' } });
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe('You can only cancel your appointment');
      const confirmed = await platform.api('PATCH', `/appointments/${appointment.appointment_id}/status`, { token: doctor.token, body: { status: 'confirmed' } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.appointment.appointment_status).toBe('Confirmed');
      const bad = await platform.api('PATCH', `/appointments/${appointment.appointment_id}/status`, { token: doctor.token, body: { status: 'Done' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Status must be one of Pending, Confirmed, Completed, Cancelled');
      // The patient cancels a Confirmed appointment 6 days ahead.
      const cancelled = await platform.api('PATCH', `/appointments/${appointment.appointment_id}/status`, { token: patient.token, body: { status: 'Cancelled' } });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.appointment.appointment_status).toBe('Cancelled');
      const [event] = await sql('appointment', `SELECT payload FROM outbox WHERE type = 'appointment.cancelled.v1' AND (payload->'data'->>'appointment_id')::int = $1`, [
        appointment.appointment_id,
      ]);
      expect(event.payload.data).toMatchObject({ appointment_status: 'Cancelled', previous_status: 'Confirmed', user_id: patient.user.user_id });
      // Cancelled cannot be cancelled again by the patient.
      const again = await platform.api('PATCH', `/appointments/${appointment.appointment_id}/status`, { token: patient.token, body: { status: 'Cancelled' } });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('Only pending or confirmed appointments can be cancelled');
    });

    it('a patient cannot cancel less than 24 hours before the start (Africa/Nairobi); the doctor still can', async () => {
      const appointment = await book(patient, doctor.doctorId, { appointment_date: openClinicDate(2), time_slot: '11:00 AM' });
      // Move it to start in 23 hours (no route books inside the window, so set-up goes through SQL).
      await sql('appointment', `UPDATE appointments SET starts_at = now() + interval '23 hours' WHERE appointment_id = $1`, [appointment.appointment_id]);
      const late = await platform.api('PATCH', `/appointments/${appointment.appointment_id}/status`, { token: patient.token, body: { status: 'Cancelled' } });
      expect(late.status).toBe(400);
      expect(late.body.message).toBe('Appointments can only be cancelled at least 24 hours before they start');
      await sql('appointment', `UPDATE appointments SET starts_at = now() + interval '24 hours 5 minutes' WHERE appointment_id = $1`, [appointment.appointment_id]);
      expect((await platform.api('PATCH', `/appointments/${appointment.appointment_id}/status`, { token: patient.token, body: { status: 'Cancelled' } })).status).toBe(200);
      const other = await book(patient, doctor.doctorId, { appointment_date: openClinicDate(2), time_slot: '11:30 AM' });
      await sql('appointment', `UPDATE appointments SET starts_at = now() + interval '2 hours' WHERE appointment_id = $1`, [other.appointment_id]);
      expect((await platform.api('PATCH', `/appointments/${other.appointment_id}/status`, { token: doctor.token, body: { status: 'Cancelled' } })).status).toBe(200);
    });

    it('PATCH /appointments/{id}/override: admin only, any status', async () => {
      const appointment = await book(otherPatient, doctor.doctorId, { appointment_date: openClinicDate(8), time_slot: '02:00 PM' });
      expect((await platform.api('PATCH', `/appointments/${appointment.appointment_id}/override`, { token: doctor.token, body: { status: 'Completed' } })).status).toBe(403);
      expect((await platform.api('PATCH', `/appointments/${appointment.appointment_id}/override`, { token: otherPatient.token, body: { status: 'Completed' } })).status).toBe(403);
      for (const status of ['Completed', 'Cancelled', 'Pending', 'Confirmed']) {
        const response = await platform.api('PATCH', `/appointments/${appointment.appointment_id}/override`, { token: admin.token, body: { status } });
        expect(response.status).toBe(200);
        expect(response.body.appointment.appointment_status).toBe(status);
      }
      expect((await platform.api('PATCH', `/appointments/${appointment.appointment_id}/status`, { token: admin.token, body: { status: 'Completed' } })).body.appointment.appointment_status).toBe(
        'Completed',
      );
    });
  });

  describe('amount and delete (admin)', () => {
    it('PATCH /appointments/{id}/amount takes a number ≥ 0 from admins only', async () => {
      const path = `/appointments/${mine.appointment_id}/amount`;
      expect((await platform.api('PATCH', path, { token: patient.token, body: { total_amount: 1 } })).status).toBe(403);
      expect((await platform.api('PATCH', path, { token: doctor.token, body: { total_amount: 1 } })).status).toBe(403);
      const negative = await platform.api('PATCH', path, { token: admin.token, body: { total_amount: -5 } });
      expect(negative.status).toBe(400);
      expect(negative.body.message).toBe('Amount must be a number of at least 0');
      expect((await platform.api('PATCH', path, { token: admin.token, body: { total_amount: 'lots' } })).status).toBe(400);
      const ok = await platform.api('PATCH', path, { token: admin.token, body: { total_amount: 1800.5 } });
      expect(ok.status).toBe(200);
      expect(ok.body.appointment.total_amount).toBe(1800.5);
      const listed = (await platform.api('GET', '/appointments', { token: patient.token })).body;
      expect(listed.find((a: { appointment_id: number }) => a.appointment_id === mine.appointment_id).total_amount).toBe(1800.5);
      const updates = await sql('appointment', `SELECT payload FROM outbox WHERE type = 'appointment.updated.v1' AND (payload->'data'->>'appointment_id')::int = $1`, [
        mine.appointment_id,
      ]);
      expect(updates.map((u) => u.payload.data)).toContainEqual(
        expect.objectContaining({ appointment_id: mine.appointment_id, user_id: patient.user.user_id, doctor_id: doctor.doctorId, total_amount: 1800.5, paid: false }),
      );
      expect((await platform.api('PATCH', `/appointments/424242/amount`, { token: admin.token, body: { total_amount: 5 } })).status).toBe(404);
    });

    it('DELETE /appointments/{id}: admins only; the row and its event go', async () => {
      const appointment = await book(otherPatient, otherDoctor.doctorId, { appointment_date: openClinicDate(10), time_slot: '04:30 PM' });
      expect((await platform.api('DELETE', `/appointments/${appointment.appointment_id}`, { token: otherPatient.token })).status).toBe(403);
      expect((await platform.api('DELETE', `/appointments/${appointment.appointment_id}`, { token: otherDoctor.token })).status).toBe(403);
      const deleted = await platform.api('DELETE', `/appointments/${appointment.appointment_id}`, { token: admin.token });
      expect(deleted.status).toBe(200);
      expect(await sql('appointment', `SELECT 1 FROM appointments WHERE appointment_id = $1`, [appointment.appointment_id])).toHaveLength(0);
      expect(await sql('appointment', `SELECT 1 FROM outbox WHERE type = 'appointment.deleted.v1' AND (payload->'data'->>'appointment_id')::int = $1`, [appointment.appointment_id])).toHaveLength(1);
      expect((await platform.api('DELETE', `/appointments/${appointment.appointment_id}`, { token: admin.token })).status).toBe(404);
    });

    it('DELETE with Content-Type: application/json and no body (what the admin screen sends) deletes', async () => {
      const appointment = await book(otherPatient, otherDoctor.doctorId, { appointment_date: openClinicDate(10), time_slot: '05:00 PM' });
      const deleted = await platform.api('DELETE', `/appointments/${appointment.appointment_id}`, { token: admin.token, headers: { 'content-type': 'application/json' } });
      expect(deleted.status).toBe(200);
      expect(await sql('appointment', `SELECT 1 FROM appointments WHERE appointment_id = $1`, [appointment.appointment_id])).toHaveLength(0);
      // A body that is there must still be JSON.
      const malformed = await platform.api('DELETE', `/appointments/${mine.appointment_id}`, { token: admin.token, body: '{"oops": ' });
      expect(malformed.status).toBe(400);
      expect(await sql('appointment', `SELECT 1 FROM appointments WHERE appointment_id = $1`, [mine.appointment_id])).toHaveLength(1);
    });
  });

  describe('clinical fields and the audit trail (CONTRACT.md §10.6)', () => {
    // Audit events as stored in JetStream: changes one by one through the outbox (audit.recorded), reads and
    // refusals published directly, grouped (audit.access-batch).
    type Access = { records: { appointment_id: number }[] };
    const auditEvents = async (appointmentId: number) =>
      [
        ...(await storedEvents<Access>('appointment.audit.recorded.v1')).map((event) => event.data),
        ...(await storedEvents<{ accesses: Access[] }>('appointment.audit.access-batch.v1')).flatMap((event) => event.data.accesses),
      ].filter((data) => data.records.some((record) => record.appointment_id === appointmentId));

    it('the own doctor and admins write diagnosis, treatment and notes; patients get 403; each change and read is audited', async () => {
      const appointment = await book(patient, doctor.doctorId, { appointment_date: openClinicDate(11), time_slot: '09:30 AM' });
      const denied = await platform.api('PATCH', `/appointments/${appointment.appointment_id}`, { token: patient.token, body: { diagnosis: 'Self-diagnosed' } });
      expect(denied.status).toBe(403);
      const written = await platform.api('PATCH', `/appointments/${appointment.appointment_id}`, {
        token: doctor.token,
        body: { diagnosis: 'Stage 1 hypertension', treatment: 'Low-salt diet', medications: 'Amlodipine 5 mg', duration: 30, appointment_status: 'Completed' },
      });
      expect(written.status).toBe(200);
      expect(written.body.appointment).toMatchObject({
        diagnosis: 'Stage 1 hypertension',
        treatment: 'Low-salt diet',
        medications: 'Amlodipine 5 mg',
        duration: 30,
        appointment_status: 'Pending', // unknown fields are stripped, not applied
        notes: 'Chest pain when climbing stairs for a week.',
      });
      const byAdmin = await platform.api('PATCH', `/appointments/${appointment.appointment_id}`, { token: admin.token, body: { notes: 'Reviewed by the clinic lead.', treatment: null } });
      expect(byAdmin.body.appointment).toMatchObject({ notes: 'Reviewed by the clinic lead.', treatment: null, diagnosis: 'Stage 1 hypertension' });
      const read = await platform.api('GET', '/appointments', { token: patient.token });
      expect(read.body.find((a: { appointment_id: number }) => a.appointment_id === appointment.appointment_id).diagnosis).toBe('Stage 1 hypertension');

      await eventually(async () => {
        const events = await auditEvents(appointment.appointment_id);
        expect(events).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ action: 'create', actor_user_id: patient.user.user_id, actor_role: 'user', outcome: 'success', patient_user_id: patient.user.user_id }),
            expect.objectContaining({ action: 'update', actor_user_id: patient.user.user_id, outcome: 'denied', appointment_id: appointment.appointment_id }),
            expect.objectContaining({
              action: 'update',
              actor_user_id: doctor.userId,
              actor_role: 'doctor',
              outcome: 'success',
              fields: ['diagnosis', 'treatment', 'medications', 'duration'],
            }),
            expect.objectContaining({ action: 'update', actor_user_id: admin.user.user_id, actor_role: 'admin', fields: ['treatment', 'notes'] }),
            expect.objectContaining({ action: 'read', actor_user_id: patient.user.user_id, outcome: 'success', patient_user_id: patient.user.user_id }),
          ]),
        );
        for (const event of events) expect(event).toMatchObject({ service: 'appointment', resource: 'appointment', at: expect.any(String) });
      });
    }, 30_000);

    it('audits a doctor\'s list read and a refused look at someone else\'s appointment', async () => {
      await platform.api('GET', '/appointments/doctor', { token: doctor.token });
      await platform.api('GET', `/appointments/${theirs.appointment_id}`, { token: patient.token });
      await eventually(async () => {
        const mineEvents = await auditEvents(mine.appointment_id);
        expect(mineEvents).toContainEqual(expect.objectContaining({ action: 'read', actor_user_id: doctor.userId, actor_role: 'doctor' }));
        const theirsEvents = await auditEvents(theirs.appointment_id);
        expect(theirsEvents).toContainEqual(
          expect.objectContaining({ action: 'read', actor_user_id: patient.user.user_id, outcome: 'not_found', patient_user_id: otherPatient.user.user_id }),
        );
      });
    }, 30_000);
  });
});
