import { createHash, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { sign } from 'jsonwebtoken';
import sharp from 'sharp';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { BODY_TOO_LARGE, JSON_BODY_LIMIT } from '../../src/common/http/body-limits';
import { listenHost } from '../../src/gateway.app';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { newPatient, signUpAndIn } from '../support/users';

jest.setTimeout(90_000);

// Auth signs with a key this test knows, so it can sign a token the way auth never would (without exp).
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
process.env.JWT_PRIVATE_KEY = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const KID = createHash('sha256').update(createPublicKey(privateKey).export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);

type Session = Awaited<ReturnType<typeof signUpAndIn>>;

/** An open conversation stream (GET /api/support/:id/events) and when it ended. */
async function openStream(platform: TestPlatform, ticketId: number, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${platform.baseUrl}/api/support/${ticketId}/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  let text = '';
  let endedAt: number | null = null;
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      endedAt = Date.now();
    })().catch(() => undefined);
  }
  return { response, read: () => text, endedAt: () => endedAt, close: () => controller.abort() };
}

/**
 * Issue 22, sessions and input (items 7-9), through the gateway over real NATS and PostgreSQL. The streams'
 * heartbeat stays at its default 25 s here: a stream that ends within 5 s was ended by the revocation itself.
 */
describe('sessions and input (issue 22, items 7-9)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    delete process.env.SSE_HEARTBEAT_MS;
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule, support: SupportModule });
    admin = await createAdmin(platform);
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('7. revocation closes open event streams within 5 s', () => {
    /** A user with a ticket and its live stream open (the ready event received). */
    const streaming = async () => {
      const user: Session = await signUpAndIn(platform, { firstname: 'Njeri', lastname: 'Mwangi' });
      const ticket = await platform.api('POST', '/support', { token: user.token, body: { subject: 'Live', description: 'Watching for replies.' } });
      expect(ticket.status).toBe(201);
      const stream = await openStream(platform, ticket.body.complaint.complaint_id, user.token);
      expect(stream.response.status).toBe(200);
      await eventually(() => expect(stream.read()).toContain('event: ready'), 10_000);
      return { user, stream };
    };
    const endsWithin5s = async (stream: Awaited<ReturnType<typeof openStream>>, revokedAt: number) => {
      await eventually(() => expect(stream.endedAt()).not.toBeNull(), 6_000);
      expect(stream.endedAt()! - revokedAt).toBeLessThan(5_000);
      stream.close();
    };

    it('a password change ends the stream', async () => {
      const { user, stream } = await streaming();
      const revokedAt = Date.now();
      const changed = await platform.api('POST', '/user/change-password', { token: user.token, body: { currentPassword: user.details.password, newPassword: 'Another#2026pass' } });
      expect(changed.status).toBe(200);
      await endsWithin5s(stream, revokedAt);
    });

    it('a suspension by an admin ends the stream', async () => {
      const { user, stream } = await streaming();
      const revokedAt = Date.now();
      expect((await platform.api('PATCH', `/admin/users/${user.user.user_id}`, { token: admin.token, body: { status: 'suspended' } })).status).toBe(200);
      await endsWithin5s(stream, revokedAt);
    });

    it('signing out ends the stream', async () => {
      const { user, stream } = await streaming();
      const revokedAt = Date.now();
      expect((await platform.api('POST', '/auth/logout', { token: user.token })).status).toBeLessThan(300);
      await endsWithin5s(stream, revokedAt);
    });

    it("deleting the account ends the stream, and another user's stream stays open", async () => {
      const { user, stream } = await streaming();
      const bystander = await streaming();
      const revokedAt = Date.now();
      expect((await platform.api('DELETE', `/admin/users/${user.user.user_id}`, { token: admin.token })).status).toBe(200);
      await endsWithin5s(stream, revokedAt);
      expect(bystander.stream.endedAt()).toBeNull();
      bystander.stream.close();
    });
  });

  describe('8. bodies the bus cannot carry get 413 with a clear message, never 500', () => {
    const callbackPath = () => `/mpesa/callback/${process.env.MPESA_CALLBACK_TOKEN}`;
    const filler = (bytes: number) => 'x'.repeat(bytes);

    it.each([
      ['1.5 MB', 1.5],
      ['2.5 MB', 2.5],
      ['3.5 MB', 3.5],
    ])('a %s body to a route that forwards it (M-Pesa callback, Stripe webhook) or to any other route: 413', async (_label, megabytes) => {
      const size = Math.round(megabytes * 1024 * 1024);
      const responses = [
        await platform.api('POST', callbackPath(), { body: { Body: { stkCallback: { CheckoutRequestID: 'ws_CO_x', ResultCode: 0, pad: filler(size) } } } }),
        await platform.api('POST', '/payments/stripe/webhook', { body: { id: 'evt_x', pad: filler(size) }, headers: { 'stripe-signature': 't=1,v1=x' } }),
        await platform.api('POST', '/contact', { body: { name: 'A', email: 'a@example.co.ke', subject: 'Hi', message: filler(size) } }),
        await platform.api('POST', '/auth/login', { body: { email: 'a@example.co.ke', password: filler(size) } }),
      ];
      for (const response of responses) expect({ status: response.status, body: response.body }).toEqual({ status: 413, body: { statusCode: 413, message: BODY_TOO_LARGE } });
    });

    it('the limit sits below what NATS carries: a body just under it is not refused for its size', async () => {
      const response = await platform.api('POST', callbackPath(), { body: { Body: { stkCallback: { pad: filler(JSON_BODY_LIMIT - 1024) } } } });
      // No payment service runs here: the bus answers "no responders" (503), which is about the service, not the size.
      expect(response.status).toBe(503);
    });

    it('a profile picture of up to 2 MB still uploads (its base64 JSON body is about 2.7 MB); a larger one gets the picture message', async () => {
      const user = await signUpAndIn(platform, newPatient());
      // Noise compresses badly: a JPEG of nearly 2 MB.
      let image = Buffer.alloc(0);
      for (let side = 1100; side >= 600; side -= 50) {
        image = await sharp({ create: { width: side, height: side, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 100 }).toBuffer();
        if (image.length <= 2 * 1024 * 1024) break;
      }
      expect(image.length).toBeGreaterThan(1.5 * 1024 * 1024);
      expect(image.length).toBeLessThanOrEqual(2 * 1024 * 1024);
      const body = { imageBase64: `data:image/jpeg;base64,${image.toString('base64')}` };
      expect(JSON.stringify(body).length).toBeGreaterThan(2 * 1024 * 1024);
      const uploaded = await platform.api('POST', '/user/profile-picture', { token: user.token, body });
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.url).toMatch(/\/api\/user\/profile-picture\//);
    });
  });

  describe('9. smaller items', () => {
    it('login and registration replies, which carry a token, are Cache-Control: no-store', async () => {
      const details = newPatient();
      const registered = await platform.api('POST', '/auth/register', { body: details });
      expect(registered.status).toBe(201);
      expect(registered.headers.get('cache-control')).toBe('no-store');
      const login = await platform.api('POST', '/auth/login', { body: { email: details.email, password: details.password } });
      expect(login.status).toBe(200);
      expect(login.body.token).toEqual(expect.any(String));
      expect(login.headers.get('cache-control')).toBe('no-store');
    });

    it('a token signed by auth\'s key but without exp is refused', async () => {
      const user = await signUpAndIn(platform, newPatient());
      const claims = { role: 'user', sv: 0 };
      const options = { algorithm: 'RS256' as const, keyid: KID, subject: String(user.user.user_id), jwtid: randomUUID() };
      const withExp = sign(claims, privateKey, { ...options, expiresIn: 600 });
      expect((await platform.api('GET', '/user/profile', { token: withExp })).status).toBe(200);
      const forever = sign(claims, privateKey, { ...options, jwtid: randomUUID() });
      expect(await platform.api('GET', '/user/profile', { token: forever })).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
    });

    it('the gateway listens on 127.0.0.1 unless HOST says otherwise', () => {
      expect(listenHost({})).toBe('127.0.0.1');
      expect(listenHost({ HOST: '' })).toBe('127.0.0.1');
      expect(listenHost({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
    });
  });
});
