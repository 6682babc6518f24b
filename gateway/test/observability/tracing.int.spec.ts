import { randomBytes } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { AppointmentPatterns } from '@afya/appointment-service/contracts';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthPatterns } from '@afya/auth-service/contracts';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { startTracing, TracingHandle } from '@afya/service-shared';
import { eventually } from '@afya/service-shared/testing';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { booking, createDoctor, TestDoctor } from '../appointments/support';

// Set-up waits for events between services; the root jest run does not apply the project's testTimeout.
jest.setTimeout(60_000);

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

/** The chain of spans from `span` up to the root of its trace. */
function ancestry(span: ReadableSpan, spans: ReadableSpan[]): ReadableSpan[] {
  const byId = new Map(spans.map((s) => [idOf(s), s]));
  const chain = [span];
  for (let parent = byId.get(parentOf(span) ?? ''); parent; parent = byId.get(parentOf(parent) ?? '')) chain.push(parent);
  return chain;
}

/**
 * Issue 14 section 4: a booking through the gateway (real NATS, the real appointment service, PostgreSQL) makes
 * one trace: the gateway's HTTP span → its bus call → the service's handler → the handler's SQL statements.
 */
describe('traces across gateway, bus, service and PostgreSQL (in-memory exporter)', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: TracingHandle;
  let platform: TestPlatform;
  let doctor: TestDoctor;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;

  beforeAll(async () => {
    tracing = (await startTracing({ serviceName: 'afya-test', exporter }))!;
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
    const admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { fee: 1800 });
    patient = await signUpAndIn(platform);
  });

  afterAll(async () => {
    await platform?.close();
    await tracing?.shutdown();
  });

  it('one trace spans the HTTP request, the bus call, the appointment handler and its INSERT', async () => {
    // A caller that is itself traced (the ingress, a browser SDK): its trace id is kept.
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    exporter.reset();
    const response = await platform.api('POST', '/appointments', {
      token: patient.token,
      body: booking(doctor.doctorId, { time_slot: '02:30 PM' }),
      headers: { traceparent: `00-${traceId}-${callerSpanId}-01` },
    });
    expect(response.status).toBe(201);

    // The HTTP span ends when the response has been sent (onResponse), a moment after the client has it.
    const http = await eventually(() => {
      const found = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER && s.name === 'POST /api/appointments');
      expect(found).toBeDefined();
      return found!;
    });
    await tracing.flush();
    const trace = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    expect(http.spanContext().traceId).toBe(traceId);
    expect(parentOf(http)).toBe(callerSpanId);
    expect(http.attributes['http.route']).toBe('/api/appointments');
    expect(http.attributes['http.response.status_code']).toBe(201);

    const send = trace.find((s) => s.kind === SpanKind.CLIENT && s.name === `${AppointmentPatterns.book} send`);
    expect(send).toBeDefined();
    expect(parentOf(send!)).toBe(idOf(http));

    const handler = trace.find((s) => s.kind === SpanKind.SERVER && s.name === AppointmentPatterns.book);
    expect(handler).toBeDefined();
    expect(parentOf(handler!)).toBe(idOf(send!));
    expect(handler!.attributes['rpc.response.status_code']).toBe(200);

    const insert = trace.find((s) => s.kind === SpanKind.CLIENT && String(s.attributes['db.query.text']).includes('INSERT INTO appointments'));
    expect(insert).toBeDefined();
    expect(insert!.attributes['db.system.name']).toBe('postgresql');
    expect(insert!.attributes['db.namespace']).toBe(`appointment_${process.env.AFYA_SCHEMA_SUFFIX}`);
    expect(ancestry(insert!, trace).map(idOf)).toEqual(expect.arrayContaining([idOf(handler!), idOf(send!), idOf(http)]));
    // Parameters are never recorded: they hold the patient's notes.
    expect(JSON.stringify(trace.map((s) => s.attributes))).not.toContain('Chest pain');
  });

  it('follows an event from the handler that recorded it to the consumer that applied it, and into its SQL', async () => {
    const traceId = randomBytes(16).toString('hex');
    exporter.reset();
    // Auth records the new user's event in its outbox; the appointment service's user directory consumes it.
    const registered = await platform.api('POST', '/auth/register', {
      body: { firstname: 'Njeri', lastname: 'Mwangi', email: `njeri.${randomBytes(3).toString('hex')}@example.co.ke`, password: 'Patient#2026', contact_phone: '+254711111111', address: 'Moi Avenue, Mombasa' },
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(registered.status).toBe(201);
    const consumed = await eventually(() => {
      const found = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.CONSUMER && s.spanContext().traceId === traceId);
      expect(found).toBeDefined();
      return found!;
    }, 15_000);
    const trace = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const handler = trace.find((s) => s.kind === SpanKind.SERVER && s.name === AuthPatterns.register);
    expect(handler).toBeDefined();
    expect(ancestry(consumed, trace).map(idOf)).toContain(idOf(handler!));
    expect(consumed.name).toMatch(/^auth\.user\./);
    expect(consumed.attributes['messaging.consumer.group.name']).toEqual(expect.any(String));
    // The consumer's own statements are its children.
    const consumerSql = trace.filter((s) => s.kind === SpanKind.CLIENT && s.attributes['db.system.name'] === 'postgresql' && parentOf(s) === idOf(consumed));
    expect(consumerSql.length).toBeGreaterThan(0);
  });

  it('a request without an incoming traceparent starts its own trace, and a refused one is marked on the handler span', async () => {
    exporter.reset();
    const response = await platform.api('GET', '/appointments/987654', { token: patient.token });
    expect(response.status).toBe(404);
    const http = await eventually(() => {
      const found = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER && s.name === 'GET /api/appointments/:id');
      expect(found).toBeDefined();
      return found!;
    });
    expect(parentOf(http)).toBeUndefined();
    const handler = exporter
      .getFinishedSpans()
      .find((s) => s.spanContext().traceId === http.spanContext().traceId && s.kind === SpanKind.SERVER && s.name === AppointmentPatterns.get);
    expect(handler?.attributes['rpc.response.status_code']).toBe(404);
  });
});
