import { connect } from 'node:net';
import { connectNats, subject } from '@afya/service-shared';
import { ServiceClient } from '../../src/common/bus/service-client';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { createGatewayApp, trustedProxies } from '../../src/gateway.app';
import { MemoryHitCounter, RedisHitCounter } from '../../src/common/http/hit-counter';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { newPatient, signUpAndIn } from '../support/users';

jest.setTimeout(60_000);

const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

/** Issue 15, part 2: limits that a forged header, a second account or a second replica cannot sidestep. */
describe('limits that hold (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  const saved = { ...process.env };

  beforeAll(async () => {
    process.env.AUTH_RATE_LIMIT = '5';
    process.env.AUTH_RATE_LIMIT_PER_ADDRESS = '14';
    platform = await startTestPlatform({ auth: AuthModule });
  });

  afterAll(async () => {
    process.env = saved;
    await platform?.close();
  });

  it('trusts X-Forwarded-For only from configured proxies', () => {
    expect(trustedProxies('')).toBe(false);
    expect(trustedProxies(' 10.0.0.0/8, 192.168.1.4 ')).toEqual(['10.0.0.0/8', '192.168.1.4']);
  });

  it('sends Cache-Control: no-store on authenticated /api responses, errors included', async () => {
    const { token } = await signUpAndIn(platform, newPatient());
    const profile = await platform.api('GET', '/user/profile', { token });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('cache-control')).toBe('no-store');
    const missing = await platform.api('GET', '/user/profile-picture/00000000-0000-4000-8000-000000000000', { token });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('ignores X-Forwarded-For from anyone but a configured proxy', async () => {
    const previous = process.env.TRUSTED_PROXIES;
    delete process.env.TRUSTED_PROXIES;
    const direct = await createGatewayApp({ logger: false, staticSites: null });
    process.env.TRUSTED_PROXIES = previous;
    await direct.listen(0, '127.0.0.1');
    const url = (await direct.getUrl()).replace('[::1]', '127.0.0.1');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
          body: JSON.stringify({ email: 'forger@example.co.ke', password: `guess-${i}` }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await direct.close();
    }
  });

  it('limits one account whatever address it comes from, then one address across accounts', async () => {
    // Behind the trusted ingress (loopback here), which appends the real client address to what the client forged.
    const from = (forged: string) => ({ 'x-forwarded-for': `${forged}, 198.51.100.7` });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await platform.api('POST', '/auth/login', {
        body: { email: 'victim@example.co.ke', password: `guess-${i}` },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Spraying one password over many accounts from one real address (14 a minute), whatever it forges.
    const spray: number[] = [];
    for (let i = 0; i < 15; i++) {
      const response = await platform.api('POST', '/auth/login', {
        body: { email: `other-${i}@example.co.ke`, password: 'Summer#2026' },
        headers: from(`192.0.2.${i + 1}`),
      });
      spray.push(response.status);
    }
    expect(spray.slice(0, 14).every((s) => s === 401)).toBe(true);
    expect(spray[14]).toBe(429);
    const last = await platform.api('POST', '/auth/login', { body: { email: 'new@example.co.ke', password: 'x1234567' }, headers: from('192.0.2.200') });
    expect([last.status, last.body.message]).toEqual([429, TOO_MANY]);
  });

  it('counts in Redis across replicas, and in memory while Redis is away', async () => {
    const key = `test:${process.env.AFYA_BUS}:shared`;
    const a = new RedisHitCounter('redis://127.0.0.1:6379');
    const b = new RedisHitCounter('redis://127.0.0.1:6379');
    try {
      expect(await a.hit(key, 10_000)).toBe(1);
      // After the first hit the client has connected, or given up if nothing listens.
      const pong = await a.redis.ping().catch((error: Error) => error.message);
      expect(['Redis on 127.0.0.1:6379 (.ci/run starts redis-server)', pong]).toEqual(['Redis on 127.0.0.1:6379 (.ci/run starts redis-server)', 'PONG']);
      expect(await b.hit(key, 10_000)).toBe(2);
      expect(await a.hit(key, 10_000)).toBe(3);
      expect(await a.redis.pttl(key)).toBeGreaterThan(0);
      await a.redis.del(key);
    } finally {
      await a.close();
      await b.close();
    }
    const away = new RedisHitCounter('redis://127.0.0.1:1');
    try {
      expect(await away.hit(key, 10_000)).toBe(1);
      expect(await away.hit(key, 10_000)).toBe(2);
    } finally {
      await away.close();
    }
    const memory = new MemoryHitCounter();
    expect(await memory.hit('k', 1)).toBe(1);
  });

  it('puts its 504 time in the NATS envelope (services abandon work past it)', async () => {
    const nc = await connectNats('limits-spec-deadline');
    // Under a service's token: the gateway may only call service request subjects (infra/nats/bus-users.js).
    const pattern = subject('auth.test.hardening.deadline');
    const seen: { deadline?: number }[] = [];
    const subscription = nc.subscribe(pattern, {
      callback: (_error, message) => {
        const packet = JSON.parse(Buffer.from(message.data).toString('utf8')) as { id: string; data: { deadline?: number } };
        seen.push(packet.data);
        message.respond(Buffer.from(JSON.stringify({ id: packet.id, response: { ok: true }, isDisposed: true })));
      },
    });
    await nc.flush();
    try {
      const before = Date.now();
      await expect(platform.gateway.get(ServiceClient).send(pattern, {}, undefined, 1500)).resolves.toEqual({ ok: true });
      expect(seen[0].deadline).toBeGreaterThanOrEqual(before + 1500);
      expect(seen[0].deadline).toBeLessThanOrEqual(Date.now() + 1500);
    } finally {
      subscription.unsubscribe();
      await nc.close();
    }
  });

  it('drops a client that trickles its body (request timeout)', async () => {
    const gateway = await createGatewayApp({ logger: false, staticSites: null, requestTimeoutMs: 1500 });
    await gateway.listen(0, '127.0.0.1');
    const { port } = new URL((await gateway.getUrl()).replace('[::1]', '127.0.0.1'));
    const started = Date.now();
    const outcome = await new Promise<{ reply: string; ms: number }>((resolve) => {
      let reply = '';
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{');
      });
      // One byte every 200 ms: would take 40 s; the server must give up after ~1.5 s.
      const drip = setInterval(() => socket.writable && socket.write(' '), 200);
      socket.on('data', (chunk) => (reply += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(drip);
        resolve({ reply, ms: Date.now() - started });
      });
    });
    await gateway.close();
    expect(outcome.reply).toMatch(/^HTTP\/1\.1 408/);
    expect(outcome.ms).toBeLessThan(10_000);
  });
});
