import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { AttendanceMessages, clinicToday } from '@afya/appointment-service/contracts';
import { eventually } from '@afya/service-shared/testing';
import { bookAs, createDoctor, openClinicDate, sql, type TestDoctor } from '../appointments/support';
import { createAdmin } from '../support/admin';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

jest.setTimeout(120_000);

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SW = { 'accept-language': 'sw-KE,sw;q=0.9' };

type Session = Awaited<ReturnType<typeof signUpAndIn>>;

/**
 * Issue 40: arrival, the queue and attendance through the gateway, NATS and PostgreSQL. Bookings start tomorrow at the
 * earliest, so a visit "of today" is booked ahead, confirmed, then moved to today as only the database can (a test's
 * clock): its date becomes the clinic's today and its start an instant relative to now. Nothing depends on the day or
 * hour the test runs (the doctor works every day; the report reads a fixed past week seeded in the database).
 */
describe('arrival, queue and attendance (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let otherDoctor: TestDoctor;
  let patient: Session;
  let otherPatient: Session;
  const slots = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM', '05:00 PM'];
  /** Slots used today per doctor (a doctor's visits of today each need their own slot; 05:30 PM is left for the walk-in). */
  const usedSlots = new Map<number, number>();
  const nextDay = 1;

  /** A visit of `who` with `withDoctor`, moved to today starting `minutesFromNow` from now (Confirmed unless told). */
  async function todayVisit(minutesFromNow: number, options: { who?: Session; withDoctor?: TestDoctor; status?: 'Confirmed' | 'Pending' } = {}): Promise<number> {
    const who = options.who ?? patient;
    const withDoctor = options.withDoctor ?? doctor;
    const used = usedSlots.get(withDoctor.doctorId) ?? 0;
    usedSlots.set(withDoctor.doctorId, used + 1);
    const slot = slots[used];
    const { appointment_id } = await bookAs(platform, who.token, withDoctor.doctorId, { time_slot: slot, appointment_date: openClinicDate(nextDay) });
    if ((options.status ?? 'Confirmed') === 'Confirmed') {
      expect((await platform.api('PATCH', `/appointments/${appointment_id}/override`, { token: admin.token, body: { status: 'Confirmed' } })).status).toBe(200);
    }
    await sql('appointment', `UPDATE appointments SET appointment_date = $2::date, starts_at = now() + make_interval(secs => $3) WHERE appointment_id = $1`, [
      appointment_id,
      clinicToday(),
      minutesFromNow * 60,
    ]);
    return appointment_id;
  }

  const checkIn = (id: number, token = admin.token, headers?: Record<string, string>) => platform.api('POST', `/appointments/${id}/check-in`, { token, headers });
  const step = (id: number, value: string, token = doctor.token) => platform.api('POST', `/appointments/${id}/queue`, { token, body: { step: value } });
  const outcome = (id: number, value: string, token = admin.token) => platform.api('POST', `/appointments/${id}/attendance`, { token, body: { outcome: value } });
  const queueOf = async (token = doctor.token, query = '') => {
    const response = await platform.api('GET', `/queue${query}`, { token });
    expect(response.status).toBe(200);
    return response.body.queue as { appointment_id: number; queue_number: number; state: string; waiting_minutes: number; patient_name: string; walk_in: boolean; patient_no_shows: number }[];
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { available_days: EVERY_DAY });
    otherDoctor = await createDoctor(platform, admin.token, { firstname: 'Brian', lastname: 'Otieno', available_days: EVERY_DAY });
    patient = await signUpAndIn(platform);
    otherPatient = await signUpAndIn(platform, { firstname: 'Jabari', lastname: 'Mwangi' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('checks a Confirmed visit of today in once: the day\'s next number, the arrival and who checked in; again is a 409', async () => {
    const first = await todayVisit(120);
    const second = await todayVisit(150, { who: otherPatient });
    const checked = await checkIn(first);
    expect(checked.status).toBe(200);
    expect(checked.body.attendance).toMatchObject({ appointment_id: first, queue_number: 1, checked_in_by: admin.user.user_id, state: 'waiting', walk_in: false });
    expect(Math.abs(Date.parse(checked.body.attendance.arrived_at) - Date.now())).toBeLessThan(60_000);
    expect((await checkIn(second, doctor.token)).body.attendance).toMatchObject({ queue_number: 2, checked_in_by: doctor.userId });

    const again = await checkIn(first);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(AttendanceMessages.alreadyCheckedIn);
    // The appointment's status is untouched: attendance is a record beside it.
    expect((await platform.api('GET', `/appointments/${first}`, { token: admin.token })).body.appointment.appointment_status).toBe('Confirmed');
    const [row] = await sql('appointment', `SELECT last_number FROM queue_counters WHERE doctor_id = $1`, [doctor.doctorId]);
    expect(row.last_number).toBe(2);
  });

  it('refuses with the reason: not Confirmed, not today, too early for the patient themself; other people\'s visits are 404', async () => {
    const pending = await todayVisit(60, { status: 'Pending' });
    expect(await checkIn(pending)).toMatchObject({ status: 409, body: { message: AttendanceMessages.notConfirmed } });

    const { appointment_id: tomorrowish } = await bookAs(platform, patient.token, doctor.doctorId, { time_slot: '09:00 AM', appointment_date: openClinicDate(3) });
    await platform.api('PATCH', `/appointments/${tomorrowish}/override`, { token: admin.token, body: { status: 'Confirmed' } });
    expect(await checkIn(tomorrowish)).toMatchObject({ status: 409, body: { message: AttendanceMessages.notToday } });
    expect((await checkIn(tomorrowish, admin.token, SW)).body.message).toBe('Miadi ya leo pekee ndiyo inaweza kusajiliwa kuwasili.');

    const later = await todayVisit(45);
    expect(await checkIn(later, patient.token)).toMatchObject({ status: 409, body: { message: AttendanceMessages.tooEarly } });
    expect((await checkIn(later, otherPatient.token)).status).toBe(404);
    expect((await checkIn(later, otherDoctor.token)).status).toBe(404);

    const soon = await todayVisit(20);
    const self = await checkIn(soon, patient.token);
    expect(self.status).toBe(200);
    expect(self.body.attendance.checked_in_by).toBe(patient.user.user_id);
  });

  it('gives two check-ins racing for one doctor two different numbers, one after the other', async () => {
    const a = await todayVisit(200, { withDoctor: otherDoctor });
    const b = await todayVisit(210, { withDoctor: otherDoctor, who: otherPatient });
    const [one, two] = await Promise.all([checkIn(a), checkIn(b)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect([one.body.attendance.queue_number, two.body.attendance.queue_number].sort()).toEqual([1, 2]);
  });

  it('shows the doctor their queue in number order with each wait; call next, seen and left move it along', async () => {
    const before = await queueOf();
    const base = before.length;
    const first = await todayVisit(10);
    const second = await todayVisit(15, { who: otherPatient });
    await checkIn(first);
    await checkIn(second);
    // Arrivals some minutes ago (the clock the queue reads is the database's, set here).
    await sql('appointment', `UPDATE appointment_attendance SET arrived_at = now() - interval '12 minutes' WHERE appointment_id = $1`, [first]);
    await sql('appointment', `UPDATE appointment_attendance SET arrived_at = now() - interval '5 minutes' WHERE appointment_id = $1`, [second]);

    const queue = await queueOf();
    expect(queue.map((e) => e.queue_number)).toEqual([...queue.map((e) => e.queue_number)].sort((x, y) => x - y));
    const mine = queue.slice(base);
    expect(mine.map((e) => e.appointment_id)).toEqual([first, second]);
    expect(mine[0]).toMatchObject({ state: 'waiting', waiting_minutes: 12, patient_name: 'Achieng Odhiambo' });
    expect(mine[1]).toMatchObject({ state: 'waiting', waiting_minutes: 5, patient_name: 'Jabari Mwangi' });
    expect(Object.keys(mine[0])).not.toEqual(expect.arrayContaining(['diagnosis']));

    // Call next takes the lowest waiting number: the earlier ones first (checked in by the tests above), then ours.
    const waitingBefore = queue.filter((e) => e.state === 'waiting');
    for (const entry of waitingBefore) {
      const called = await platform.api('POST', '/queue/next', { token: doctor.token, body: {} });
      expect(called.status).toBe(200);
      expect(called.body.attendance).toMatchObject({ appointment_id: entry.appointment_id, state: 'called' });
      if (entry.appointment_id !== first && entry.appointment_id !== second) expect((await step(entry.appointment_id, 'seen')).status).toBe(200);
    }
    const nobody = await platform.api('POST', '/queue/next', { token: doctor.token, body: {} });
    expect(nobody).toMatchObject({ status: 409, body: { message: AttendanceMessages.nobodyWaiting } });

    expect((await step(first, 'seen')).body.attendance).toMatchObject({ state: 'seen', outcome: 'attended' });
    expect((await step(second, 'left', admin.token)).body.attendance).toMatchObject({ state: 'left', outcome: 'left_without_being_seen' });
    expect(await step(second, 'call')).toMatchObject({ status: 409, body: { message: AttendanceMessages.alreadyDone } });
    const after = (await queueOf()).slice(base);
    expect(after.map((e) => e.state)).toEqual(['seen', 'left']);
    // The wait stops when the patient is called in (12 minutes), not when the list is read.
    expect(after[0].waiting_minutes).toBe(12);
  });

  it('keeps the queue to staff: a patient is refused, another doctor sees only their own', async () => {
    expect((await platform.api('GET', '/queue', { token: patient.token })).status).toBe(403);
    expect((await platform.api('GET', '/attendance/unresolved', { token: patient.token })).status).toBe(403);
    expect((await platform.api('POST', '/queue/next', { token: patient.token, body: {} })).status).toBe(403);
    const refused = await platform.api('GET', `/queue?doctor_id=${doctor.doctorId}`, { token: otherDoctor.token });
    expect(refused).toMatchObject({ status: 403, body: { message: AttendanceMessages.otherDoctor } });
    const theirs = await queueOf(otherDoctor.token);
    expect(theirs.length).toBeGreaterThan(0);
    expect(new Set(theirs.map((e) => (e as unknown as { doctor_id: number }).doctor_id))).toEqual(new Set([otherDoctor.doctorId]));
    // The desk (an admin) sees every doctor's, or one doctor's.
    const all = await queueOf(admin.token);
    expect(new Set(all.map((e) => (e as unknown as { doctor_id: number }).doctor_id))).toEqual(new Set([doctor.doctorId, otherDoctor.doctorId]));
    expect((await queueOf(admin.token, `?doctor_id=${otherDoctor.doctorId}`)).length).toBe(theirs.length);
    expect((await platform.api('GET', '/queue?date=03-12-2026', { token: admin.token })).status).toBe(400);
  });

  it('records outcomes by the rules: never on a Cancelled visit, a no-show only once started and never after a check-in', async () => {
    const cancelled = await todayVisit(-120, { withDoctor: otherDoctor });
    await platform.api('PATCH', `/appointments/${cancelled}/override`, { token: admin.token, body: { status: 'Cancelled' } });
    expect(await outcome(cancelled, 'no_show')).toMatchObject({ status: 409, body: { message: AttendanceMessages.cancelledNoOutcome } });

    const ahead = await todayVisit(90);
    expect(await outcome(ahead, 'no_show')).toMatchObject({ status: 409, body: { message: AttendanceMessages.noShowNotStarted } });
    expect((await outcome(ahead, 'late_cancellation', doctor.token)).body.attendance).toMatchObject({ outcome: 'late_cancellation', queue_number: null });

    const missed = await todayVisit(-90, { who: otherPatient });
    const noShow = await outcome(missed, 'no_show');
    expect(noShow.status).toBe(200);
    expect(noShow.body.attendance).toMatchObject({ appointment_id: missed, outcome: 'no_show', state: null });
    expect((await outcome(missed, 'no_show', patient.token)).status).toBe(403);
    expect((await outcome(missed, 'absent')).status).toBe(400);

    const arrived = await todayVisit(-10);
    await checkIn(arrived);
    expect(await outcome(arrived, 'no_show')).toMatchObject({ status: 409, body: { message: AttendanceMessages.noShowCheckedIn } });
    // The patient's no-shows are shown to staff beside their name.
    const entry = (await queueOf()).find((e) => e.appointment_id === arrived)!;
    expect(entry.patient_no_shows).toBe(0);
    const late = await todayVisit(-5, { who: otherPatient });
    await checkIn(late);
    expect((await queueOf()).find((e) => e.appointment_id === late)!.patient_no_shows).toBe(1);
  });

  it('records "attended" when a visit is marked Completed without an outcome (and leaves a recorded one as it is)', async () => {
    const visit = await todayVisit(-30);
    await checkIn(visit);
    // (An admin: a doctor may complete a visit once its slot's label has started, and this one keeps a later label.)
    const completed = await platform.api('PATCH', `/appointments/${visit}/status`, { token: admin.token, body: { status: 'Completed' } });
    expect(completed.status).toBe(200);
    const [row] = await sql('appointment', `SELECT outcome, seen_at IS NOT NULL AS seen FROM appointment_attendance WHERE appointment_id = $1`, [visit]);
    expect(row).toEqual({ outcome: 'attended', seen: true });

    const lateCancelled = await todayVisit(-60, { who: otherPatient });
    await outcome(lateCancelled, 'late_cancellation');
    expect((await platform.api('PATCH', `/appointments/${lateCancelled}/status`, { token: admin.token, body: { status: 'Completed' } })).status).toBe(200);
    const [kept] = await sql('appointment', `SELECT outcome FROM appointment_attendance WHERE appointment_id = $1`, [lateCancelled]);
    expect(kept.outcome).toBe('late_cancellation');
  });

  it('lists a past visit without an outcome 30 minutes after its end as unresolved, to its doctor and the desk only', async () => {
    const stale = await todayVisit(-(25 + 31), { withDoctor: otherDoctor }); // ended 31 minutes ago
    const recent = await todayVisit(-(25 + 20), { withDoctor: otherDoctor, who: otherPatient }); // ended 20 minutes ago
    const unresolved = async (token: string) => {
      const response = await platform.api('GET', '/attendance/unresolved', { token });
      expect(response.status).toBe(200);
      return (response.body.unresolved as { appointment_id: number; checked_in: boolean }[]).map((v) => v.appointment_id);
    };
    expect(await unresolved(otherDoctor.token)).toContain(stale);
    expect(await unresolved(otherDoctor.token)).not.toContain(recent);
    expect(await unresolved(admin.token)).toContain(stale);
    expect(await unresolved(doctor.token)).not.toContain(stale);
    expect((await outcome(stale, 'no_show', otherDoctor.token)).status).toBe(200);
    expect(await unresolved(otherDoctor.token)).not.toContain(stale);
  });

  it('books a walk-in on a free slot of today for a patient found by phone, checked in at once; an unknown phone is a 404', async () => {
    const phone = `+2547${String(Date.now()).slice(-8)}`;
    const walker = await signUpAndIn(platform, { firstname: 'Wanjiru', lastname: 'Njoroge', contact_phone: phone });
    const national = `0${phone.slice(4)}`;
    // The appointment service knows the phone once auth's event reached its directory.
    const created = await eventually(async () => {
      const response = await platform.api('POST', '/walk-ins', { token: admin.token, body: { doctor_id: otherDoctor.doctorId, time_slot: '05:30 PM', phone: national } });
      if (response.status === 404) throw new Error('not in the directory yet');
      return response;
    }, 10_000);
    expect(created.status).toBe(201);
    expect(created.body.appointment).toMatchObject({ user_id: walker.user.user_id, doctor_id: otherDoctor.doctorId, appointment_date: clinicToday(), time_slot: '05:30 PM', appointment_status: 'Pending' });
    expect(created.body.attendance).toMatchObject({ walk_in: true, state: 'waiting', checked_in_by: admin.user.user_id });
    expect(created.body.attendance.queue_number).toBeGreaterThan(0);
    expect((await queueOf(otherDoctor.token)).find((e) => e.appointment_id === created.body.appointment_id)).toMatchObject({ walk_in: true, patient_name: 'Wanjiru Njoroge' });

    const taken = await platform.api('POST', '/walk-ins', { token: admin.token, body: { doctor_id: otherDoctor.doctorId, time_slot: '05:30 PM', phone } });
    expect(taken.status).toBe(409);
    const unknown = await platform.api('POST', '/walk-ins', { token: admin.token, body: { doctor_id: otherDoctor.doctorId, time_slot: '05:00 PM', phone: '+254700000001' } });
    expect(unknown).toMatchObject({ status: 404, body: { message: AttendanceMessages.unknownPhone } });
    expect((await platform.api('POST', '/walk-ins', { token: admin.token, body: { doctor_id: otherDoctor.doctorId, time_slot: '05:00 PM', phone: 'none' } })).status).toBe(400);
    expect((await platform.api('POST', '/walk-ins', { token: doctor.token, body: { doctor_id: otherDoctor.doctorId, time_slot: '05:00 PM', phone } })).status).toBe(403);
  });

  it('reports attendance for a known week: the no-show rate per doctor and week, the average wait, walk-ins per day, and the CSV', async () => {
    // A fixed past week (Monday 2026-01-05 to Sunday 2026-01-11): four visits of the doctor, one of the other.
    let seeded = 0;
    const seed = async (who: Session, withDoctor: TestDoctor, date: string, attendance: string | null) => {
      const { appointment_id } = await bookAs(platform, who.token, withDoctor.doctorId, { time_slot: slots[seeded++], appointment_date: openClinicDate(nextDay + 5) });
      await sql('appointment', `UPDATE appointments SET appointment_date = $2::date, starts_at = ($2::date + time '08:00') AT TIME ZONE 'Africa/Nairobi' WHERE appointment_id = $1`, [appointment_id, date]);
      if (attendance) await sql('appointment', `INSERT INTO appointment_attendance (appointment_id, doctor_id, queue_date, queue_number, arrived_at, called_at, seen_at, outcome, walk_in) ${attendance}`.replace('$ID', String(appointment_id)).replace('$DOC', String(withDoctor.doctorId)), []);
      return appointment_id;
    };
    await seed(patient, doctor, '2026-01-05', `VALUES ($ID, $DOC, '2026-01-05', 1, '2026-01-05T06:00:00Z', '2026-01-05T06:10:00Z', '2026-01-05T06:30:00Z', 'attended', false)`);
    await seed(otherPatient, doctor, '2026-01-05', `VALUES ($ID, $DOC, '2026-01-05', 2, '2026-01-05T06:05:00Z', '2026-01-05T06:25:00Z', '2026-01-05T06:40:00Z', 'attended', true)`);
    await seed(patient, doctor, '2026-01-07', `VALUES ($ID, $DOC, NULL, NULL, NULL, NULL, NULL, 'no_show', false)`);
    await seed(otherPatient, doctor, '2026-01-07', null); // unresolved: counts as a visit, not in the rate
    await seed(patient, otherDoctor, '2026-01-07', `VALUES ($ID, $DOC, '2026-01-07', 1, '2026-01-07T06:00:00Z', NULL, NULL, 'left_without_being_seen', true)`);

    const response = await platform.api('GET', '/admin/attendance?from=2026-01-05&to=2026-01-11', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.weeks).toEqual([
      { week: '2026-01-05', doctor_id: doctor.doctorId, doctor_name: 'Dr. Grace Wanjiku', visits: 4, outcomes: 3, no_shows: 1, no_show_rate: 0.333, average_wait_minutes: 15, walk_ins: 1 },
      { week: '2026-01-05', doctor_id: otherDoctor.doctorId, doctor_name: 'Dr. Brian Otieno', visits: 1, outcomes: 1, no_shows: 0, no_show_rate: 0, average_wait_minutes: null, walk_ins: 1 },
    ]);
    expect(response.body.walk_ins_per_day).toEqual([
      { date: '2026-01-05', walk_ins: 1 },
      { date: '2026-01-07', walk_ins: 1 },
    ]);
    expect(response.body.average_wait_minutes).toBe(15);
    expect((await platform.api('GET', '/admin/attendance?from=2026-01-11&to=2026-01-05', { token: admin.token })).status).toBe(400);
    expect((await platform.api('GET', '/admin/attendance', { token: doctor.token })).status).toBe(403);

    const csv = await platform.api('GET', '/admin/reports/attendance.csv?from=2026-01-05&to=2026-01-11', { token: admin.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attendance-report.csv');
    expect((csv.body as string).split('\n')).toEqual([
      'date,week,doctor_id,doctor_name,visits,attended,no_shows,left_without_being_seen,late_cancellations,walk_ins,average_wait_minutes',
      `2026-01-05,2026-01-05,${doctor.doctorId},Dr. Grace Wanjiku,2,2,0,0,0,1,15`,
      `2026-01-07,2026-01-05,${doctor.doctorId},Dr. Grace Wanjiku,2,0,1,0,0,0,`,
      `2026-01-07,2026-01-05,${otherDoctor.doctorId},Dr. Brian Otieno,1,0,0,1,0,1,`,
      '',
    ]);
    expect((await platform.api('GET', '/admin/reports/attendance.csv', { token: doctor.token })).status).toBe(403);
  });
});
