import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { ReportingModule } from '@afya/reporting-service/src/reporting.module';
import { eventually } from '@afya/service-shared/testing';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { bookAs, createDoctor, openClinicDate, TestDoctor } from '../appointments/support';

jest.setTimeout(60_000);

/** Admin analytics, reports, user list and appointment search through the gateway (real NATS + PostgreSQL). */
describe('reporting and administration at the gateway', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;
  let booked: { appointment_id: number }[];

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule, reporting: ReportingModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    booked = [];
    for (const [days, slot] of [[2, '09:00 AM'], [3, '09:30 AM'], [4, '10:00 AM']] as const) {
      booked.push(await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(days), time_slot: slot }));
    }
  });

  afterAll(async () => {
    await platform?.close();
  });

  const routes = [
    '/admin/analytics/summary', '/admin/analytics/bookings', '/admin/analytics/revenue', '/admin/analytics/appointment-status',
    '/admin/analytics/monthly', '/admin/overview', '/admin/reports/appointments.csv', '/admin/reports/users.csv',
    '/admin/reports/revenue.csv', '/admin/reports/prescriptions.csv', '/admin/users', '/admin/appointments',
  ];

  it('every admin route: 401 without a token, 403 for a patient or a doctor', async () => {
    for (const path of routes) {
      expect([path, (await platform.api('GET', path)).status]).toEqual([path, 401]);
      expect([path, (await platform.api('GET', path, { token: patient.token })).status]).toEqual([path, 403]);
      expect([path, (await platform.api('GET', path, { token: doctor.token })).status]).toEqual([path, 403]);
    }
  });

  it('analytics come from the events of the other services; a bad range is 400', async () => {
    await eventually(async () => {
      const summary = await platform.api('GET', '/admin/analytics/summary', { token: admin.token });
      expect(summary.status).toBe(200);
      expect(summary.body.totals).toMatchObject({ users: 3, doctors: 1, appointments: 3, revenue: 0 });
      // The admin overview's fields ride along: recent users, appointments and payments, pending doctors, disputes.
      expect(summary.body).toMatchObject({ pendingDoctors: 0, paymentDisputes: 0, recentPayments: [] });
      expect(summary.body.recentUsers).toHaveLength(3);
      expect(summary.body.recentAppointments).toHaveLength(3);
    }, 10_000);
    const bookings = await platform.api('GET', '/admin/analytics/bookings?range=7', { token: admin.token });
    expect(bookings.body).toHaveLength(7);
    expect(bookings.body.at(-1).count).toBe(3);
    expect(bookings.headers.get('x-total-count')).toBe('7');
    const status = await platform.api('GET', '/admin/analytics/appointment-status', { token: admin.token });
    expect(status.body.statusBreakdown[0]).toEqual({ status: 'Pending', count: 3, percent: 100 });
    const revenue = await platform.api('GET', '/admin/analytics/revenue?range=365', { token: admin.token });
    expect(revenue.body.dailyRevenue).toHaveLength(365);
    expect(revenue.body.dailyRevenue[0]).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), revenue: 0 });
    for (const bad of ['8', 'abc', '-7']) {
      const response = await platform.api('GET', `/admin/analytics/bookings?range=${bad}`, { token: admin.token });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('range must be one of 7, 30, 90, 365');
      // The declared calls (ReportingCalls) refuse with the very body of the controller route.
      for (const declared of ['/admin/analytics/summary', '/admin/analytics/revenue']) {
        const refused = await platform.api('GET', `${declared}?range=${bad}`, { token: admin.token });
        expect([declared, refused.status, refused.body]).toEqual([declared, 400, response.body]);
      }
    }
    expect((await platform.api('GET', '/admin/overview', { token: patient.token })).body).toEqual(
      (await platform.api('GET', '/admin/analytics/bookings', { token: patient.token })).body,
    );
    const overview = await platform.api('GET', '/admin/overview', { token: admin.token });
    expect(overview.body).toMatchObject({ pendingDoctors: 0, unresolvedTickets: 0, paymentDisputes: 0 });
    expect(overview.body.recentActivity).toHaveLength(5);
  });

  it('streams a CSV report as an attachment with the new appointment in it', async () => {
    await eventually(async () => {
      const response = await fetch(`${platform.baseUrl}/api/admin/reports/appointments.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="appointments-report.csv"');
      expect(response.headers.get('x-report-rows')).toBe('3');
      const lines = (await response.text()).trim().split('\n');
      expect(lines[0]).toBe('Appointment ID,Patient,Patient Email,Doctor,Appointment Date,Time Slot,Type,Visit,Status,Amount (Ksh),Paid,Booked At');
      expect(lines[1]).toContain(`${booked[0].appointment_id},Achieng Odhiambo,${patient.details.email},Dr. Grace Wanjiku,${openClinicDate(2)},09:00 AM,`);
    }, 10_000);
    const filtered = await platform.api('GET', `/admin/reports/appointments.csv?from=${openClinicDate(3)}&to=${openClinicDate(3)}`, { token: admin.token });
    expect(String(filtered.body).trim().split('\n')).toHaveLength(2);
    expect((await platform.api('GET', '/admin/reports/secrets.csv', { token: admin.token })).status).toBe(404);
    expect((await platform.api('GET', '/admin/reports/users.csv?from=yesterday', { token: admin.token })).status).toBe(400);
  });

  it('?lang=sw writes the header row in Kiswahili and nothing else: same columns, same values', async () => {
    const csv = async (query: string, headers: Record<string, string> = {}) => {
      const response = await platform.api('GET', `/admin/reports/appointments.csv${query}`, { token: admin.token, headers });
      expect(response.status).toBe(200);
      return String(response.body).trim().split('\n');
    };
    const english = await csv('');
    const swahili = await csv('?lang=sw');
    expect(swahili[0]).toBe(
      'Namba ya miadi,Mgonjwa,Barua pepe ya mgonjwa,Daktari,Tarehe ya miadi,Muda wa miadi,Aina,Ziara,Hali,Kiasi (Ksh),Imelipwa,Iliwekwa',
    );
    expect(swahili.slice(1)).toEqual(english.slice(1));
    expect(swahili[0].split(',')).toHaveLength(english[0].split(',').length);
    // English unless ?lang=sw asks: a browser's Accept-Language does not change a file tools read by its headers.
    expect(await csv('?lang=en')).toEqual(english);
    expect((await csv('', { 'accept-language': 'sw' }))[0]).toBe(english[0]);
    for (const report of ['users', 'revenue', 'prescriptions']) {
      const header = String((await platform.api('GET', `/admin/reports/${report}.csv?lang=sw`, { token: admin.token })).body).split('\n')[0];
      expect(header).toMatch(/^Namba ya (mtumiaji|malipo|agizo la dawa),/);
    }
    const refused = await platform.api('GET', '/admin/reports/users.csv?lang=fr', { token: admin.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('lang must be en or sw');
  });

  it('GET /admin/appointments: server-side search, filters and paging with the total', async () => {
    const page = async (query: string) => (await platform.api('GET', `/admin/appointments?${query}`, { token: admin.token })).body;
    expect(await page('limit=2&page=2')).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect((await page('limit=2&page=2')).appointments).toHaveLength(1);
    expect((await page('search=achieng')).total).toBe(3);
    expect((await page('search=Dr. Grace')).total).toBe(3);
    expect((await page('search=nobody-by-that-name')).total).toBe(0);
    expect((await page(`search=${booked[1].appointment_id}`)).appointments.map((a: { appointment_id: number }) => a.appointment_id)).toContain(booked[1].appointment_id);
    expect((await page(`date=${openClinicDate(4)}`)).total).toBe(1);
    expect((await page('date=upcoming&status=pending')).total).toBe(3);
    expect((await page('date=past')).total).toBe(0);
    expect((await platform.api('GET', '/admin/appointments?date=someday', { token: admin.token })).status).toBe(400);
    expect((await platform.api('GET', '/admin/appointments?page=0', { token: admin.token })).status).toBe(400);
  });

  it('GET /admin/users: server-side paging and filters with the total', async () => {
    const list = await platform.api('GET', '/admin/users?limit=2&page=1', { token: admin.token });
    expect(list.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(list.body.users).toHaveLength(2);
    // The same list under data (clients read either key).
    expect(list.body.data).toEqual(list.body.users);
    const doctors = await platform.api('GET', '/admin/users?role=doctor', { token: admin.token });
    expect(doctors.body.total).toBe(1);
    // Without paging: every user up to 1,000.
    const all = await platform.api('GET', '/admin/users', { token: admin.token });
    expect(all.body).toMatchObject({ total: 3, page: 1, limit: 1000 });
    expect(all.body.users).toHaveLength(3);
    expect((await platform.api('GET', '/admin/users?limit=1001', { token: admin.token })).status).toBe(400);
  });

  // Issue 44: "Total Users 248, +349 vs the previous 30 days". Runs last: it adds and removes accounts.
  it('new users and joined doctors of a period are part of the totals: a deleted or suspended account leaves both', async () => {
    const leaving = await signUpAndIn(platform, { firstname: 'Baraka', lastname: 'Kiprop' });
    const suspended = await createDoctor(platform, admin.token, { firstname: 'Brian', lastname: 'Otieno' });
    expect((await platform.api('DELETE', `/admin/users/${leaving.user.user_id}`, { token: admin.token })).status).toBe(200);
    expect((await platform.api('PATCH', `/admin/users/${suspended.userId}`, { token: admin.token, body: { status: 'suspended' } })).status).toBe(200);
    await eventually(async () => {
      const summary = await platform.api('GET', '/admin/analytics/summary?range=7', { token: admin.token });
      // admin, doctor, patient and the suspended doctor are held; the deleted patient is not; one doctor is active
      expect(summary.body.totals).toMatchObject({ users: 4, doctors: 1 });
      expect(summary.body.changes.users).toMatchObject({ current: 4, previous: 0 });
      expect(summary.body.changes.doctors).toMatchObject({ current: 1, previous: 0 });
    }, 10_000);
    const monthly = await platform.api('GET', '/admin/analytics/monthly', { token: admin.token });
    expect(monthly.body.months.at(-1).new_users).toBe(4);
    const overview = await platform.api('GET', '/admin/overview', { token: admin.token });
    expect(overview.body.userGrowth.at(-1).total).toBe(overview.body.totals.users);
  });
});
