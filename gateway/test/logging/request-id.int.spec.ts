import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { configureProcessLogger } from '@afya/service-shared';
import { eventually } from '@afya/service-shared/testing';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { newPatient } from '../support/users';

// Set-up waits for a service's event consumer; the root jest run does not apply the project's testTimeout.
jest.setTimeout(60_000);

type Line = Record<string, unknown>;

/**
 * Issue 14 section 2: one request id finds the whole story. A sign-up through the gateway (real NATS, the real auth
 * and appointment services, PostgreSQL, JetStream) leaves lines with the caller's x-request-id in the gateway (access
 * line), in the auth service (the handled request) and in the appointment service's consumer of user.registered:
 * the id travelled in the bus envelope, the outbox row and the event's headers. Lines are captured in-process
 * through the process logger's destination.
 */
describe('request id across gateway, service and event consumer logs', () => {
  const raw: string[] = [];
  const lines = (): Line[] => raw.map((line) => JSON.parse(line) as Line);
  let platform: TestPlatform;

  beforeAll(async () => {
    configureProcessLogger({
      service: 'test',
      level: 'info',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          raw.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      }),
    });
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
  });

  afterAll(async () => {
    await platform?.close();
    configureProcessLogger({ level: process.env.LOG_LEVEL });
  });

  it('the id a caller sends is on the gateway line, the service line and the consumer line, and no secret is', async () => {
    const requestId = `logs-${randomBytes(6).toString('hex')}`;
    const patient = newPatient({ contact_phone: '+254700123987' });
    const registered = await platform.api('POST', '/auth/register', { body: patient, headers: { 'x-request-id': requestId } });
    expect(registered.status).toBe(201);
    expect(registered.headers.get('x-request-id')).toBe(requestId);

    const story = await eventually(() => {
      const found = lines().filter((line) => line.requestId === requestId);
      expect(found.find((line) => line.context === 'EventConsumer' && String(line.eventType).includes('user.registered'))).toBeDefined();
      return found;
    }, 20_000);
    expect(story.find((line) => line.context === 'http')).toMatchObject({ method: 'POST', path: '/api/auth/register', status: 201, level: 'info' });
    expect(story.find((line) => line.context === 'rpc')).toMatchObject({ pattern: expect.stringContaining('auth.'), status: 200 });

    const login = await platform.api('POST', '/auth/login', { body: { email: patient.email, password: patient.password } });
    expect(login.status).toBe(200);
    const loginId = login.headers.get('x-request-id');
    await eventually(() => expect(lines().filter((line) => line.requestId === loginId && line.context === 'http')).toHaveLength(1));

    const text = raw.join('\n');
    for (const secret of [patient.password, patient.contact_phone, login.body.token as string, patient.address]) expect(text).not.toContain(secret);
    for (const line of lines()) expect(typeof line.level).toBe('string');
  });
});
