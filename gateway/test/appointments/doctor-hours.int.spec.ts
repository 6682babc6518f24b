import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PaymentModule } from '@afya/payment-service/src/payment.module';
import { eventually } from '@afya/service-shared/testing';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { bookAs, booking, clinicDate, clinicDateOn, createDoctor, openClinicDate, sql, TestDoctor } from './support';

// Issue 37: a doctor's own hours, leave, custom hours for one date and the clinic's closures, through the gateway
// (real NATS + PostgreSQL; the payment service and its sandboxes for a paid visit the clinic moved away).
jest.setTimeout(90_000);

describe("doctors' own hours, leave and clinic closures (real NATS + PostgreSQL)", () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let hoursDoctor: TestDoctor; // sets hours
  let leaveDoctor: TestDoctor; // no hours, takes leave
  let otherDoctor: TestDoctor;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;

  beforeAll(async () => {
    platform = await startPaymentPlatform({ auth: AuthModule, appointment: AppointmentModule, payment: PaymentModule });
    admin = await createAdmin(platform);
    hoursDoctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    leaveDoctor = await createDoctor(platform, admin.token, { firstname: 'Brian', lastname: 'Otieno', specialization: 'Dermatology' });
    otherDoctor = await createDoctor(platform, admin.token, { firstname: 'Amina', lastname: 'Hassan', specialization: 'Pediatrics' });
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    await eventually(async () => expect(await sql('appointment', `SELECT 1 FROM user_directory WHERE user_id = $1`, [patient.user.user_id])).toHaveLength(1), 10_000);
  });

  afterAll(async () => {
    await platform?.close();
  });

  const tuesdayHours = { sessions: [{ weekday: 2, start: '14:00', end: '17:00' }], slot_minutes: 30 };

  describe('weekly hours', () => {
    it('answers custom false for a doctor without hours, who keeps the clinic\'s 14 slots', async () => {
      const response = await platform.api('GET', `/doctors/${leaveDoctor.doctorId}/hours`, { token: leaveDoctor.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ doctor_id: leaveDoctor.doctorId, custom: false, sessions: [], slot_minutes: 30, valid_from: null, next: null });
      const slots = await platform.api('GET', `/appointments/availability?doctor_id=${leaveDoctor.doctorId}&date=${openClinicDate(3)}`, { token: patient.token });
      expect(slots.body.slots).toHaveLength(14);
      expect(slots.body.unavailable).toBeUndefined();
    });

    it('lets the doctor set their own hours; another doctor gets 403, a patient 403', async () => {
      const other = await platform.api('PUT', `/doctors/${hoursDoctor.doctorId}/hours`, { token: otherDoctor.token, body: tuesdayHours });
      expect(other.status).toBe(403);
      expect(other.body.message).toBe('You can see and change only your own hours and leave');
      expect((await platform.api('GET', `/doctors/${hoursDoctor.doctorId}/hours`, { token: otherDoctor.token })).status).toBe(403);
      expect((await platform.api('PUT', `/doctors/${hoursDoctor.doctorId}/hours`, { token: patient.token, body: tuesdayHours })).status).toBe(403);

      const saved = await platform.api('PUT', `/doctors/${hoursDoctor.doctorId}/hours`, { token: hoursDoctor.token, body: tuesdayHours });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ custom: true, sessions: [{ weekday: 2, start: '14:00', end: '17:00' }], slot_minutes: 30, valid_from: clinicDate(0), message: 'Hours saved!' });
      const read = await platform.api('GET', `/doctors/${hoursDoctor.doctorId}/hours`, { token: admin.token });
      expect(read.body).toMatchObject({ custom: true, sessions: tuesdayHours.sessions, valid_from: clinicDate(0), next: null });
    });

    it.each([
      [{ ...tuesdayHours, slot_minutes: 25 }, 'Slot length must be one of 15, 20, 30, 45, 60 minutes'],
      [{ ...tuesdayHours, sessions: [{ weekday: 2, start: '17:00', end: '14:00' }] }, 'The session Tuesday 17:00-14:00 ends before it starts: the end must be after the start'],
      [{ ...tuesdayHours, sessions: [{ weekday: 2, start: '16:00', end: '19:00' }] }, "The session Tuesday 16:00-19:00 is outside the clinic's hours: on Tuesdays the clinic is open 8:00 AM - 6:00 PM"],
      [
        { ...tuesdayHours, sessions: [{ weekday: 2, start: '09:00', end: '12:00' }, { weekday: 2, start: '11:00', end: '13:00' }] },
        'The sessions Tuesday 09:00-12:00 and 11:00-13:00 overlap',
      ],
      [{ ...tuesdayHours, sessions: [{ weekday: 9, start: '09:00', end: '12:00' }] }, 'Weekday must be a whole number from 1 (Monday) to 7 (Sunday)'],
      [{ ...tuesdayHours, valid_from: clinicDate(-1) }, 'Hours can change from today onward: valid_from cannot be in the past'],
    ])('refuses %j with 400 "%s", saving nothing', async (body, message) => {
      const response = await platform.api('PUT', `/doctors/${hoursDoctor.doctorId}/hours`, { token: hoursDoctor.token, body });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      const read = await platform.api('GET', `/doctors/${hoursDoctor.doctorId}/hours`, { token: hoursDoctor.token });
      expect(read.body.sessions).toEqual(tuesdayHours.sessions);
    });

    it("offers exactly the doctor's slots and refuses a stale page's booking outside them with 409", async () => {
      const tuesday = clinicDateOn(2, 2);
      const slots = await platform.api('GET', `/appointments/availability?doctor_id=${hoursDoctor.doctorId}&date=${tuesday}`, { token: patient.token });
      expect(slots.status).toBe(200);
      expect(slots.body.bookable_date).toBe(true);
      expect(slots.body.slots.map((s: { time_slot: string }) => s.time_slot)).toEqual(['02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM']);
      const wednesday = clinicDateOn(3, 2);
      const none = await platform.api('GET', `/appointments/availability?doctor_id=${hoursDoctor.doctorId}&date=${wednesday}`, { token: patient.token });
      expect(none.body).toMatchObject({ bookable_date: false, slots: [] });

      const outside = await platform.api('POST', '/appointments', { token: patient.token, body: booking(hoursDoctor.doctorId, { appointment_date: tuesday, time_slot: '09:00 AM' }) });
      expect(outside.status).toBe(409);
      expect(outside.body.message).toBe(`Dr. Grace Wanjiku does not see patients at 09:00 AM on ${tuesday}. Please choose one of the times offered.`);
      const late = await platform.api('POST', '/appointments', { token: patient.token, body: booking(hoursDoctor.doctorId, { appointment_date: tuesday, time_slot: '05:00 PM' }) });
      expect(late.status).toBe(409);
      const inside = await bookAs<{ appointment_id: number }>(platform, patient.token, hoursDoctor.doctorId, { appointment_date: tuesday, time_slot: '04:30 PM' });
      expect(inside.appointment_id).toEqual(expect.any(Number));
      // and a move to a time outside the hours is refused the same way
      const moved = await platform.api('PATCH', `/appointments/${inside.appointment_id}/reschedule`, { token: patient.token, body: { appointment_date: wednesday, time_slot: '02:00 PM' } });
      expect(moved.status).toBe(409);
    });
  });

  it('books a slot off the clinic\'s grid that a 20-minute doctor offers (09:20 AM), and refuses one it does not', async () => {
    const doctor = await createDoctor(platform, admin.token, { firstname: 'Joseph', lastname: 'Kamau', specialization: 'Neurology' });
    const saved = await platform.api('PUT', `/doctors/${doctor.doctorId}/hours`, { token: doctor.token, body: { sessions: [{ weekday: 1, start: '09:00', end: '10:00' }], slot_minutes: 20 } });
    expect(saved.status).toBe(200);
    const monday = clinicDateOn(1, 2);
    const slots = await platform.api('GET', `/appointments/availability?doctor_id=${doctor.doctorId}&date=${monday}`, { token: patient.token });
    expect(slots.body.slots).toEqual([
      { time_slot: '09:00 AM', available: true },
      { time_slot: '09:20 AM', available: true },
      { time_slot: '09:40 AM', available: true },
    ]);
    const booked = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { appointment_date: monday, time_slot: '09:20 AM' }) });
    expect(booked.status).toBe(201);
    const [row] = await sql('appointment', `SELECT time_slot, starts_at FROM appointments WHERE appointment_id = $1`, [booked.body.appointment_id]);
    expect(row.time_slot).toBe('09:20 AM');
    expect(new Date(row.starts_at).toISOString()).toBe(`${monday}T06:20:00.000Z`); // 09:20 in Nairobi (UTC+3)
    const taken = await platform.api('GET', `/appointments/availability?doctor_id=${doctor.doctorId}&date=${monday}`, { token: patient.token });
    expect(taken.body.slots[1]).toEqual({ time_slot: '09:20 AM', available: false });
    const off = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { appointment_date: monday, time_slot: '09:15 AM' }) });
    expect(off.status).toBe(409);
    // a doctor without hours still takes only the clinic's slots, as before
    const plain = await platform.api('POST', '/appointments', { token: patient.token, body: booking(leaveDoctor.doctorId, { appointment_date: monday, time_slot: '09:20 AM' }) });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe('Please select a time');
  });

  describe('leave', () => {
    const first = () => openClinicDate(6);
    const second = () => openClinicDate(7);

    it('refuses leave that ends before it starts or lies wholly in the past (400), and another doctor\'s (403)', async () => {
      const backwards = await platform.api('POST', `/doctors/${leaveDoctor.doctorId}/leave`, { token: leaveDoctor.token, body: { from: second(), to: first() } });
      expect(backwards.status).toBe(400);
      expect(backwards.body.message).toBe('The leave ends before it starts: the last day must be on or after the first day');
      const past = await platform.api('POST', `/doctors/${leaveDoctor.doctorId}/leave`, { token: leaveDoctor.token, body: { from: clinicDate(-10), to: clinicDate(-3) } });
      expect(past.status).toBe(400);
      expect(past.body.message).toBe('The leave lies wholly in the past: choose days from today onward');
      const other = await platform.api('POST', `/doctors/${leaveDoctor.doctorId}/leave`, { token: otherDoctor.token, body: { from: first(), to: second() } });
      expect(other.status).toBe(403);
    });

    it('over two bookings: 409 listing them and nothing saved; confirmed: 201, both need a new time, statuses untouched', async () => {
      const a = await bookAs<{ appointment_id: number }>(platform, patient.token, leaveDoctor.doctorId, { appointment_date: first(), time_slot: '09:00 AM' });
      const b = await bookAs<{ appointment_id: number }>(platform, patient.token, leaveDoctor.doctorId, { appointment_date: second(), time_slot: '02:00 PM' });
      const body = { from: first(), to: second(), reason: 'Annual leave' };

      const unconfirmed = await platform.api('POST', `/doctors/${leaveDoctor.doctorId}/leave`, { token: leaveDoctor.token, body });
      expect(unconfirmed.status).toBe(409);
      expect(unconfirmed.body.code).toBe('LEAVE_HAS_APPOINTMENTS');
      expect(unconfirmed.body.message).toBe('2 booked visits fall in this leave. Confirm to save it: each of them will need a new time.');
      expect(unconfirmed.body.details.appointments).toEqual([
        { appointment_id: a.appointment_id, user_id: patient.user.user_id, appointment_date: first(), time_slot: '09:00 AM', appointment_status: 'Pending', patient_full_name: 'Achieng Odhiambo' },
        { appointment_id: b.appointment_id, user_id: patient.user.user_id, appointment_date: second(), time_slot: '02:00 PM', appointment_status: 'Pending', patient_full_name: 'Achieng Odhiambo' },
      ]);
      expect((await platform.api('GET', `/doctors/${leaveDoctor.doctorId}/leave`, { token: leaveDoctor.token })).body).toEqual([]);

      const confirmed = await platform.api('POST', `/doctors/${leaveDoctor.doctorId}/leave`, { token: leaveDoctor.token, body: { ...body, confirm: true } });
      expect(confirmed.status).toBe(201);
      expect(confirmed.body).toMatchObject({ leave: { doctor_id: leaveDoctor.doctorId, from: first(), to: second(), reason: 'Annual leave' }, message: 'Leave saved!' });
      expect(confirmed.body.needs_new_time.map((v: { appointment_id: number }) => v.appointment_id)).toEqual([a.appointment_id, b.appointment_id]);
      const records = await sql('appointment', `SELECT appointment_id, cause, leave_id, resolved_at FROM appointment_new_time_needed ORDER BY appointment_id`);
      expect(records).toEqual([
        { appointment_id: a.appointment_id, cause: 'leave', leave_id: confirmed.body.leave.leave_id, resolved_at: null },
        { appointment_id: b.appointment_id, cause: 'leave', leave_id: confirmed.body.leave.leave_id, resolved_at: null },
      ]);
      const statuses = await sql('appointment', `SELECT appointment_status FROM appointments WHERE appointment_id = ANY($1::int[])`, [[a.appointment_id, b.appointment_id]]);
      expect(statuses).toEqual([{ appointment_status: 'Pending' }, { appointment_status: 'Pending' }]);

      // the patient's appointment replies say which visits need a new time and why (never the leave's reason); the
      // doctor's agenda and a single read say the same
      const flag = { cause: 'leave', since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), closure_name: null };
      const mine = await platform.api('GET', '/appointments', { token: patient.token });
      const flagged = (list: { appointment_id: number; needs_new_time: unknown }[]) =>
        Object.fromEntries(list.filter((v) => [a.appointment_id, b.appointment_id].includes(v.appointment_id)).map((v) => [v.appointment_id, v.needs_new_time]));
      expect(flagged(mine.body)).toEqual({ [a.appointment_id]: flag, [b.appointment_id]: flag });
      expect(JSON.stringify(mine.body)).not.toContain('Annual leave');
      expect((await platform.api('GET', `/appointments/${a.appointment_id}`, { token: patient.token })).body.appointment.needs_new_time).toEqual(flag);
      expect(flagged((await platform.api('GET', '/appointments/doctor', { token: leaveDoctor.token })).body)).toEqual({ [a.appointment_id]: flag, [b.appointment_id]: flag });

      // the days are closed to new bookings, with a clear message, and the booking screen offers nothing
      const into = await platform.api('POST', '/appointments', { token: patient.token, body: booking(leaveDoctor.doctorId, { appointment_date: second(), time_slot: '10:00 AM' }) });
      expect(into.status).toBe(409);
      expect(into.body.message).toBe(`Dr. Brian Otieno is on leave on ${second()}. Please choose another date.`);
      const slots = await platform.api('GET', `/appointments/availability?doctor_id=${leaveDoctor.doctorId}&date=${first()}`, { token: patient.token });
      expect(slots.body).toMatchObject({ bookable_date: false, slots: [], unavailable: `Dr. Brian Otieno is on leave on ${first()}. Please choose another date.` });

      // the patient picks a new time with the same doctor: the record is resolved, the visit keeps its id
      const moved = await platform.api('PATCH', `/appointments/${a.appointment_id}/reschedule`, { token: patient.token, body: { appointment_date: openClinicDate(9), time_slot: '11:00 AM' } });
      expect(moved.status).toBe(200);
      const [resolved] = await sql('appointment', `SELECT resolved_at FROM appointment_new_time_needed WHERE appointment_id = $1`, [a.appointment_id]);
      expect(resolved.resolved_at).not.toBeNull();
      expect(moved.body.appointment.needs_new_time).toBeNull();
      expect((await platform.api('GET', `/appointments/${a.appointment_id}`, { token: patient.token })).body.appointment.needs_new_time).toBeNull();
      // a second leave over the same days finds nothing left to move (the other visit already needs a new time)
      const again = await platform.api('POST', `/doctors/${leaveDoctor.doctorId}/leave`, { token: admin.token, body: { from: second(), to: second() } });
      expect(again.status).toBe(201);
      expect(again.body.needs_new_time).toEqual([]);

      // the patient cancels the other visit: it no longer needs a new time, and its slot (on leave) is offered to
      // no one on the doctor's waitlist
      const waiting = await signUpAndIn(platform, { firstname: 'Wanjiru', lastname: 'Kariuki' });
      const joined = await platform.api('POST', '/waitlist', {
        token: waiting.token,
        body: { doctor_id: leaveDoctor.doctorId, date_from: first(), date_to: second(), appointment_type: 'Consultation', notes: 'Any time that week, please.' },
      });
      expect(joined.status).toBe(201);
      const cancelled = await platform.api('PATCH', `/appointments/${b.appointment_id}/status`, { token: patient.token, body: { status: 'Cancelled' } });
      expect(cancelled.status).toBe(200);
      const [closed] = await sql('appointment', `SELECT resolved_at FROM appointment_new_time_needed WHERE appointment_id = $1`, [b.appointment_id]);
      expect(closed.resolved_at).not.toBeNull();
      expect(cancelled.body.appointment.needs_new_time).toBeNull();
      expect(await sql('appointment', `SELECT offer_id FROM waitlist_offers WHERE doctor_id = $1`, [leaveDoctor.doctorId])).toEqual([]);
    });

    it('lists the leave to the doctor and admins, and removes it (then 404)', async () => {
      const list = await platform.api('GET', `/doctors/${leaveDoctor.doctorId}/leave`, { token: admin.token });
      expect(list.status).toBe(200);
      expect(list.body.map((l: { from: string; to: string }) => [l.from, l.to])).toEqual([
        [first(), second()],
        [second(), second()],
      ]);
      const id = list.body[1].leave_id;
      expect((await platform.api('DELETE', `/doctors/${leaveDoctor.doctorId}/leave/${id}`, { token: otherDoctor.token })).status).toBe(403);
      const removed = await platform.api('DELETE', `/doctors/${leaveDoctor.doctorId}/leave/${id}`, { token: leaveDoctor.token });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ leave_id: id, message: 'Leave removed.' });
      expect((await platform.api('DELETE', `/doctors/${leaveDoctor.doctorId}/leave/${id}`, { token: leaveDoctor.token })).status).toBe(404);
    });
  });

  describe('new weekly hours over booked visits', () => {
    it('lists the visits outside the new hours (409, nothing saved); confirmed, each needs a new time (cause hours)', async () => {
      const doctor = await createDoctor(platform, admin.token, { firstname: 'Faith', lastname: 'Njeri', specialization: 'Cardiology' });
      const date = openClinicDate(5);
      const morning = await bookAs<{ appointment_id: number }>(platform, patient.token, doctor.doctorId, { appointment_date: date, time_slot: '09:00 AM' });
      const afternoon = await bookAs<{ appointment_id: number }>(platform, patient.token, doctor.doctorId, { appointment_date: date, time_slot: '02:00 PM' });
      // mornings only, Monday to Friday: the 02:00 PM visit has no slot any more, the 09:00 AM one keeps its own
      const mornings = { sessions: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '12:00' })), slot_minutes: 30 };

      const unconfirmed = await platform.api('PUT', `/doctors/${doctor.doctorId}/hours`, { token: doctor.token, body: mornings });
      expect(unconfirmed.status).toBe(409);
      expect(unconfirmed.body.code).toBe('HOURS_HAVE_APPOINTMENTS');
      expect(unconfirmed.body.message).toBe('1 booked visits fall outside these hours. Confirm to save them: each of them will need a new time.');
      expect(unconfirmed.body.details.appointments).toEqual([
        { appointment_id: afternoon.appointment_id, user_id: patient.user.user_id, appointment_date: date, time_slot: '02:00 PM', appointment_status: 'Pending', patient_full_name: 'Achieng Odhiambo' },
      ]);
      expect((await platform.api('GET', `/doctors/${doctor.doctorId}/hours`, { token: doctor.token })).body.custom).toBe(false);
      // in Kiswahili for a Kiswahili page
      const swahili = await platform.api('PUT', `/doctors/${doctor.doctorId}/hours`, { token: doctor.token, body: mornings, headers: { 'Accept-Language': 'sw' } });
      expect(swahili.body.message).toBe('Miadi 1 iliyowekwa iko nje ya saa hizi. Thibitisha ili kuzihifadhi: kila mmoja utahitaji muda mpya.');

      const confirmed = await platform.api('PUT', `/doctors/${doctor.doctorId}/hours`, { token: admin.token, body: { ...mornings, confirm: true } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ custom: true, message: 'Hours saved!' });
      expect(confirmed.body.needs_new_time.map((v: { appointment_id: number }) => v.appointment_id)).toEqual([afternoon.appointment_id]);
      expect(await sql('appointment', `SELECT appointment_id, cause, leave_id, closure_id FROM appointment_new_time_needed WHERE appointment_id = ANY($1::int[])`, [[morning.appointment_id, afternoon.appointment_id]])).toEqual([
        { appointment_id: afternoon.appointment_id, cause: 'hours', leave_id: null, closure_id: null },
      ]);
      const [kept, flagged] = await Promise.all(
        [morning, afternoon].map(async (v) => (await platform.api('GET', `/appointments/${v.appointment_id}`, { token: patient.token })).body.appointment),
      );
      expect(kept.needs_new_time).toBeNull();
      expect(flagged).toMatchObject({ appointment_status: 'Pending', needs_new_time: { cause: 'hours', closure_name: null } });
      const waiting = await platform.api('GET', '/admin/needs-new-time', { token: admin.token });
      expect(waiting.body.find((v: { appointment_id: number }) => v.appointment_id === afternoon.appointment_id)).toMatchObject({ cause: 'hours', doctor_name: 'Faith Njeri' });

      // saving the same hours again finds nothing new to flag (the visit already waits for a new time)
      const again = await platform.api('PUT', `/doctors/${doctor.doctorId}/hours`, { token: doctor.token, body: mornings });
      expect(again.status).toBe(200);
      expect(again.body.needs_new_time).toEqual([]);
      // the patient moves it into the new hours: resolved
      const moved = await platform.api('PATCH', `/appointments/${afternoon.appointment_id}/reschedule`, { token: patient.token, body: { appointment_date: date, time_slot: '10:00 AM' } });
      expect(moved.status).toBe(200);
      expect(moved.body.appointment.needs_new_time).toBeNull();
    });

    it("lists every active doctor's hours to admins, read-only (others 403)", async () => {
      expect((await platform.api('GET', '/admin/doctor-hours', { token: hoursDoctor.token })).status).toBe(403);
      expect((await platform.api('GET', '/admin/doctor-hours', { token: patient.token })).status).toBe(403);
      const list = await platform.api('GET', '/admin/doctor-hours', { token: admin.token });
      expect(list.status).toBe(200);
      const byId = new Map(list.body.map((d: { doctor_id: number }) => [d.doctor_id, d]));
      expect(byId.get(hoursDoctor.doctorId)).toEqual({
        doctor_id: hoursDoctor.doctorId,
        doctor_name: 'Grace Wanjiku',
        specialization: expect.any(String),
        approval_status: 'approved',
        available_days: expect.any(Array),
        custom: true,
        sessions: tuesdayHours.sessions,
        slot_minutes: 30,
        valid_from: clinicDate(0),
        next: null,
      });
      expect(byId.get(leaveDoctor.doctorId)).toMatchObject({ doctor_name: 'Brian Otieno', specialization: 'Dermatology', custom: false, sessions: [], valid_from: null });
      // by name: Hassan, Kamau, Njeri, Otieno, Wanjiku
      const names = list.body.map((d: { doctor_name: string }) => d.doctor_name);
      expect(names.indexOf('Amina Hassan')).toBeLessThan(names.indexOf('Brian Otieno'));
      expect(names.indexOf('Brian Otieno')).toBeLessThan(names.indexOf('Grace Wanjiku'));
    });

    it('refuses a confirm that is not true or false (400), saving nothing', async () => {
      const response = await platform.api('PUT', `/doctors/${leaveDoctor.doctorId}/hours`, { token: leaveDoctor.token, body: { ...tuesdayHours, confirm: 'yes' } });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('confirm must be true or false');
      expect((await platform.api('GET', `/doctors/${leaveDoctor.doctorId}/hours`, { token: leaveDoctor.token })).body.custom).toBe(false);
    });
  });

  describe('clinic closures', () => {
    const day = () => openClinicDate(12);

    it('closes the clinic for every doctor on that date (409 with its name), admins only; removing it reopens', async () => {
      expect((await platform.api('POST', '/admin/closures', { token: patient.token, body: { date: day(), name: 'Staff day' } })).status).toBe(403);
      expect((await platform.api('POST', '/admin/closures', { token: otherDoctor.token, body: { date: day(), name: 'Staff day' } })).status).toBe(403);
      const added = await platform.api('POST', '/admin/closures', { token: admin.token, body: { date: day(), name: 'Staff day' } });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ closure: { date: day(), name: 'Staff day' }, needs_new_time: [], message: 'Closure saved!' });
      const twice = await platform.api('POST', '/admin/closures', { token: admin.token, body: { date: day(), name: 'Staff day' } });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('The clinic is already closed on that date');

      for (const doctor of [leaveDoctor, otherDoctor]) {
        const refused = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { appointment_date: day(), time_slot: '09:30 AM' }) });
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe(`The clinic is closed on ${day()} (Staff day). Please choose another date.`);
      }
      const slots = await platform.api('GET', `/appointments/availability?doctor_id=${otherDoctor.doctorId}&date=${day()}`, { token: patient.token });
      expect(slots.body).toMatchObject({ bookable_date: false, slots: [] });
      expect((await platform.api('GET', '/admin/closures', { token: admin.token })).body).toEqual([expect.objectContaining({ date: day(), name: 'Staff day' })]);

      const removed = await platform.api('DELETE', `/admin/closures/${added.body.closure.closure_id}`, { token: admin.token });
      expect(removed.status).toBe(200);
      await bookAs(platform, patient.token, otherDoctor.doctorId, { appointment_date: day(), time_slot: '09:30 AM' });
    });

    it('lists the day\'s booked visits before closing over them (409), and marks them when confirmed', async () => {
      const date = openClinicDate(13);
      const visit = await bookAs<{ appointment_id: number }>(platform, patient.token, otherDoctor.doctorId, { appointment_date: date, time_slot: '10:30 AM' });
      const unconfirmed = await platform.api('POST', '/admin/closures', { token: admin.token, body: { date, name: 'Jamhuri Day' } });
      expect(unconfirmed.status).toBe(409);
      expect(unconfirmed.body.details.appointments.map((v: { appointment_id: number }) => v.appointment_id)).toEqual([visit.appointment_id]);
      const confirmed = await platform.api('POST', '/admin/closures', { token: admin.token, body: { date, name: 'Jamhuri Day', confirm: true } });
      expect(confirmed.status).toBe(201);
      expect(await sql('appointment', `SELECT cause FROM appointment_new_time_needed WHERE appointment_id = $1`, [visit.appointment_id])).toEqual([{ cause: 'closure' }]);
      const seen = await platform.api('GET', `/appointments/${visit.appointment_id}`, { token: patient.token });
      expect(seen.body.appointment).toMatchObject({ appointment_status: 'Pending', needs_new_time: { cause: 'closure', closure_name: 'Jamhuri Day' } });

      // the admin's list of visits that need a new time: this one (the leave's were moved or cancelled above)
      expect((await platform.api('GET', '/admin/needs-new-time', { token: otherDoctor.token })).status).toBe(403);
      const open = await platform.api('GET', '/admin/needs-new-time', { token: admin.token });
      expect(open.status).toBe(200);
      expect(open.body).toEqual([
        {
          appointment_id: visit.appointment_id,
          user_id: patient.user.user_id,
          appointment_date: date,
          time_slot: '10:30 AM',
          appointment_status: 'Pending',
          patient_full_name: 'Achieng Odhiambo',
          doctor_id: otherDoctor.doctorId,
          doctor_name: 'Amina Hassan',
          specialization: 'Pediatrics',
          cause: 'closure',
          since: expect.any(String),
        },
      ]);

      // an admin moves it to a colleague of the same specialty, at a free slot of theirs: same visit, same amount
      const colleague = await createDoctor(platform, admin.token, { firstname: 'Zawadi', lastname: 'Mwende', specialization: 'Pediatrics' });
      const later = openClinicDate(15);
      const move = (token: string, body: Record<string, unknown>, id = visit.appointment_id) => platform.api('PATCH', `/admin/appointments/${id}/move`, { token, body });
      expect((await move(otherDoctor.token, { doctor_id: colleague.doctorId, appointment_date: later, time_slot: '10:30 AM' })).status).toBe(403);
      const otherSpecialty = await move(admin.token, { doctor_id: leaveDoctor.doctorId, appointment_date: later, time_slot: '10:30 AM' });
      expect(otherSpecialty.status).toBe(400);
      expect(otherSpecialty.body.message).toBe("Choose a colleague of the same specialization as the visit's doctor");
      expect((await move(admin.token, { doctor_id: otherDoctor.doctorId, appointment_date: later, time_slot: '10:30 AM' })).body.message).toBe('Choose another doctor: the visit is already with this one');
      const closedDay = await move(admin.token, { doctor_id: colleague.doctorId, appointment_date: date, time_slot: '10:30 AM' });
      expect(closedDay.status).toBe(409);
      expect(closedDay.body.message).toBe(`The clinic is closed on ${date} (Jamhuri Day). Please choose another date.`);
      expect((await move(admin.token, { doctor_id: colleague.doctorId })).status).toBe(400);
      const [before] = await sql('appointment', `SELECT total_amount::float8 AS amount FROM appointments WHERE appointment_id = $1`, [visit.appointment_id]);

      const moved = await move(admin.token, { doctor_id: colleague.doctorId, appointment_date: later, time_slot: '10:30 AM' });
      expect(moved.status).toBe(200);
      expect(moved.body.message).toBe('Appointment moved to the colleague!');
      expect(moved.body.appointment).toMatchObject({
        appointment_id: visit.appointment_id,
        doctor_id: colleague.doctorId,
        doctor: { first_name: 'Zawadi', last_name: 'Mwende', specialization: 'Pediatrics' },
        appointment_date: later,
        time_slot: '10:30 AM',
        appointment_status: 'Pending',
        total_amount: before.amount,
        needs_new_time: null,
      });
      expect((await platform.api('GET', `/appointments/${visit.appointment_id}`, { token: patient.token })).body.appointment).toMatchObject({ doctor_id: colleague.doctorId, needs_new_time: null });
      expect((await platform.api('GET', '/admin/needs-new-time', { token: admin.token })).body).toEqual([]);
      // the colleague's slot is taken now; a visit that no longer needs a new time is not moved again
      const slots = await platform.api('GET', `/appointments/availability?doctor_id=${colleague.doctorId}&date=${later}`, { token: patient.token });
      expect(slots.body.slots.find((s: { time_slot: string }) => s.time_slot === '10:30 AM')).toEqual({ time_slot: '10:30 AM', available: false });
      const again = await move(admin.token, { doctor_id: otherDoctor.doctorId, appointment_date: later, time_slot: '11:00 AM' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Only a visit that needs a new time can be moved to a colleague');
    });

    it('refuses a closure in the past or without a name (400)', async () => {
      expect((await platform.api('POST', '/admin/closures', { token: admin.token, body: { date: clinicDate(-1), name: 'Yesterday' } })).body.message).toBe(
        'The date is in the past: choose a date from today onward',
      );
      const nameless = await platform.api('POST', '/admin/closures', { token: admin.token, body: { date: openClinicDate(14), name: '  ' } });
      expect(nameless.status).toBe(400);
      expect(nameless.body.message).toBe('Please name the closure (1 to 100 characters), for example Jamhuri Day');
    });
  });

  // Last: these leave visits waiting for a new time, which the admin's lists above do not expect.
  describe('a leave over a paid visit', () => {
    const FEE = 1500;

    it('the patient cancels it inside the 24 hours and the payment is refunded in full (decision 0115)', async () => {
      const doctor = await createDoctor(platform, admin.token, { firstname: 'Mercy', lastname: 'Chebet', specialization: 'Cardiology', fee: FEE });
      const date = openClinicDate(16);
      const visit = await bookAs<{ appointment_id: number }>(platform, patient.token, doctor.doctorId, { appointment_date: date, time_slot: '10:00 AM' });
      const card = await platform.api('POST', '/payments/create', { token: patient.token, body: { appointment_id: visit.appointment_id, amount: FEE } });
      expect(card.status).toBe(200);
      await fetch(`${card.body.url}/pay`, { method: 'POST', redirect: 'manual' }); // the sandbox's checkout page: Pay
      await eventually(async () => expect((await sql('appointment', `SELECT paid FROM appointments WHERE appointment_id = $1`, [visit.appointment_id]))[0].paid).toBe(true), 10_000);

      const leave = await platform.api('POST', `/doctors/${doctor.doctorId}/leave`, { token: doctor.token, body: { from: date, to: date, confirm: true } });
      expect(leave.status).toBe(201);
      expect(leave.body.needs_new_time.map((v: { appointment_id: number }) => v.appointment_id)).toEqual([visit.appointment_id]);
      // the visit comes within the 24-hour notice (as the days pass): an ordinary visit could no longer be cancelled
      await sql('appointment', `UPDATE appointments SET starts_at = now() + interval '3 hours' WHERE appointment_id = $1`, [visit.appointment_id]);
      const cancelled = await platform.api('PATCH', `/appointments/${visit.appointment_id}/status`, { token: patient.token, body: { status: 'Cancelled' } });
      expect(cancelled.status).toBe(200);
      await eventually(
        async () =>
          expect((await sql('payment', `SELECT status, refund_reason FROM payments WHERE payment_id = $1`, [card.body.payment_id]))[0]).toEqual({
            status: 'refunded',
            refund_reason: 'Appointment cancelled because the clinic changed or could not keep it: refunded in full',
          }),
        10_000,
      );
    });
  });

  describe('custom hours for one date', () => {
    // a Tuesday no other case here books or closes (hoursDoctor works Tuesdays 14:00-17:00)
    const tuesday = () => [7, 8, 9, 10, 11].map((n) => openClinicDate(n)).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 2)!;
    const path = () => `/doctors/${hoursDoctor.doctorId}/overrides/${tuesday()}`;
    const times = async () =>
      ((await platform.api('GET', `/appointments/availability?doctor_id=${hoursDoctor.doctorId}&date=${tuesday()}`, { token: patient.token })).body.slots as { time_slot: string }[]).map((s) => s.time_slot);
    const morning = { sessions: [{ start: '09:00', end: '10:00' }] };

    it.each([
      [{ sessions: [{ start: '10:00', end: '09:00' }] }, (d: string) => `The session ${d} 10:00-09:00 ends before it starts: the end must be after the start`],
      [{ sessions: [{ start: '07:00', end: '09:00' }] }, (d: string) => `The session ${d} 07:00-09:00 is outside the clinic's hours: on Tuesdays the clinic is open 8:00 AM - 6:00 PM`],
      [{ sessions: [{ start: '09:00', end: '11:00' }, { start: '10:30', end: '12:00' }] }, (d: string) => `The sessions ${d} 09:00-11:00 and 10:30-12:00 overlap`],
    ])('refuses %j with 400 naming the problem, saving nothing', async (body, message) => {
      const refused = await platform.api('PUT', path(), { token: hoursDoctor.token, body });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message(tuesday()));
      expect((await platform.api('GET', `/doctors/${hoursDoctor.doctorId}/overrides`, { token: hoursDoctor.token })).body).toEqual([]);
    });

    it("another doctor's or a patient's 403; a date that is none 400", async () => {
      expect((await platform.api('PUT', path(), { token: otherDoctor.token, body: morning })).status).toBe(403);
      expect((await platform.api('PUT', path(), { token: patient.token, body: morning })).status).toBe(403);
      expect((await platform.api('GET', `/doctors/${hoursDoctor.doctorId}/overrides`, { token: otherDoctor.token })).status).toBe(403);
      const notADate = await platform.api('PUT', `/doctors/${hoursDoctor.doctorId}/overrides/2026-02-30`, { token: hoursDoctor.token, body: morning });
      expect(notADate.status).toBe(400);
      expect(notADate.body.message).toBe('Please give the date as YYYY-MM-DD');
    });

    it('over a booked visit: 409 listing it, nothing saved; confirmed, availability and booking follow the date\'s hours; removing is never silent either', async () => {
      const booked = await bookAs<{ appointment_id: number }>(platform, patient.token, hoursDoctor.doctorId, { appointment_date: tuesday(), time_slot: '03:00 PM' });
      const unconfirmed = await platform.api('PUT', path(), { token: hoursDoctor.token, body: morning });
      expect(unconfirmed.status).toBe(409);
      expect(unconfirmed.body.code).toBe('OVERRIDE_HAS_APPOINTMENTS');
      expect(unconfirmed.body.details.appointments.map((v: { appointment_id: number }) => v.appointment_id)).toEqual([booked.appointment_id]);
      expect(await times()).toEqual(['02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM']);

      const saved = await platform.api('PUT', path(), { token: admin.token, body: { ...morning, confirm: true } });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ doctor_id: hoursDoctor.doctorId, date: tuesday(), sessions: morning.sessions, slot_minutes: 30, message: 'Custom hours saved!' });
      expect(await sql('appointment', `SELECT cause FROM appointment_new_time_needed WHERE appointment_id = $1`, [booked.appointment_id])).toEqual([{ cause: 'hours' }]);
      expect(await times()).toEqual(['09:00 AM', '09:30 AM']);
      const outside = await platform.api('POST', '/appointments', { token: patient.token, body: booking(hoursDoctor.doctorId, { appointment_date: tuesday(), time_slot: '02:00 PM' }) });
      expect(outside.status).toBe(409);
      expect(outside.body.message).toBe(`Dr. Grace Wanjiku does not see patients at 02:00 PM on ${tuesday()}. Please choose one of the times offered.`);
      const inside = await bookAs<{ appointment_id: number }>(platform, patient.token, hoursDoctor.doctorId, { appointment_date: tuesday(), time_slot: '09:30 AM' });
      expect((await platform.api('GET', `/doctors/${hoursDoctor.doctorId}/overrides`, { token: hoursDoctor.token })).body).toEqual([
        { doctor_id: hoursDoctor.doctorId, date: tuesday(), sessions: morning.sessions, slot_minutes: 30 },
      ]);

      // back to the week: the 09:30 AM visit would lose its slot
      const remove = (query = '') => platform.api('DELETE', `${path()}${query}`, { token: hoursDoctor.token });
      const refused = await remove();
      expect(refused.status).toBe(409);
      expect(refused.body.details.appointments.map((v: { appointment_id: number }) => v.appointment_id)).toEqual([inside.appointment_id]);
      const removed = await remove('?confirm=true');
      expect(removed.status).toBe(200);
      expect(removed.body.needs_new_time.map((v: { appointment_id: number }) => v.appointment_id)).toEqual([inside.appointment_id]);
      expect(await times()).toEqual(['02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM']);
      expect((await remove()).status).toBe(404);
    });
  });
});
