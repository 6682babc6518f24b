import { AuthModule } from '@afya/auth-service/src/auth.module';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { createAdmin } from '../support/admin';
import { newPatient, signUpAndIn } from '../support/users';

describe("the user's language, stored on the account (real NATS + PostgreSQL)", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('starts in English, is returned on sign-in and the profile, and a patient can switch it', async () => {
    const { token, user } = await signUpAndIn(platform);
    expect(user.language).toBe('en');
    expect((await platform.api('GET', '/user/profile', { token })).body.user.language).toBe('en');

    const switched = await platform.api('PATCH', '/user/profile', { token, body: { language: 'sw' } });
    expect(switched.status).toBe(200);
    expect(switched.body.user).toMatchObject({ language: 'sw', firstname: user.firstname });
    expect((await platform.api('GET', '/user/profile', { token })).body.user.language).toBe('sw');

    // Other profile changes leave it alone.
    const renamed = await platform.api('PATCH', '/user/profile', { token, body: { firstname: 'Wanjiku' } });
    expect(renamed.body.user).toMatchObject({ firstname: 'Wanjiku', language: 'sw' });
    const back = await platform.api('PATCH', '/user/profile', { token, body: { language: 'en' } });
    expect(back.body.user.language).toBe('en');
  });

  it('is chosen at registration: the form’s language, else the browser’s (Accept-Language), else English', async () => {
    const chosen = await signUpAndIn(platform, { language: 'sw' });
    expect(chosen.user.language).toBe('sw');
    expect((await platform.api('GET', '/user/profile', { token: chosen.token })).body.user.language).toBe('sw');

    // The form's choice wins over the browser's.
    const english = newPatient({ language: 'en' });
    const registeredEnglish = await platform.api('POST', '/auth/register', { body: english, headers: { 'accept-language': 'sw' } });
    expect(registeredEnglish.status).toBe(201);
    expect(registeredEnglish.body.user.language).toBe('en');

    // A client that sends no language (the register body of CONTRACT.md §7 has no language field): the Accept-Language's, else English.
    const browser = await platform.api('POST', '/auth/register', { body: newPatient(), headers: { 'accept-language': 'fr-FR, sw-KE;q=0.8, en;q=0.5' } });
    expect(browser.status).toBe(201);
    expect(browser.body.user.language).toBe('sw');
    const none = await platform.api('POST', '/auth/register', { body: newPatient() });
    expect(none.body.user.language).toBe('en');

    // An admin's Accept-Language is not the new user's.
    const admin = await createAdmin(platform);
    const byAdmin = await platform.api('POST', '/auth/register', { token: admin.token, body: { ...newPatient(), role: 'doctor' }, headers: { 'accept-language': 'sw' } });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.user.language).toBe('en');

    const refused = await platform.api('POST', '/auth/register', { body: newPatient({ language: 'fr' }) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Language must be one of en, sw');
  });

  it.each([['fr'], ['SW'], [''], [7], [null], [['sw']]])('refuses language %p with a clear 400 and changes nothing', async (language) => {
    const { token } = await signUpAndIn(platform);
    const response = await platform.api('PATCH', '/user/profile', { token, body: { language, firstname: 'Changed' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Language must be one of en, sw');
    const profile = (await platform.api('GET', '/user/profile', { token })).body.user;
    expect(profile).toMatchObject({ language: 'en', firstname: 'Achieng' });
  });
});
