import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { eventually } from '@afya/service-shared/testing';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { clinicHoursProblem } from '@afya/appointment-service/contracts/booking-rules';
import { booking, clinicDate, clinicDateOn, createDoctor, openClinicDate, sql, TestDoctor } from './support';

const SLOT_TAKEN = 'That time slot is no longer available. Please choose another.';

// Set-up waits for events between services; the root jest run does not apply the project's testTimeout.
jest.setTimeout(60_000);

describe('booking appointments through the gateway (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor; // fee 3500
  let noFeeDoctor: TestDoctor; // fee not set
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { fee: 3500, firstname: 'Grace', lastname: 'Wanjiku' });
    noFeeDoctor = await createDoctor(platform, admin.token, { firstname: 'Brian', lastname: 'Otieno', specialization: 'Dermatology' });
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    // The booking copies the patient's name from the appointment service's directory, which auth's event fills:
    // wait for it, or the first test races the event on a busy machine.
    await eventually(async () => expect(await sql('appointment', `SELECT firstname FROM user_directory WHERE user_id = $1`, [patient.user.user_id])).toEqual([{ firstname: 'Achieng' }]), 10_000);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("books as Pending for the signed-in patient, at the doctor's fee, ignoring user_id, amount and status sent", async () => {
    const response = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { time_slot: '09:00 AM' }) });
    expect(response.status).toBe(201);
    expect(response.body.appointment).toMatchObject({
      appointment_id: expect.any(Number),
      user_id: patient.user.user_id,
      doctor_id: doctor.doctorId,
      appointment_date: openClinicDate(5),
      time_slot: '09:00 AM',
      appointment_type: 'Consultation',
      type: 'Consultation',
      total_amount: 3500,
      appointment_status: 'Pending',
      paid: false,
      notes: 'Chest pain when climbing stairs for a week.',
      duration: 25,
      patient_full_name: 'Achieng Odhiambo',
      diagnosis: null,
      doctor: { doctor_id: doctor.doctorId, first_name: 'Grace', last_name: 'Wanjiku', specialization: 'Cardiology' },
      user: { firstname: 'Achieng', lastname: 'Odhiambo' },
    });
    expect(new Date(response.body.appointment.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await sql('appointment', `SELECT user_id, total_amount::float8 AS amount, starts_at FROM appointments WHERE appointment_id = $1`, [
      response.body.appointment.appointment_id,
    ]);
    expect(row.user_id).toBe(patient.user.user_id);
    expect(row.amount).toBe(3500);
    // 09:00 in Nairobi is 06:00 UTC.
    expect(new Date(row.starts_at).toISOString()).toBe(`${openClinicDate(5)}T06:00:00.000Z`);
  });

  it.each([
    ['Regular Checkup', 150],
    ['Follow-up', 100],
    ['Consultation', 200],
    ['Emergency', 300],
    ['Vaccination', 80],
    ['Lab Work', 120],
  ])('charges the type default when the doctor has no fee: %s → Ksh %d', async (type, amount) => {
    const slot = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM'][['Regular Checkup', 'Follow-up', 'Consultation', 'Emergency', 'Vaccination', 'Lab Work'].indexOf(type)];
    const response = await platform.api('POST', '/appointments', {
      token: patient.token,
      body: booking(noFeeDoctor.doctorId, { appointment_type: type, time_slot: slot, appointment_date: openClinicDate(6), total_amount: 99999 }),
    });
    expect(response.status).toBe(201);
    expect(response.body.appointment.total_amount).toBe(amount);
  });

  it('accepts the trailing slash', async () => {
    const response = await platform.api('POST', '/appointments/', {
      token: patient.token,
      body: booking(doctor.doctorId, { appointment_date: openClinicDate(7), appointment_type: 'Follow-up', time_slot: '02:00 PM', notes: '  Review of blood test results.  ' }),
    });
    expect(response.status).toBe(201);
    expect(response.body.appointment).toMatchObject({ appointment_type: 'Follow-up', time_slot: '02:00 PM', notes: 'Review of blood test results.' });
  });

  it("reads only the API's names: time_slot, appointment_type and notes (not appointment_time, type or reason)", async () => {
    const { time_slot, appointment_type, notes, ...rest } = booking(doctor.doctorId, { appointment_date: openClinicDate(7), time_slot: '02:30 PM' });
    for (const [body, message] of [
      [{ ...rest, appointment_type, notes, appointment_time: time_slot }, 'Please select a time'],
      [{ ...rest, time_slot, appointment_type, reason: notes }, 'Please provide a reason (at least 10 characters)'],
    ] as const) {
      const response = await platform.api('POST', '/appointments', { token: patient.token, body });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    // `type` is not the type: without appointment_type the amount chooses it (1 matches no fee: Regular Checkup).
    const byType = await platform.api('POST', '/appointments', { token: patient.token, body: { ...rest, time_slot, notes, type: 'Emergency' } });
    expect(byType.status).toBe(201);
    expect(byType.body.appointment.appointment_type).toBe('Regular Checkup');
  });

  it("books with exactly the request of the original client (no appointment_type): the type from total_amount, appointment_id at the top", async () => {
    // user_id, doctor_id, appointment_date, time_slot, total_amount, appointment_status, notes: nothing else.
    const spec = (time_slot: string, total_amount: unknown) => ({
      user_id: 424242,
      doctor_id: noFeeDoctor.doctorId,
      appointment_date: openClinicDate(8),
      time_slot,
      total_amount,
      appointment_status: 'Confirmed',
      notes: 'Follow-up on last week’s blood pressure.',
    });
    for (const [slot, amount, type, charged] of [
      ['09:00 AM', 200, 'Consultation', 200],
      ['09:30 AM', 80, 'Vaccination', 80],
      ['10:00 AM', '100', 'Follow-up', 100],
      ['10:30 AM', 999, 'Regular Checkup', 150],
      ['11:00 AM', 'abc', 'Regular Checkup', 150],
      ['11:30 AM', undefined, 'Regular Checkup', 150],
    ] as const) {
      const response = await platform.api('POST', '/appointments', { token: patient.token, body: spec(slot, amount) });
      expect(response.status).toBe(201);
      expect(response.body.appointment_id).toBe(response.body.appointment.appointment_id);
      expect(response.body.appointment).toMatchObject({ appointment_type: type, total_amount: charged, appointment_status: 'Pending', user_id: patient.user.user_id });
    }
  });

  it.each([
    [{ doctor_id: undefined }, 'Please select a doctor'],
    [{ doctor_id: 'abc' }, 'Please select a doctor'],
    [{ appointment_type: 'Massage' }, 'Please select appointment type'],
    [{ appointment_date: undefined }, 'Please select a date'],
    [{ appointment_date: '25/11/2026' }, 'Please select a date'],
    [{ time_slot: undefined }, 'Please select a time'],
    [{ time_slot: '12:00 PM' }, 'Please select a time'],
    [{ time_slot: '09:15 AM' }, 'Please select a time'],
    [{ notes: undefined }, 'Please provide a reason (at least 10 characters)'],
    [{ notes: '  short    ' }, 'Please provide a reason (at least 10 characters)'],
  ])('refuses %j with "%s"', async (override, message) => {
    const response = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, override) });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('gives the first empty field of the form first', async () => {
    const response = await platform.api('POST', '/appointments', { token: patient.token, body: {} });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please select a doctor');
    expect(response.body.errors).toEqual([
      'Please select a doctor',
      'Please select a date',
      'Please select a time',
      'Please provide a reason (at least 10 characters)',
    ]);
  });

  it.each([
    [0, false],
    [-1, false],
    [1, true],
    [30, true],
    [31, false],
    [400, false],
  ])('books %d days ahead (clinic date in Africa/Nairobi): %s', async (days, allowed) => {
    const response = await platform.api('POST', '/appointments', {
      token: patient.token,
      body: booking(doctor.doctorId, { appointment_date: clinicDate(days), time_slot: '05:30 PM' }),
    });
    // The window's edges fall on any weekday: where the clinic is closed at 5:30 PM (a Saturday, a Sunday) the hours refuse it instead.
    const closed = allowed ? clinicHoursProblem(clinicDate(days), '05:30 PM') : null;
    if (closed) {
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(closed);
    } else if (allowed) {
      expect(response.status).toBe(201);
    } else {
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Please choose a date from tomorrow up to 30 days ahead');
    }
  });

  it("refuses a day the clinic is closed or a slot outside its hours, booking or rescheduling, with the reason (400, nothing changes)", async () => {
    const sunday = clinicDateOn(0, 2);
    const saturday = clinicDateOn(6, 2);
    const count = async () => (await sql('appointment', `SELECT count(*)::int AS n FROM appointments WHERE doctor_id = $1 AND appointment_date IN ($2, $3)`, [doctor.doctorId, sunday, saturday]))[0].n;
    const before = await count();
    for (const [date, slot, message] of [
      [sunday, '10:00 AM', 'The clinic is closed on Sundays. Please choose another date.'],
      [saturday, '02:00 PM', 'On Saturdays the clinic is open 9:00 AM - 2:00 PM. Please choose a time within those hours.'],
      [saturday, '05:30 PM', 'On Saturdays the clinic is open 9:00 AM - 2:00 PM. Please choose a time within those hours.'],
    ] as const) {
      const response = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { appointment_date: date, time_slot: slot }) });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect(await count()).toBe(before);
    // A Saturday morning is open.
    const morning = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { appointment_date: saturday, time_slot: '11:30 AM' }) });
    expect(morning.status).toBe(201);
    // Rescheduling follows the same hours; the visit stays where it was.
    const id = morning.body.appointment.appointment_id;
    for (const [date, slot, message] of [
      [sunday, '09:00 AM', 'The clinic is closed on Sundays. Please choose another date.'],
      [saturday, '02:30 PM', 'On Saturdays the clinic is open 9:00 AM - 2:00 PM. Please choose a time within those hours.'],
    ] as const) {
      const moved = await platform.api('PATCH', `/appointments/${id}/reschedule`, { token: patient.token, body: { appointment_date: date, time_slot: slot } });
      expect(moved.status).toBe(400);
      expect(moved.body.message).toBe(message);
    }
    expect((await sql('appointment', `SELECT appointment_date::text AS date, time_slot FROM appointments WHERE appointment_id = $1`, [id]))[0]).toEqual({ date: saturday, time_slot: '11:30 AM' });
    expect((await platform.api('PATCH', `/appointments/${id}/reschedule`, { token: patient.token, body: { appointment_date: openClinicDate(7), time_slot: '05:00 PM' } })).status).toBe(200);
  });

  it('refuses impossible dates', async () => {
    const response = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { appointment_date: '2026-02-30' }) });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please select a date');
  });

  it('answers 404 for an unknown doctor and 400 for a doctor not yet approved', async () => {
    const unknown = await platform.api('POST', '/appointments', { token: patient.token, body: booking(987654) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Doctor not found');
    const pending = await createDoctor(platform, admin.token, { approve: false });
    const refused = await platform.api('POST', '/appointments', { token: patient.token, body: booking(pending.doctorId) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This doctor is not accepting appointments yet. Please choose another doctor.');
  });

  it("refuses a day the doctor does not work, and says which", async () => {
    const mondays = await createDoctor(platform, admin.token, { available_days: ['Monday'], firstname: 'Faith', lastname: 'Mwangi' });
    let date = clinicDate(2);
    for (let i = 2; new Date(`${date}T12:00:00Z`).getUTCDay() !== 2; i++) date = clinicDate(i); // a Tuesday
    const response = await platform.api('POST', '/appointments', { token: patient.token, body: booking(mondays.doctorId, { appointment_date: date }) });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Dr. Faith Mwangi does not see patients on Tuesdays. Please choose another date.');
    const availability = await platform.api('GET', `/appointments/availability?doctor_id=${mondays.doctorId}&date=${date}`, { token: patient.token });
    expect(availability.body.bookable_date).toBe(false);
    expect(availability.body.slots.every((s: { available: boolean }) => !s.available)).toBe(true);
  });

  it('lets only patients book: 401 without a token, 403 for doctors and admins', async () => {
    expect((await platform.api('POST', '/appointments', { body: booking(doctor.doctorId) })).status).toBe(401);
    const asDoctor = await platform.api('POST', '/appointments', { token: doctor.token, body: booking(doctor.doctorId) });
    expect(asDoctor.status).toBe(403);
    expect(asDoctor.body.message).toBe('You do not have permission to do that');
    expect((await platform.api('POST', '/appointments', { token: admin.token, body: booking(doctor.doctorId) })).status).toBe(403);
  });

  it('gives a taken slot 409 with the product message, shows it as unavailable, and frees it on cancellation', async () => {
    const date = clinicDateOn(3, 9); // a Wednesday: the clinic is open all day (CLINIC_HOURS)
    const first = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { appointment_date: date, time_slot: '03:00 PM' }) });
    expect(first.status).toBe(201);
    const other = await signUpAndIn(platform);
    const second = await platform.api('POST', '/appointments', { token: other.token, body: booking(doctor.doctorId, { appointment_date: date, time_slot: '03:00 PM' }) });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(SLOT_TAKEN);
    // Another doctor's same slot is free.
    expect((await platform.api('POST', '/appointments', { token: other.token, body: booking(noFeeDoctor.doctorId, { appointment_date: date, time_slot: '03:00 PM' }) })).status).toBe(201);

    const slots = await platform.api('GET', `/appointments/availability?doctor_id=${doctor.doctorId}&date=${date}`, { token: other.token });
    expect(slots.status).toBe(200);
    expect(slots.body.slots).toHaveLength(14);
    expect(slots.body.slots.map((s: { time_slot: string }) => s.time_slot)).toEqual([
      '09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM',
      '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM', '05:00 PM', '05:30 PM',
    ]);
    expect(slots.body.slots.find((s: { time_slot: string }) => s.time_slot === '03:00 PM').available).toBe(false);
    expect(slots.body.slots.filter((s: { available: boolean }) => s.available)).toHaveLength(13);

    const cancelled = await platform.api('PATCH', `/appointments/${first.body.appointment.appointment_id}/status`, { token: patient.token, body: { status: 'Cancelled' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.appointment.appointment_status).toBe('Cancelled');
    const freed = await platform.api('GET', `/appointments/availability?doctor_id=${doctor.doctorId}&date=${date}`, { token: other.token });
    expect(freed.body.slots.find((s: { time_slot: string }) => s.time_slot === '03:00 PM').available).toBe(true);
    const rebooked = await platform.api('POST', '/appointments', { token: other.token, body: booking(doctor.doctorId, { appointment_date: date, time_slot: '03:00 PM' }) });
    expect(rebooked.status).toBe(201);
    // Re-opening the cancelled one now would double-book: the database refuses it.
    const reopen = await platform.api('PATCH', `/appointments/${first.body.appointment.appointment_id}/override`, { token: admin.token, body: { status: 'Pending' } });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe(SLOT_TAKEN);
  });

  it("offers only the slots within the clinic's hours: Saturday mornings, nothing on Sunday (the Office Hours panel's source)", async () => {
    const saturday = await platform.api('GET', `/appointments/availability?doctor_id=${doctor.doctorId}&date=${clinicDateOn(6, 2)}`, { token: patient.token });
    expect(saturday.status).toBe(200);
    expect(saturday.body.bookable_date).toBe(true);
    expect(saturday.body.slots.map((s: { time_slot: string }) => s.time_slot)).toEqual(['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM']);
    const sunday = await platform.api('GET', `/appointments/availability?doctor_id=${doctor.doctorId}&date=${clinicDateOn(0, 2)}`, { token: patient.token });
    expect(sunday.body).toMatchObject({ bookable_date: false, slots: [] });
  });

  it('validates the availability query and hides unapproved doctors', async () => {
    expect((await platform.api('GET', `/appointments/availability?doctor_id=${doctor.doctorId}&date=tomorrow`, { token: patient.token })).body.message).toBe('Please select a date');
    expect((await platform.api('GET', `/appointments/availability?date=${clinicDate(3)}`, { token: patient.token })).body.message).toBe('Please select a doctor');
    const pending = await createDoctor(platform, admin.token, { approve: false });
    expect((await platform.api('GET', `/appointments/availability?doctor_id=${pending.doctorId}&date=${clinicDate(3)}`, { token: patient.token })).status).toBe(404);
    const outside = await platform.api('GET', `/appointments/availability?doctor_id=${doctor.doctorId}&date=${clinicDate(0)}`, { token: patient.token });
    expect(outside.body.bookable_date).toBe(false);
    expect(outside.body.slots.some((s: { available: boolean }) => s.available)).toBe(false);
  });

  it('of 50 simultaneous bookings of one slot by 50 patients, exactly one wins; one row in the database', async () => {
    const racer = await createDoctor(platform, admin.token, { firstname: 'Samuel', lastname: 'Kiprotich', specialization: 'Gastroenterology' });
    const patients = [];
    for (let i = 0; i < 50; i++) patients.push(await signUpAndIn(platform));
    const date = openClinicDate(12);
    const responses = await Promise.all(
      patients.map((p) => platform.api('POST', '/appointments', { token: p.token, body: booking(racer.doctorId, { appointment_date: date, time_slot: '11:30 AM' }) })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const loser of responses.filter((r) => r.status === 409)) expect(loser.body.message).toBe(SLOT_TAKEN);
    const rows = await sql('appointment', `SELECT user_id FROM appointments WHERE doctor_id = $1 AND appointment_date = $2 AND time_slot = '11:30 AM'`, [racer.doctorId, date]);
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBe(responses.find((r) => r.status === 201)!.body.appointment.user_id);
  }, 60_000);

  it("reaches auth through events: the patient's appointments_count in GET /admin/users", async () => {
    const fresh = await signUpAndIn(platform);
    const booked = await platform.api('POST', '/appointments', { token: fresh.token, body: booking(noFeeDoctor.doctorId, { appointment_date: openClinicDate(14), time_slot: '04:00 PM' }) });
    expect(booked.status).toBe(201);
    const countOf = async () => {
      const users = await platform.api('GET', `/admin/users?search=${encodeURIComponent(fresh.details.email)}`, { token: admin.token });
      return users.body.users.find((u: { email: string }) => u.email === fresh.details.email).appointments_count;
    };
    await eventually(async () => expect(await countOf()).toBe(1), 10_000);
    // The event carries what other services need, through the outbox.
    const [event] = await sql('appointment', `SELECT payload FROM outbox WHERE type = 'appointment.created.v1' AND (payload->'data'->>'appointment_id')::int = $1`, [
      booked.body.appointment.appointment_id,
    ]);
    expect(event.payload.data).toMatchObject({
      appointment_id: booked.body.appointment.appointment_id,
      user_id: fresh.user.user_id,
      doctor_id: noFeeDoctor.doctorId,
      appointment_date: openClinicDate(14),
      time_slot: '04:00 PM',
      total_amount: 200,
      appointment_status: 'Pending',
      paid: false,
    });
    // Deleting it (admin) brings the count back down.
    expect((await platform.api('DELETE', `/appointments/${booked.body.appointment.appointment_id}`, { token: admin.token })).status).toBe(200);
    await eventually(async () => expect(await countOf()).toBe(0), 10_000);
  });
});
