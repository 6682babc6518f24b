import { AuthModule } from '@afya/auth-service/src/auth.module';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

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

  it.each([['fr'], ['SW'], [''], [7], [null], [['sw']]])('refuses language %p with a clear 400 and changes nothing', async (language) => {
    const { token } = await signUpAndIn(platform);
    const response = await platform.api('PATCH', '/user/profile', { token, body: { language, firstname: 'Changed' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Language must be one of en, sw');
    const profile = (await platform.api('GET', '/user/profile', { token })).body.user;
    expect(profile).toMatchObject({ language: 'en', firstname: 'Achieng' });
  });
});
