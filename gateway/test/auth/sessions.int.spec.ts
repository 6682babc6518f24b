import { Controller, HttpException, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { createServiceApp, subject } from '@afya/service-shared';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { createGatewayApp } from '../../src/gateway.app';
import { ServiceClient } from '../../src/common/bus/service-client';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { newPatient, signUpAndIn } from '../support/users';

// Under a service's token: the gateway may only call service request subjects (infra/nats/bus-users.js).
const SLOW = subject('auth.test.slow');

@Controller()
class SlowController {
  @MessagePattern(SLOW)
  async slow() {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return { late: true };
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

describe('sessions, replicas and bus failures (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('refuses an expired token with its own message', async () => {
    process.env.JWT_TTL_SECONDS = '1';
    let token: string;
    try {
      ({ token } = await signUpAndIn(platform));
    } finally {
      delete process.env.JWT_TTL_SECONDS;
    }
    // Used once while valid (the gateway remembers verified tokens), then refused once expired.
    expect((await platform.api('GET', '/user/profile', { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const response = await platform.api('GET', '/user/profile', { token });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Your session has expired. Please sign in again.');
  });

  it('a logout on one gateway replica is refused by another replica right away', async () => {
    const replica = await createGatewayApp({ logger: ['error'], staticSites: null });
    await replica.listen(0, '127.0.0.1');
    const replicaUrl = (await replica.getUrl()).replace('[::1]', '127.0.0.1');
    const profileOnReplica = (token: string) => fetch(`${replicaUrl}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } });
    try {
      const { token, details } = await signUpAndIn(platform);
      expect((await profileOnReplica(token)).status).toBe(200);
      expect((await platform.api('POST', '/auth/logout', { token })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await profileOnReplica(token)).status).toBe(401);

      // Password change on the replica: the first gateway refuses the old token too.
      const fresh = await platform.api('POST', '/auth/login', { body: { email: details.email, password: details.password } });
      const change = await fetch(`${replicaUrl}/api/user/change-password`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fresh.body.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword: details.password, newPassword: 'Replica#2026' }),
      });
      expect(change.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await platform.api('GET', '/user/profile', { token: fresh.body.token })).status).toBe(401);
    } finally {
      await replica.close();
    }
  });

  it('a gateway started after revocations loads them before accepting tokens', async () => {
    const { token } = await signUpAndIn(platform);
    await platform.api('POST', '/auth/logout', { token });
    const late = await createGatewayApp({ logger: ['error'], staticSites: null });
    await late.listen(0, '127.0.0.1');
    try {
      const url = (await late.getUrl()).replace('[::1]', '127.0.0.1');
      const response = await fetch(`${url}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
    } finally {
      await late.close();
    }
  });

  it('maps a service that does not answer in time to 504', async () => {
    const slow = await createServiceApp({ name: 'slow', module: SlowModule, logger: ['error'] });
    await slow.listen();
    try {
      const bus = platform.gateway.get(ServiceClient);
      const error = await bus.send(SLOW, {}, undefined, 300).catch((e: HttpException) => e);
      expect(error).toBeInstanceOf(HttpException);
      expect((error as HttpException).getStatus()).toBe(504);
      expect((error as HttpException).getResponse()).toMatchObject({ message: 'The service took too long to respond. Please try again.' });
    } finally {
      await slow.close();
    }
  });

  it('rate limits login per address and email with 429 and a message', async () => {
    const details = newPatient();
    await platform.api('POST', '/auth/register', { body: details });
    const previous = process.env.AUTH_RATE_LIMIT;
    process.env.AUTH_RATE_LIMIT = '3';
    const limited = await createGatewayApp({ logger: ['error'], staticSites: null });
    process.env.AUTH_RATE_LIMIT = previous;
    await limited.listen(0, '127.0.0.1');
    const url = (await limited.getUrl()).replace('[::1]', '127.0.0.1');
    const login = (email: string, password: string) =>
      fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await login(details.email, 'Wrong#0000')).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const blocked = await login(details.email, details.password);
      expect(blocked.status).toBe(429);
      expect((await blocked.json()).message).toBe('Too many attempts. Please wait a minute and try again.');
      // Another account from the same address is not locked out.
      const other = newPatient();
      await platform.api('POST', '/auth/register', { body: other });
      expect((await login(other.email, other.password)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 with a message when the service is down, and keeps the gateway up', async () => {
    const { token } = await signUpAndIn(platform);
    // A gateway that has never seen auth's key must say 503 too, not 401 (which would sign users out).
    const fresh = await createGatewayApp({ logger: ['error'], staticSites: null });
    await fresh.listen(0, '127.0.0.1');
    const freshUrl = (await fresh.getUrl()).replace('[::1]', '127.0.0.1');
    await platform.stopService('auth');
    try {
      const cold = await fetch(`${freshUrl}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } });
      expect(cold.status).toBe(503);
    } finally {
      await fresh.close();
    }
    const response = await platform.api('GET', '/user/profile', { token });
    expect(response.status).toBe(503);
    expect(response.body.message).toBe('The service is unavailable right now. Please try again shortly.');
    const health = await platform.api('GET', '/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', nats: 'up', services: { auth: { status: 'down' } } });
  });
});
