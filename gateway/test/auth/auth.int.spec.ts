import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PaymentModule } from '@afya/payment-service/src/payment.module';
import { PrescriptionModule } from '@afya/prescription-service/src/prescription.module';
import { ReportingModule } from '@afya/reporting-service/src/reporting.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { newPatient, signUpAndIn } from '../support/users';

// A 1x1 PNG.
const PNG_1PX = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('auth and profile through the gateway (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    // Every service: /api/health asks every service the gateway forwards to.
    platform = await startTestPlatform({
      auth: AuthModule,
      appointment: AppointmentModule,
      payment: PaymentModule,
      prescription: PrescriptionModule,
      support: SupportModule,
      reporting: ReportingModule,
    });
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('POST /auth/register', () => {
    it('creates a patient and never lets the caller choose role or status', async () => {
      const details = newPatient();
      const response = await platform.api('POST', '/auth/register', { body: { ...details, role: 'admin', status: 'suspended', is_admin: true } });
      expect(response.status).toBe(201);
      expect(response.body.user).toMatchObject({
        firstname: 'Achieng',
        lastname: 'Odhiambo',
        email: details.email,
        role: 'user',
        status: 'active',
        contact_phone: '+254712345678',
        address: 'Kenyatta Avenue, Nairobi CBD',
        profilePictureUrl: null,
        must_change_password: false,
      });
      expect(typeof response.body.user.user_id).toBe('number');
      expect(JSON.stringify(response.body)).not.toMatch(/password/i.source.replace('password', 'password_hash'));
      expect(response.body.token).toBeUndefined();
    });

    it.each([
      [{ firstname: 'A' }, 'First name must be at least 2 characters'],
      [{ lastname: 'B' }, 'Last name must be at least 2 characters'],
      [{ email: 'not-an-email' }, 'Please enter a valid email'],
      [{ password: '12345' }, 'Password must be at least 6 characters'],
      [{ contact_phone: '07123' }, 'Phone number must be at least 10 digits'],
      [{ address: 'Nairobi' }, 'Address must be at least 10 characters'],
      // Only an admin registering someone may leave the address out.
      [{ address: undefined }, 'Address must be at least 10 characters'],
      [{ firstname: undefined }, 'First name must be at least 2 characters'],
    ])('rejects %j with "%s" and creates nothing', async (override, message) => {
      const details = { ...newPatient(), ...override };
      const response = await platform.api('POST', '/auth/register', { body: details });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      if (typeof details.email === 'string' && details.email.includes('@')) {
        const login = await platform.api('POST', '/auth/login', { body: { email: details.email, password: 'Patient#2026' } });
        expect(login.status).toBe(401);
      }
    });

    it('answers 409 for an email that is taken, whatever its case', async () => {
      const details = newPatient();
      expect((await platform.api('POST', '/auth/register', { body: details })).status).toBe(201);
      const again = await platform.api('POST', '/auth/register', { body: { ...details, email: details.email.toUpperCase() } });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('An account with this email already exists');
    });

    it('lets exactly one of two concurrent registrations with one email win', async () => {
      const details = newPatient();
      const results = await Promise.all([
        platform.api('POST', '/auth/register', { body: details }),
        platform.api('POST', '/auth/register', { body: { ...details, firstname: 'Other' } }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    });

    it('answers a malformed JSON body with 400, not 500', async () => {
      const response = await platform.api('POST', '/auth/register', { body: '{"firstname": ', headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe('string');
    });
  });

  describe('POST /auth/login', () => {
    it('returns a token and the session user', async () => {
      const details = newPatient();
      await platform.api('POST', '/auth/register', { body: details });
      const response = await platform.api('POST', '/auth/login', { body: { email: details.email, password: details.password } });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ email: details.email, role: 'user', firstname: 'Achieng' });
      const claims = JSON.parse(Buffer.from(response.body.token.split('.')[1], 'base64url').toString());
      const header = JSON.parse(Buffer.from(response.body.token.split('.')[0], 'base64url').toString());
      expect(header.alg).toBe('RS256');
      expect(claims.exp - claims.iat).toBeGreaterThan(0);
      expect(claims.sub).toBe(String(response.body.user.user_id));
    });

    it('refuses a wrong password or an unknown email with the same 401 message', async () => {
      const details = newPatient();
      await platform.api('POST', '/auth/register', { body: details });
      const wrong = await platform.api('POST', '/auth/login', { body: { email: details.email, password: 'Wrong#2026' } });
      const unknown = await platform.api('POST', '/auth/login', { body: { email: `nobody.${Date.now()}@example.com`, password: 'Wrong#2026' } });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid email or password');
      expect(unknown.body.message).toBe('Invalid email or password');
    });

    it('validates with the messages of CONTRACT.md §5', async () => {
      const badEmail = await platform.api('POST', '/auth/login', { body: { email: 'x', password: 'Patient#2026' } });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.message).toBe('Please enter a valid email');
      const shortPassword = await platform.api('POST', '/auth/login', { body: { email: 'a@b.co', password: '123' } });
      expect(shortPassword.status).toBe(400);
      expect(shortPassword.body.message).toBe('Password must be at least 6 characters');
    });
  });

  describe('tokens', () => {
    it('answers 401 without a token, with a garbage token, and with a token signed by another key', async () => {
      expect((await platform.api('GET', '/user/profile')).status).toBe(401);
      expect((await platform.api('GET', '/user/profile', { token: 'abc.def.ghi' })).status).toBe(401);
      const { generateKeyPairSync } = await import('node:crypto');
      const { sign } = await import('jsonwebtoken');
      const { token } = await signUpAndIn(platform);
      const kid = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid;
      const forged = sign({ role: 'admin', sv: 0 }, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, {
        algorithm: 'RS256',
        keyid: kid,
        subject: '1',
        jwtid: '00000000-0000-4000-8000-000000000000',
        expiresIn: 3600,
      });
      const response = await platform.api('GET', '/user/profile', { token: forged });
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('Authentication required');
    });

    it('refuses a token after logout, at once', async () => {
      const { token } = await signUpAndIn(platform);
      expect((await platform.api('GET', '/user/profile', { token })).status).toBe(200);
      expect((await platform.api('POST', '/auth/logout', { token })).status).toBe(200);
      const after = await platform.api('GET', '/user/profile', { token });
      expect(after.status).toBe(401);
      expect(after.body.message).toBe('Your session has ended. Please sign in again.');
    });
  });

  describe('profile', () => {
    it('reads and updates the profile, ignoring fields a user may not set', async () => {
      const { token, user } = await signUpAndIn(platform);
      const profile = await platform.api('GET', '/user/profile', { token });
      expect(profile.body.user).toMatchObject({ user_id: user.user_id, email: user.email });

      const update = await platform.api('PATCH', '/user/profile', {
        token,
        body: { firstname: 'Njeri', lastname: 'Mwangi', contact_phone: '+254700111222', address: 'Moi Avenue, Mombasa', role: 'admin', email: 'hijack@example.com' },
      });
      expect(update.status).toBe(200);
      const reread = await platform.api('GET', '/user/profile', { token });
      expect(reread.body.user).toMatchObject({
        firstname: 'Njeri',
        lastname: 'Mwangi',
        contact_phone: '+254700111222',
        address: 'Moi Avenue, Mombasa',
        role: 'user',
        email: user.email,
      });
    });

    it('stores a PNG picture the browser can load, and refuses other content', async () => {
      const { token } = await signUpAndIn(platform);
      const upload = await platform.api('POST', '/user/profile-picture', { token, body: { imageBase64: PNG_1PX } });
      expect(upload.status).toBe(200);
      expect(upload.body.url).toMatch(/^\/api\/user\/profile-picture\/[0-9a-f-]{36}$/);
      const image = await fetch(`${platform.baseUrl}${upload.body.url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
      expect((await platform.api('GET', '/user/profile', { token })).body.user.profilePictureUrl).toBe(upload.body.url);

      const html = `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;
      const disguised = await platform.api('POST', '/user/profile-picture', { token, body: { imageBase64: html } });
      expect(disguised.status).toBe(400);
      expect(disguised.body.message).toBe('Profile picture must be a JPEG, PNG or WebP image');

      const big = Buffer.alloc(2 * 1024 * 1024 + 10);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
      const tooLarge = await platform.api('POST', '/user/profile-picture', { token, body: { imageBase64: `data:image/png;base64,${big.toString('base64')}` } });
      expect(tooLarge.status).toBe(400);
      expect(tooLarge.body.message).toBe('Profile picture must be 2 MB or smaller');
      expect((await platform.api('GET', '/user/profile', { token })).body.user.profilePictureUrl).toBe(upload.body.url);
    });

    it('carries a picture larger than a NATS message (over 1 MB) both ways intact', async () => {
      const { token } = await signUpAndIn(platform);
      // Noise compresses badly: a real 1000×1000 JPEG of over 1 MB, still several hundred KB once auth re-encodes it
      // (issue 15), so both directions go through the object store (over 256 KB).
      const noise = randomBytes(1000 * 1000 * 3);
      const bytes = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
      expect(bytes.length).toBeGreaterThan(1024 * 1024);
      const upload = await platform.api('POST', '/user/profile-picture', { token, body: { imageBase64: `data:image/jpeg;base64,${bytes.toString('base64')}` } });
      expect(upload.status).toBe(200);
      const image = await fetch(`${platform.baseUrl}${upload.body.url}`);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      const served = Buffer.from(await image.arrayBuffer());
      expect(served.length).toBeGreaterThan(256 * 1024);
      expect(await sharp(served).metadata()).toMatchObject({ format: 'jpeg', width: 1000, height: 1000 });
    });

    it('changes the password only with the right current password, and revokes older tokens', async () => {
      const { token, details } = await signUpAndIn(platform);
      const wrong = await platform.api('POST', '/user/change-password', { token, body: { currentPassword: 'nope-nope', newPassword: 'Fresh#2027' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Current password is incorrect');
      expect((await platform.api('GET', '/user/profile', { token })).status).toBe(200);

      const short = await platform.api('POST', '/user/change-password', { token, body: { currentPassword: details.password, newPassword: '123' } });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('Password must be at least 6 characters');

      const changed = await platform.api('POST', '/user/change-password', { token, body: { currentPassword: details.password, newPassword: 'Fresh#2027' } });
      expect(changed.status).toBe(200);
      expect(typeof changed.body.token).toBe('string');
      expect((await platform.api('GET', '/user/profile', { token })).status).toBe(401);
      expect((await platform.api('GET', '/user/profile', { token: changed.body.token })).status).toBe(200);
      expect((await platform.api('POST', '/auth/login', { body: { email: details.email, password: details.password } })).status).toBe(401);
      expect((await platform.api('POST', '/auth/login', { body: { email: details.email, password: 'Fresh#2027' } })).status).toBe(200);
    });
  });

  describe('gateway behaviour', () => {
    it('reports health of NATS, PostgreSQL and every service', async () => {
      const health = await platform.api('GET', '/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({
        status: 'ok',
        nats: 'up',
        postgres: 'up',
        services: {
          auth: { status: 'up', database: 'up' },
          appointment: { status: 'up', database: 'up' },
          payment: { status: 'up', database: 'up' },
          prescription: { status: 'up', database: 'up' },
          support: { status: 'up', database: 'up' },
          reporting: { status: 'up', database: 'up' },
        },
      });
    });

    it('answers liveness and readiness without asking any service', async () => {
      expect((await platform.api('GET', '/health/live')).body).toEqual({ status: 'ok' });
      const ready = await platform.api('GET', '/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready', nats: 'up', revocations: 'loaded' });
    });

    it('sends security headers and carries the request id', async () => {
      const response = await platform.api('GET', '/health', { headers: { 'x-request-id': 'req-abc-123' } });
      expect(response.headers.get('x-request-id')).toBe('req-abc-123');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-frame-options')).toBeTruthy();
    });

    it('publishes an OpenAPI document covering the auth routes', async () => {
      const document = await platform.api('GET', '/docs-json');
      expect(document.status).toBe(200);
      expect(Object.keys(document.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/user/profile', '/api/admin/users']));
    });

    it('answers unknown API paths with a JSON 404', async () => {
      const response = await platform.api('GET', '/no-such-thing');
      expect(response.status).toBe(404);
      expect(typeof response.body.message).toBe('string');
    });
  });
});
