import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { JSONCodec, NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { connectNats, DomainEvent, ensureSchema, EventConsumer, eventSubject, NATS_CONNECTION, Principal, schemaFor, serviceDataSourceOptions } from '@afya/service-shared';
import { eventually, testInfrastructure, TestInfrastructure } from '@afya/service-shared/testing';
import { REPORT_END_HEADER, REPORT_ERROR_HEADER } from '../../contracts';
import { activityEnglish } from '../analytics/activity-messages';
import { AnalyticsService } from '../analytics/analytics.service';
import { ReportingModule } from '../reporting.module';
import { ReportsService } from '../reports/reports.service';
import { addDays, dayIn } from '../rules/analytics.rules';
import { reportingDatabase } from '../reporting.database';
import { READ_MODEL_HANDLERS, READ_MODEL_TABLES } from './apply';
import { resetReadModels } from './rebuild';

/*
 * The read models against real PostgreSQL and NATS: events are published onto this test file's JetStream
 * stream exactly as the producers' outbox relays publish them, and the service's durable consumer applies them.
 */
// Waits here run up to 15-30 s (a rebuild restarts the service twice, then replays the stream): the default 5 s
// timeout cut the rebuild short on a loaded CI machine.
jest.setTimeout(60_000);

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
    await publish('appointment.created.v1', appointment(100, 'Pending', { visit_mode: 'video' }), daysAgo(1));
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
    expect(revenue.dailyRevenue.at(-1)).toEqual({ date: dayIn('Africa/Nairobi', new Date()), revenue: 1700 });
    expect(revenue.dailyRevenue).toHaveLength(7);
    // Doctor 21 has no approved profile; ticket 1 is open; payment 500 is disputed.
    expect(overview).toMatchObject({ pendingDoctors: 1, unresolvedTickets: 1, paymentDisputes: 1 });
    expect(overview.recentActivity).toHaveLength(5);
    // Each line as English text (CONTRACT.md §2's line, for clients that show it as it comes) and as a message key with values
    // (what the admin remote says in Kiswahili): the two say the same.
    for (const entry of [...overview.recentActivity, ...overview.recentUsers, ...overview.recentAppointments, ...overview.recentPayments]) {
      expect({ title: activityEnglish(entry.title_message), detail: activityEnglish(entry.detail_message) }).toEqual({ title: entry.title, detail: entry.detail });
    }
    expect(overview.recentAppointments.map((a) => a.detail_message.key)).toEqual(overview.recentAppointments.map(() => 'appointment.when'));
    expect(overview.recentPayments.map((p) => p.title_message.key)).toEqual(overview.recentPayments.map(() => 'payment.amount'));
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
    const appointments = (await read('appointments')).text.trim().split('\n');
    // The visit mode as people read it; an event without one (recorded before video visits) was in person.
    expect(appointments.find((line) => line.startsWith('100,'))).toContain(',09:00 AM,Consultation,Video,Pending,');
    expect(appointments.find((line) => line.startsWith('101,'))).toContain(',09:00 AM,Consultation,In person,Completed,');
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
    expect(filtered.text).toBe('Appointment ID,Patient,Patient Email,Doctor,Appointment Date,Time Slot,Type,Visit,Status,Amount (Ksh),Paid,Booked At\n');
    expect(filtered.rows).toBe(0);
    // The download's audit row is finished after its last chunk has gone out (the reader already has the end), so
    // the row is read until it says so: CI once read it between the end and that update.
    await eventually(async () => {
      const audit = await db().query(`SELECT report, actor_user_id, rows_sent, outcome FROM report_downloads WHERE report = 'users'`);
      expect(audit).toEqual([{ report: 'users', actor_user_id: 1, rows_sent: '4', outcome: 'done' }]);
    }, 5_000);
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
  it('replays a mixed stream in batches to exactly the read models of applying each event alone', async () => {
    // Sequences a batch must fold right, published together so a replay finds them in one batch. Nairobi is UTC+3:
    // 20:59:59.999Z is the last millisecond of a clinic day, 21:00Z the first of the next.
    const lastMs = '2026-01-10T20:59:59.999Z';
    const nextDay = '2026-01-10T21:00:00.000Z';
    const registered = await publish('auth.user.registered.v1', user(30), lastMs);
    await publish('auth.user.registered.v1', user(30), registered.occurredAt, registered.id); // the same event twice
    await publish('auth.user.registered.v1', user(31, 'doctor'), nextDay);
    await publish('auth.user.updated.v1', user(30, 'user', { email: undefined, status: 'suspended' }), '2026-01-11T08:00:00.000Z');
    await publish('auth.user.deleted.v1', user(31, 'doctor'), '2026-01-11T09:00:00.000Z');
    await publish('auth.user.updated.v1', user(31, 'doctor', { firstname: 'Gone' }), '2026-01-11T09:30:00.000Z');
    await publish('appointment.doctor.approved.v1', { doctor_id: 8, user_id: 31, first_name: 'F', last_name: 'L', specialization: null, approval_status: 'approved' });
    await publish('appointment.doctor.updated.v1', { doctor_id: 8, user_id: 31, first_name: 'F2', last_name: 'L2', specialization: 'Surgery', approval_status: 'approved' });
    const booked = await publish('appointment.created.v1', appointment(200, 'Pending'), lastMs);
    await publish('appointment.updated.v1', appointment(200, 'Confirmed', { paid: true }), '2026-01-11T10:00:00.000Z');
    await publish('appointment.created.v1', appointment(200, 'Pending'), booked.occurredAt, booked.id); // a redelivery after the update
    await publish('appointment.cancelled.v1', appointment(200, 'Cancelled'), '2026-01-12T10:00:00.000Z');
    await publish('appointment.created.v1', appointment(201, 'Pending'), nextDay);
    await publish('appointment.updated.v1', appointment(201, 'Completed'), '2026-01-11T12:00:00.000Z');
    await publish('appointment.deleted.v1', { appointment_id: 201 }, '2026-01-11T13:00:00.000Z');
    await publish('appointment.created.v1', appointment(202, 'Pending'), nextDay);
    await publish('appointment.updated.v1', appointment(202, 'Confirmed'), '2026-01-11T14:00:00.000Z');
    await publish('appointment.updated.v1', appointment(202, 'Pending'), '2026-01-11T15:00:00.000Z');
    const paid = { appointment_id: 200, patient_id: 30, doctor_id: 8, method: 'card', provider_reference: 'ch_1' };
    await publish('payment.completed.v1', { ...paid, payment_id: 600, amount: 1000.1, status: 'completed', occurred_at: lastMs });
    await publish('payment.completed.v1', { ...paid, payment_id: 600, amount: 1000.1, status: 'completed', occurred_at: lastMs }); // completed again: revenue once
    await publish('payment.refunded.v1', { ...paid, payment_id: 600, amount: 1000.1, refund_amount: 0.1, status: 'refunded', occurred_at: nextDay });
    await publish('payment.refunded.v1', { ...paid, payment_id: 600, amount: 1000.1, refund_amount: 0.2, status: 'refunded', occurred_at: nextDay });
    await publish('payment.disputed.v1', { payment_id: 600, reason: 'chargeback' }, '2026-01-13T10:00:00.000Z');
    await publish('payment.disputed.v1', { payment_id: 601, reason: 'unknown charge' }, '2026-01-13T10:00:00.000Z');
    await publish('payment.completed.v1', { payment_id: 601, amount: 50, method: 'mpesa', occurred_at: '2026-01-13T11:00:00.000Z' });
    await publish('payment.failed.v1', { payment_id: 602, amount: 70, method: 'mpesa', occurred_at: '2026-01-13T11:00:00.000Z' });
    await publish('prescription.created.v1', { prescription_id: 910, appointment_id: 200, medicines: [{ name: 'Zinc' }], created_at: lastMs, updated_at: lastMs });
    await publish('prescription.updated.v1', { prescription_id: 910, appointment_id: 200, medicines: 'free text', created_at: nextDay, updated_at: nextDay });
    await publish('prescription.created.v1', { prescription_id: 911, medicines: [] });
    await publish('prescription.deleted.v1', { prescription_id: 911 });
    await publish('support.ticket.created.v1', { ticket_id: 5, user_id: 30, status: 'open', priority: 'high', category: 'billing', created_at: lastMs, updated_at: lastMs });
    await publish('support.ticket.updated.v1', { ticket_id: 5, status: 'resolved', updated_at: nextDay });
    await publish('support.ticket.created.v1', { ticket_id: 6, user_id: 30 });
    const last = await publish('support.ticket.deleted.v1', { ticket_id: 6 });
    // events apply in stream order: once the last is in, every one before it is
    await eventually(async () => expect(await db().query(`SELECT 1 FROM processed_events WHERE event_id = $1`, [last.id])).toHaveLength(1), 15_000);

    const reporting = schemaFor(reportingDatabase.schema);
    const snapshot = async (schema: string) => {
      const tables: Record<string, unknown[]> = {};
      for (const table of READ_MODEL_TABLES) {
        tables[table] = (await db().query(`SELECT to_jsonb(t) AS row FROM "${schema}".${table} t ORDER BY 1`)).map((r: { row: unknown }) => r.row);
      }
      return tables;
    };
    const live = await snapshot(reporting);

    // Every event of the stream alone in its own transaction (batches of one) into a schema of its own, through the
    // test's connection (the reporting bus user may use only its own durable).
    const aloneSchema = schemaFor('reporting_alone');
    const aloneOptions = serviceDataSourceOptions({ ...reportingDatabase, schema: 'reporting_alone' });
    await ensureSchema(infra.databaseUrl, aloneSchema);
    const alone = await new DataSource({ ...aloneOptions, migrationsRun: true }).initialize();
    const oneByOne = new EventConsumer(alone, bus, 'reporting');
    try {
      await oneByOne.consumeBatches('reporting-alone', READ_MODEL_HANDLERS, { batchSize: 1 });
      const count = async (schema: string) => Number((await db().query(`SELECT count(*) AS n FROM "${schema}".processed_events`))[0].n);
      await eventually(async () => expect(await count(aloneSchema)).toBe(await processed()), 30_000);
      const [{ transactions }] = await db().query(`SELECT count(DISTINCT processed_at)::int AS transactions FROM "${aloneSchema}".processed_events`);
      expect(transactions).toBe(await processed());
      const eventByEvent = await snapshot(aloneSchema);
      expect(live).toEqual(eventByEvent);

      // A rebuild replays the whole stream in batches (it is all there when the consumer starts).
      await app.close();
      await start();
      await resetReadModels(db(), nc);
      await app.close();
      await start();
      await eventually(async () => expect(await processed()).toBe(await count(aloneSchema)), 30_000);
      const [{ batches }] = await db().query(`SELECT count(DISTINCT processed_at)::int AS batches FROM processed_events`);
      expect(batches).toBeLessThanOrEqual(5);
      expect(await snapshot(reporting)).toEqual(eventByEvent);
    } finally {
      await oneByOne.onApplicationShutdown();
      await alone.destroy();
    }
    // What the sequences left, checked by hand once: the same event twice counted once, the user deleted, the payment
    // refunded twice (0.30 exactly) and disputed with its completion's revenue once, on Nairobi days.
    const byKey = Object.fromEntries(live.rm_counts.map((row) => [(row as { key: string }).key, (row as { n: number }).n]));
    // appointments of the earlier tests: 100 Pending, 101 Completed, 102 Cancelled, 103 Confirmed
    expect(byKey).toMatchObject({ 'users:user:suspended': 1, 'appointments:Pending': 2, 'appointments:Confirmed': 1, 'appointments:Completed': 1, 'appointments:Cancelled': 2 });
    const days = Object.fromEntries(live.rm_daily.map((row) => [(row as { day: string }).day, row]));
    expect(days['2026-01-10']).toEqual({ day: '2026-01-10', bookings: 1, revenue: 1000.1, new_users: 1, new_doctors: 0 });
    // doctor 31 registered on 11 January and was deleted: no longer among that day's new users and doctors (issue 44)
    expect(days['2026-01-11']).toEqual({ day: '2026-01-11', bookings: 1, revenue: -0.3, new_users: 0, new_doctors: 0 });
    const payment600 = live.rm_payments.find((row) => (row as { payment_id: number }).payment_id === 600);
    expect(payment600).toMatchObject({ status: 'refunded', amount: 1000.1, refunded_amount: 0.3, disputed: true, dispute_reason: 'chargeback', method: 'card' });
    expect(live.rm_appointments.map((row) => (row as { appointment_id: number }).appointment_id)).not.toContain(201);
    expect(live.rm_users.find((row) => (row as { user_id: number }).user_id === 31)).toMatchObject({ deleted: true, firstname: 'Gone' });
  }, 90_000);
});
