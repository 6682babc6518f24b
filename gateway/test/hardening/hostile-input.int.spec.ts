import sharp from 'sharp';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { newPatient, signUpAndIn } from '../support/users';
import { sql } from '../appointments/support';

jest.setTimeout(60_000);

const UNSAFE = 'The request contains characters that are not allowed';

/** Issue 15, part 1: each request below answered 500 before; now a clear 4xx. */
describe('hostile input never reaches a 500 (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
    admin = await createAdmin(platform);
    patient = await signUpAndIn(platform);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it.each([
    ['/appointments/2147483648', 'Invalid id'],
    ['/appointments/0x39', 'Invalid id'],
    ['/appointments/1e3', 'Invalid id'],
    ['/appointments/-1', 'Invalid id'],
    ['/appointments/availability?doctor_id=2147483648&date=2030-01-01', 'doctor_id is out of range'],
    ['/appointments/admin/all?offset=9223372036854775808', 'offset is out of range'],
  ])('GET %s → 400 %s', async (path, message) => {
    const response = await platform.api('GET', path, { token: admin.token });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('PATCH /admin/users/99999999999 → 400 Invalid id', async () => {
    const response = await platform.api('PATCH', '/admin/users/99999999999', { token: admin.token, body: {} });
    expect([response.status, response.body.message]).toEqual([400, 'Invalid id']);
  });

  it('a declared call refuses a bad {id} exactly as the IdParam pipe does, before the body (idParam)', async () => {
    const pipe = (await platform.api('GET', '/appointments/0x39', { token: admin.token })).body;
    expect(pipe).toEqual({ statusCode: 400, message: 'Invalid id', errors: ['Invalid id'] });
    for (const id of ['0x39', '1e3', '-1', '0', '%207', '5.0', '2147483648', '99999999999']) {
      const declared = await platform.api('DELETE', `/admin/users/${id}`, { token: admin.token });
      expect([id, declared.status, declared.body]).toEqual([id, 400, pipe]);
    }
    const withBadBody = await platform.api('PATCH', '/admin/erasure-requests/1e3', { token: admin.token, body: { decision: 'maybe' } });
    expect(withBadBody.body).toEqual(pipe);
    expect((await platform.api('PATCH', '/admin/erasure-requests/2147483647', { token: admin.token, body: { decision: 'approve' } })).status).toBe(404);
  });

  it('refuses NUL and lone surrogates in bodies and queries, for every DTO', async () => {
    const nul = await platform.api('POST', '/auth/register', { body: newPatient({ firstname: 'Ach\u0000ieng' }) });
    expect([nul.status, nul.body.message]).toEqual([400, UNSAFE]);
    // JSON.stringify would escape the surrogate as \ud800; send it exactly as an attacker would.
    const surrogate = await platform.api('POST', '/auth/register', {
      body: JSON.stringify(newPatient()).replace('"Achieng"', '"Ach\\ud800ieng"'),
    });
    expect([surrogate.status, surrogate.body.message]).toEqual([400, UNSAFE]);
    const search = await platform.api('GET', '/admin/users?search=a%00b', { token: admin.token });
    expect([search.status, search.body.message]).toEqual([400, UNSAFE]);
    const profile = await platform.api('PATCH', '/user/profile', { token: patient.token, body: { address: 'Moi Avenue \u0000 Nairobi' } });
    expect([profile.status, profile.body.message]).toEqual([400, UNSAFE]);
    const key = await platform.api('POST', '/auth/login', { body: `{"email":"a@b.co","password":"secret1","\\udc00":1}` });
    expect([key.status, key.body.message]).toEqual([400, UNSAFE]);
    // A valid pair (an emoji) is text like any other.
    const emoji = await platform.api('PATCH', '/user/profile', { token: patient.token, body: { address: 'Moi Avenue 😀 Nairobi' } });
    expect(emoji.status).toBe(200);
  });

  it('caps JSON depth before parsing: 10,000 nested arrays on the anonymous login → 400', async () => {
    const body = `{"email":${'['.repeat(10_000)}${']'.repeat(10_000)},"password":"x"}`;
    const response = await platform.api('POST', '/auth/login', { body });
    expect(response.status).toBe(400);
    const shallow = await platform.api('POST', '/auth/login', { body: `{"email":[[[["a"]]]],"password":"secret1"}` });
    expect(shallow.status).toBe(400);
    expect(shallow.body.message).toBe('Please enter a valid email');
  });

  it('profile pictures: only a UUID is an id', async () => {
    const response = await platform.api('GET', `/user/profile-picture/${'-'.repeat(36)}`);
    expect(response.status).toBe(404);
  });

  it('profile updates follow the registration rules and strip bidi controls', async () => {
    const blankName = await platform.api('PATCH', '/user/profile', { token: patient.token, body: { firstname: ' a  ' } });
    expect([blankName.status, blankName.body.message]).toEqual([400, 'First name must be at least 2 characters']);
    const shortPhone = await platform.api('PATCH', '/user/profile', { token: patient.token, body: { contact_phone: '+254-71-x' } });
    expect([shortPhone.status, shortPhone.body.message]).toEqual([400, 'Phone number must be at least 10 digits']);
    const bidi = await platform.api('PATCH', '/user/profile', { token: patient.token, body: { lastname: '\u202EOdhiambo\u202C' } });
    expect(bidi.status).toBe(200);
    expect(bidi.body.user.lastname).toBe('Odhiambo');
    const onlyBidi = await platform.api('POST', '/auth/register', { body: newPatient({ firstname: '\u202E\u202E\u202E' }) });
    expect(onlyBidi.status).toBe(400);
  });

  it('re-encodes uploads without EXIF, and deletes a cleared picture', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'EXIF-SECRET-GPS', Artist: 'EXIF-SECRET-GPS' } })
      .toBuffer();
    expect(jpeg.includes('EXIF-SECRET-GPS')).toBe(true);
    const upload = await platform.api('POST', '/user/profile-picture', {
      token: patient.token,
      body: { imageBase64: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
    });
    expect(upload.status).toBe(200);
    const url: string = upload.body.url;
    const served = await fetch(`${platform.baseUrl}${url}`);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes('EXIF-SECRET-GPS')).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();

    const notAnImage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('not really a jpeg')]);
    const bad = await platform.api('POST', '/user/profile-picture', {
      token: patient.token,
      body: { imageBase64: `data:image/jpeg;base64,${notAnImage.toString('base64')}` },
    });
    expect(bad.status).toBe(400);

    const cleared = await platform.api('PATCH', '/user/profile', { token: patient.token, body: { profile_picture_url: '' } });
    expect(cleared.status).toBe(200);
    expect((await fetch(`${platform.baseUrl}${url}`)).status).toBe(404);
    const rows = await sql('auth', 'SELECT count(*)::int AS n FROM profile_pictures WHERE user_id = $1', [patient.user.id]);
    expect(rows[0].n).toBe(0);
  });
});
