import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { JSONCodec, NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { connectNats, DomainEvent, eventSubject, NATS_CONNECTION, Principal } from '@afya/service-shared';
import { eventually, testInfrastructure, TestInfrastructure } from '@afya/service-shared/testing';
import { REPORT_END_HEADER, REPORT_ERROR_HEADER } from '../../contracts';
import { AnalyticsService } from '../analytics/analytics.service';
import { ReportingModule } from '../reporting.module';
import { ReportsService } from '../reports/reports.service';
import { addDays, dayIn } from '../rules/analytics.rules';
import { resetReadModels } from './rebuild';

/*
 * The read models against real PostgreSQL and NATS: events are published onto this test file's JetStream
 * stream exactly as the producers' outbox relays publish them, and the service's durable consumer applies them.
 */
const admin: Principal = { userId: 1, role: 'admin' };
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

describe('reporting read models (events → read models → analytics, reports, rebuild)', () => {
  let infra: TestInfrastructure;
  let app: Awaited<ReturnType<typeof NestFactory.createApplicationContext>>;
  let nc: NatsConnection;
  // The other deployables' side of the bus: their events, and the gateway pulling a report. The reporting service's
  // own connection may do neither (infra/nats/bus-users.js), so this is the test's own (test-admin) connection.
  let bus: NatsConnection;
  let published = 0;
  const codec = JSONCodec();

  const start = async () => {
    app = await NestFactory.createApplicationContext(ReportingModule, { logger: ['error'] });
    await app.init();
    nc = app.get(NATS_CONNECTION);
  };

  async function publish<T>(type: string, data: T, occurredAt = new Date().toISOString(), id: string = randomUUID()): Promise<DomainEvent<T>> {
    const event: DomainEvent<T> = { id, type, occurredAt, data };
    published += 1;
    await bus.jetstream().publish(eventSubject(type), codec.encode(event), { msgID: `${id}-${published}` });
    return event;
  }
  const analytics = () => app.get(AnalyticsService);
  const db = () => app.get<DataSource>(getDataSourceToken());
  const processed = async () => Number((await db().query(`SELECT count(*) AS n FROM processed_events`))[0].n);

  const user = (user_id: number, role = 'user', extra: Record<string, unknown> = {}) => ({
    user_id, firstname: `First${user_id}`, lastname: `Last${user_id}`, email: `u${user_id}@afya.test`, role, status: 'active', contact_phone: '0712345678', ...extra,
  });
  const appointment = (appointment_id: number, status: string, extra: Record<string, unknown> = {}) => ({
    appointment_id, user_id: 10, doctor_id: 7, doctor_user_id: 20, appointment_date: dayIn('Africa/Nairobi', new Date()),
    time_slot: '09:00 AM', appointment_type: 'Consultation', total_amount: 200, appointment_status: status, paid: false, ...extra,
  });

  beforeAll(async () => {
    infra = await testInfrastructure();
    bus = await connectNats('reporting-read-models-spec');
    await start();
    await publish('auth.user.registered.v1', user(10, 'user', { firstname: '=HYPERLINK("x")' }), daysAgo(40));
    await publish('auth.user.registered.v1', user(11), daysAgo(3));
    await publish('auth.user.registered.v1', user(20, 'doctor'), daysAgo(2));
    await publish('auth.user.registered.v1', user(21, 'doctor'), daysAgo(1));
    await publish('appointment.doctor.approved.v1', { doctor_id: 7, user_id: 20, first_name: 'First20', last_name: 'Last20', specialization: 'Cardiology', approval_status: 'approved', fee: null, available_days: [] });
    await publish('appointment.created.v1', appointment(100, 'Pending'), daysAgo(1));
    await publish('appointment.created.v1', appointment(101, 'Pending'));
    await publish('appointment.created.v1', appointment(102, 'Pending'));
    await publish('appointment.updated.v1', appointment(101, 'Completed', { previous_status: 'Pending' }));
    await publish('appointment.cancelled.v1', appointment(102, 'Cancelled', { previous_status: 'Pending' }));
    const base = { appointment_id: 101, patient_id: 10, doctor_id: 7, method: 'mpesa', provider_reference: '+SQL1', occurred_at: daysAgo(0) };
    await publish('payment.completed.v1', { ...base, payment_id: 500, amount: 1500, status: 'completed' });
    await publish('payment.completed.v1', { ...base, payment_id: 501, amount: 300, status: 'completed', method: 'card' });
    await publish('payment.refunded.v1', { ...base, payment_id: 501, amount: 300, refund_amount: 100, reason: 'partial', status: 'refunded' });
    await publish('payment.disputed.v1', { payment_id: 500, appointment_id: 101, reason: 'chargeback' });
    await publish('prescription.created.v1', {
      prescription_id: 900, appointment_id: 101, patient_id: 10, patient_name: '@patient', doctor_id: 7, doctor_name: 'Dr. First20 Last20',
      medicines: [{ name: 'Amoxicillin', dosage: '500mg', frequency: 'twice daily' }], created_at: daysAgo(0), updated_at: daysAgo(0),
    });
    await publish('support.ticket.created.v1', { ticket_id: 1, user_id: 10, subject: 'Help', status: 'open', priority: 'high', category: 'billing', created_at: daysAgo(0), updated_at: daysAgo(0) });
    await publish('support.ticket.created.v1', { ticket_id: 2, user_id: 11, subject: 'Done', status: 'resolved', priority: 'low', category: 'general', created_at: daysAgo(0), updated_at: daysAgo(0) });
    await eventually(async () => expect(await processed()).toBe(published), 15_000);
  });

  afterAll(async () => {
    await bus?.close();
    await app?.close();
    await infra?.cleanup();
  });

  const figures = async () => ({
    summary: await analytics().summary(admin, { range: 30 }),
    status: await analytics().appointmentStatus(admin),
    bookings: await analytics().bookings(admin, { range: 7 }),
    revenue: await analytics().revenue(admin, { range: 7 }),
    monthly: await analytics().monthly(admin),
    overview: await analytics().overview(admin),
  });

  it('computes the totals, period changes, status shares and pending actions from the events', async () => {
    const { summary, status, overview, revenue } = await figures();
    expect(summary.totals).toEqual({ users: 4, doctors: 2, appointments: 3, revenue: 1700 });
    // Users: 3 new in the last 30 days, 1 in the 30 before; bookings 3 against 0 (no base: null).
    expect(summary.changes.users).toEqual({ current: 3, previous: 1, percent: 200 });
    expect(summary.changes.appointments).toEqual({ current: 3, previous: 0, percent: null });
    expect(summary).toMatchObject({ today: 2, pending: 1, cancelled: 1, completedToday: 1 });
    expect(status.statusBreakdown).toEqual([
      { status: 'Pending', count: 1, percent: 33.4 },
      { status: 'Confirmed', count: 0, percent: 0 },
      { status: 'Completed', count: 1, percent: 33.3 },
      { status: 'Cancelled', count: 1, percent: 33.3 },
    ]);
    expect(revenue.revenue.at(-1)).toEqual({ date: dayIn('Africa/Nairobi', new Date()), revenue: 1700 });
    expect(revenue.revenue).toHaveLength(7);
    // Doctor 21 has no approved profile; ticket 1 is open; payment 500 is disputed.
    expect(overview).toMatchObject({ pendingDoctors: 1, unresolvedTickets: 1, paymentDisputes: 1 });
    expect(overview.recentActivity).toHaveLength(5);
    expect(overview.userGrowth.at(-1)?.total).toBe(4);
  });

  it('applies an event delivered twice once', async () => {
    const before = await figures();
    const event = await publish('appointment.created.v1', appointment(103, 'Confirmed'));
    await eventually(async () => expect((await analytics().appointmentStatus(admin)).total).toBe(4));
    await publish('appointment.created.v1', appointment(103, 'Confirmed'), event.occurredAt, event.id);
    await publish('payment.completed.v1', { payment_id: 502, appointment_id: 103, amount: 250, method: 'card', status: 'completed', occurred_at: daysAgo(0) });
    await eventually(async () => expect((await analytics().summary(admin, {})).totals.revenue).toBe(1950));
    const after = await figures();
    expect(after.summary.totals.appointments).toBe(before.summary.totals.appointments + 1);
    expect(after.bookings.bookings.at(-1)!.count).toBe(before.bookings.bookings.at(-1)!.count + 1);
  });

  it('streams a CSV report with readable headers, escaped formula cells and audits the download', async () => {
    const reports = app.get(ReportsService);
    const read = async (report: 'appointments' | 'users' | 'revenue' | 'prescriptions', from?: string, to?: string) => {
      const opened = await reports.open(admin, { report, from, to });
      let text = '';
      for (;;) {
        const message = await bus.request(opened.subject, new Uint8Array(), { timeout: 5000 });
        expect(message.headers?.get(REPORT_ERROR_HEADER) ?? '').toBe('');
        if (message.headers?.has(REPORT_END_HEADER)) return { text, opened, rows: Number(message.headers.get(REPORT_END_HEADER)) };
        text += Buffer.from(message.data).toString();
      }
    };
    const users = await read('users');
    const lines = users.text.trim().split('\n');
    expect(lines[0]).toBe('User ID,First Name,Last Name,Email,Phone,Role,Status,Registered At');
    expect(lines[1]).toMatch(/^10,"'=HYPERLINK\(""x""\)",Last10,u10@afya\.test,0712345678,user,active,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(users.rows).toBe(4);
    expect(users.opened).toMatchObject({ filename: 'users-report.csv', rows: 4 });
    const revenue = await read('revenue');
    expect(revenue.text).toContain(`501,101,"'=HYPERLINK(""x"") Last10",M-Pesa,refunded,300,100,200,'+SQL1,`);
    const prescriptions = await read('prescriptions');
    expect(prescriptions.text).toContain("900,101,'@patient,Dr. First20 Last20,Amoxicillin 500mg twice daily,");
    const today = dayIn('Africa/Nairobi', new Date());
    const filtered = await read('appointments', addDays(today, 1), addDays(today, 5));
    // No rows in those days: the header row alone.
    expect(filtered.text).toBe('Appointment ID,Patient,Patient Email,Doctor,Appointment Date,Time Slot,Type,Status,Amount (Ksh),Paid,Booked At\n');
    expect(filtered.rows).toBe(0);
    const audit = await db().query(`SELECT report, actor_user_id, rows_sent, outcome FROM report_downloads WHERE report = 'users'`);
    expect(audit).toEqual([{ report: 'users', actor_user_id: 1, rows_sent: '4', outcome: 'done' }]);
    await expect(reports.open(admin, { report: 'secrets' as never })).rejects.toMatchObject({ error: { statusCode: 400 } });
    await expect(reports.open(admin, { report: 'users', from: '2026-02-30' })).rejects.toMatchObject({ error: { statusCode: 400 } });
    await expect(reports.open({ userId: 2, role: 'doctor' }, { report: 'users' })).rejects.toMatchObject({ error: { statusCode: 403 } });
  });

  it('rebuilds the same figures by replaying the stream from its start', async () => {
    const before = await figures();
    await app.close();
    // Reset with a short-lived context of the same module (its consumer starts, then the reset deletes it).
    await start();
    await resetReadModels(db(), nc);
    expect((await analytics().summary(admin, {})).totals.appointments).toBe(0);
    await app.close();
    await start();
    await eventually(async () => expect(await figures()).toEqual(before), 15_000);
  });

  it('counts live users by role and status: a suspended doctor leaves Active Doctors, a deleted user the total, a redelivery changes nothing', async () => {
    const before = (await analytics().summary(admin, {})).totals;
    const suspended = await publish('auth.user.updated.v1', user(21, 'doctor', { status: 'suspended' }));
    await publish('auth.user.deleted.v1', user(11));
    await eventually(async () => expect((await analytics().summary(admin, {})).totals).toMatchObject({ users: before.users - 1, doctors: before.doctors - 1 }));
    await publish('auth.user.updated.v1', user(21, 'doctor', { status: 'suspended' }), suspended.occurredAt, suspended.id);
    await publish('auth.user.updated.v1', user(10, 'user', { firstname: 'Renamed' }));
    // Events apply in stream order: once the rename is in, the redelivered suspension has been handled too.
    await eventually(async () => expect((await db().query(`SELECT firstname FROM rm_users WHERE user_id = 10`))[0].firstname).toBe('Renamed'));
    expect((await analytics().summary(admin, {})).totals).toMatchObject({ users: before.users - 1, doctors: before.doctors - 1 });
  });
});
