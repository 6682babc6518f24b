import { connect, NatsConnection } from 'nats';
import { DataSource, DataSourceOptions } from 'typeorm';
import { AppointmentPatterns } from '@afya/appointment-service/contracts';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { busNamespace, enableMetrics, ensureSchema, natsCredentialOptions, observeDataSource, OpsServer, serviceDataSourceOptions, startOpsServer } from '@afya/service-shared';
import { eventually } from '@afya/service-shared/testing';
import { ServiceClient } from '../../src/common/bus/service-client';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { booking, createDoctor, TestDoctor } from '../appointments/support';
import { growth, sample } from './prometheus';

// Set-up waits for events between services; the root jest run does not apply the project's testTimeout.
jest.setTimeout(60_000);

/**
 * Issue 14 section 3: /metrics on the ops port (OPS_PORT) moves with real requests through the gateway, the bus,
 * the appointment service and PostgreSQL.
 */
describe('metrics on the ops port (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let ops: OpsServer;
  let doctor: TestDoctor;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;

  const scrape = async (): Promise<string> => {
    const response = await fetch(`http://127.0.0.1:${ops.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  beforeAll(async () => {
    enableMetrics();
    ops = (await startOpsServer({ port: 0, host: '127.0.0.1' }))!;
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
    const admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { fee: 2500 });
    patient = await signUpAndIn(platform);
  });

  afterAll(async () => {
    await platform?.close();
    await ops?.close();
  });

  it('counts gateway requests by route template, method and status, and service requests by pattern and status', async () => {
    const before = await scrape();
    expect((await platform.api('GET', '/appointments/987654', { token: patient.token })).status).toBe(404);
    expect((await platform.api('GET', '/appointments/doctors', { token: patient.token })).status).toBe(200);
    expect((await platform.api('GET', '/no-such-route/42')).status).toBe(404);
    const after = await scrape();

    const http = 'afya_http_request_duration_seconds_count';
    expect(growth(before, after, http, { route: '/api/appointments/:id', method: 'GET', status: '404' })).toBe(1);
    expect(growth(before, after, http, { route: '/api/appointments/doctors', method: 'GET', status: '200' })).toBe(1);
    expect(growth(before, after, http, { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    // Templates only: a raw URL in a label would make one series per id.
    expect(after).not.toContain('987654');
    expect(after).not.toContain('no-such-route');

    const rpc = 'afya_rpc_request_duration_seconds_count';
    expect(growth(before, after, rpc, { pattern: AppointmentPatterns.get, status: '404' })).toBe(1);
    expect(growth(before, after, rpc, { pattern: AppointmentPatterns.listDoctors, status: '200' })).toBe(1);
    // The histogram has its buckets and sum too.
    expect(sample(after, 'afya_rpc_request_duration_seconds_bucket', { pattern: AppointmentPatterns.listDoctors, status: '200', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'afya_rpc_request_duration_seconds_sum', { pattern: AppointmentPatterns.listDoctors, status: '200' })).toBeGreaterThan(0);
  });

  it('counts a booking once it is committed, and not a booking refused because the slot is taken', async () => {
    const before = await scrape();
    const body = booking(doctor.doctorId, { time_slot: '11:30 AM' });
    expect((await platform.api('POST', '/appointments', { token: patient.token, body })).status).toBe(201);
    expect((await platform.api('POST', '/appointments', { token: patient.token, body })).status).toBe(409);
    const after = await scrape();
    expect(growth(before, after, 'afya_appointments_booked_total')).toBe(1);
    expect(growth(before, after, 'afya_rpc_request_duration_seconds_count', { pattern: AppointmentPatterns.book, status: '201' })).toBe(0);
    expect(growth(before, after, 'afya_rpc_request_duration_seconds_count', { pattern: AppointmentPatterns.book, status: '200' })).toBe(1);
    expect(growth(before, after, 'afya_rpc_request_duration_seconds_count', { pattern: AppointmentPatterns.book, status: '409' })).toBe(1);
    expect(growth(before, after, 'afya_http_request_duration_seconds_count', { route: '/api/appointments', method: 'POST', status: '409' })).toBe(1);
  });

  it('counts bus requests nobody answers (503) and requests that time out (504), by pattern', async () => {
    const client = platform.gateway.get(ServiceClient);
    // A responder that never answers: the request times out.
    const silent: NatsConnection = await connect({ servers: process.env.NATS_URL, ...natsCredentialOptions() });
    try {
      silent.subscribe(`${busNamespace()}.appointment.silent-probe`, { callback: () => undefined });
      await silent.flush();
      const before = await scrape();
      await expect(client.send(`${busNamespace()}.appointment.nobody-probe`, {})).rejects.toMatchObject({ status: 503 });
      await expect(client.send(`${busNamespace()}.appointment.silent-probe`, {}, undefined, 200)).rejects.toMatchObject({ status: 504 });
      const after = await scrape();
      const failures = 'afya_bus_request_failures_total';
      expect(growth(before, after, failures, { pattern: 'appointment.nobody-probe', reason: 'no_responders' })).toBe(1);
      expect(growth(before, after, failures, { pattern: 'appointment.silent-probe', reason: 'timeout' })).toBe(1);
      expect(growth(before, after, failures, { pattern: 'appointment.silent-probe', reason: 'no_responders' })).toBe(0);
    } finally {
      await silent.close();
    }
  });

  it("reports a schema's outbox backlog and the age of its oldest unpublished row, and its connection pool", async () => {
    // A schema of its own with the outbox table and no relay running: the row stays unpublished until we say.
    const options = serviceDataSourceOptions({ schema: 'obsprobe', entities: [], migrations: [] }) as DataSourceOptions & { url: string; schema: string };
    await ensureSchema(options.url, options.schema);
    const dataSource = await new DataSource({ ...options, subscribers: [] }).initialize();
    const schema = options.schema;
    try {
      observeDataSource(dataSource);
      const [{ id }] = await dataSource.query(
        `INSERT INTO outbox (id, type, payload, created_at) VALUES (gen_random_uuid(), 'probe.created', '{}', now() - interval '90 seconds') RETURNING id`,
      );
      const waiting = await scrape();
      expect(sample(waiting, 'afya_outbox_backlog', { schema })).toBe(1);
      expect(sample(waiting, 'afya_outbox_oldest_age_seconds', { schema })).toBeGreaterThanOrEqual(90);
      expect(sample(waiting, 'afya_db_pool_connections', { schema, state: 'total' })).toBeGreaterThanOrEqual(1);
      // The scrape's own outbox query may be queued for a connection at that moment: waiting is there, >= 0.
      expect(sample(waiting, 'afya_db_pool_connections', { schema, state: 'waiting' })).toBeGreaterThanOrEqual(0);
      expect(sample(waiting, 'afya_db_pool_connections', { schema, state: 'idle' })).toBeGreaterThanOrEqual(0);

      await dataSource.query(`UPDATE outbox SET published_at = now() WHERE id = $1`, [id]);
      const published = await scrape();
      expect(sample(published, 'afya_outbox_backlog', { schema })).toBe(0);
      expect(sample(published, 'afya_outbox_oldest_age_seconds', { schema })).toBe(0);
    } finally {
      await dataSource.destroy();
    }
    // A running service's relay empties its outbox: the booking's events are published.
    const appointmentSchema = `appointment_${process.env.AFYA_SCHEMA_SUFFIX}`;
    await eventually(async () => expect(sample(await scrape(), 'afya_outbox_backlog', { schema: appointmentSchema })).toBe(0));
  });

  it("reports each durable consumer's lag and unacknowledged events, read from JetStream", async () => {
    // The appointment service's user directory consumes auth's user events (the sign-ups above).
    await eventually(async () => {
      const text = await scrape();
      const consumers = [...text.matchAll(/^afya_event_consumer_pending\{consumer="([^"]+)"\} (\S+)$/gm)];
      expect(consumers.length).toBeGreaterThan(0);
      for (const [, consumer, pending] of consumers) {
        expect(Number(pending)).toBe(0); // everything published so far has been delivered
        expect(sample(text, 'afya_event_consumer_ack_pending', { consumer })).toBe(0);
        expect(sample(text, 'afya_event_consumer_redelivered', { consumer })).toBeGreaterThanOrEqual(0);
      }
    });
  });

  it("has Node's default metrics, event-loop lag among them", async () => {
    const text = await scrape();
    expect(sample(text, 'afya_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'afya_process_cpu_seconds_total')).toBeGreaterThan(0);
  });
});
