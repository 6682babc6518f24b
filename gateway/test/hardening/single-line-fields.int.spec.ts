import { AuthModule } from '@afya/auth-service/src/auth.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { newPatient, signUpAndIn } from '../support/users';

jest.setTimeout(60_000);

const ONE_LINE = {
  firstname: 'First name must be one line of text, without line breaks or control characters',
  lastname: 'Last name must be one line of text, without line breaks or control characters',
  phone: 'Phone number must be one line of text, without line breaks or control characters',
  address: 'Address must be one line of text, without line breaks or control characters',
  title: 'Title must be one line of text, without line breaks or control characters',
  name: 'Name must be one line of text, without line breaks or control characters',
};
const NO_MARKUP = {
  firstname: 'First name cannot contain < or >',
  lastname: 'Last name cannot contain < or >',
  name: 'Name cannot contain < or >',
};

/** Line breaks (LF, CR LF, the Unicode separators), a tab, the C1 NEL, ESC and DEL: all control characters. */
const BREAKS: [string, string][] = [
  ['a line feed', 'Achieng\nOtieno'],
  ['CR LF', 'Achieng\r\nOtieno'],
  ['a tab', 'Achieng\tOtieno'],
  ['U+2028 (line separator)', 'Achieng\u2028Otieno'],
  ['U+0085 (NEL)', 'Achieng\u0085Otieno'],
  ['an escape sequence', 'Achieng\u001b[31m'],
  ['DEL', 'Achieng\u007f'],
];

/**
 * Issue 43: single-line fields (names, phones, the address line, a ticket's title, the contact form's name) refuse
 * control characters with a clear 400 in English and Kiswahili, and change nothing; names also refuse `<` and `>`.
 * Multi-line fields (a ticket's description, the contact message) keep their line breaks. Declared once, in the
 * contracts' schemas: every route that takes the field applies it.
 */
describe('single-line fields refuse control characters; names refuse markup', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;
  let forwarded = 0;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, support: SupportModule });
    admin = await createAdmin(platform);
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
  });
  afterAll(() => platform?.close());

  const refused = (response: { status: number; body: { message?: string } }, message: string) => expect([response.status, response.body?.message]).toEqual([400, message]);

  it.each(BREAKS)('registration refuses %s in a name, and registers nobody', async (_label, firstname) => {
    const details = newPatient({ firstname });
    refused(await platform.api('POST', '/auth/register', { body: details }), ONE_LINE.firstname);
    expect((await platform.api('POST', '/auth/login', { body: { email: details.email, password: details.password } })).status).toBe(401);
  });

  it('registration: each single-line field with its own message, in English and Kiswahili', async () => {
    refused(await platform.api('POST', '/auth/register', { body: newPatient({ lastname: 'Odhiambo\n' }) }), ONE_LINE.lastname);
    refused(await platform.api('POST', '/auth/register', { body: newPatient({ contact_phone: '0712\n345678' }) }), ONE_LINE.phone);
    refused(await platform.api('POST', '/auth/register', { body: newPatient({ address: 'Kenyatta Avenue\r\nNairobi CBD' }) }), ONE_LINE.address);
    const swahili = await platform.api('POST', '/auth/register', { body: newPatient({ firstname: 'Achieng\nX' }), headers: { 'accept-language': 'sw' } });
    expect(swahili.status).toBe(400);
    expect(swahili.body.message).toBe('Jina la kwanza lazima liwe mstari mmoja wa maandishi, bila kuvunja mstari wala herufi za udhibiti');
  });

  it('names refuse < and >; real names (apostrophes, hyphens, accents) pass', async () => {
    refused(await platform.api('POST', '/auth/register', { body: newPatient({ firstname: '<b>Achieng</b>' }) }), NO_MARKUP.firstname);
    refused(await platform.api('POST', '/auth/register', { body: newPatient({ lastname: 'Otieno<script>' }) }), NO_MARKUP.lastname);
    for (const [firstname, lastname] of [
      ["N'gang'a", 'Wanjiku-Kamau'],
      ['José', "O'Brien"],
      ['Mary Ann', 'St. John'],
    ]) {
      expect((await platform.api('POST', '/auth/register', { body: newPatient({ firstname, lastname }) })).status).toBe(201);
    }
  });

  it('profile changes are held to the same rules and change nothing when refused', async () => {
    const before = (await platform.api('GET', '/user/profile', { token: patient.token })).body;
    refused(await platform.api('PATCH', '/user/profile', { token: patient.token, body: { firstname: 'Achieng\nX', lastname: 'Otieno' } }), ONE_LINE.firstname);
    refused(await platform.api('PATCH', '/user/profile', { token: patient.token, body: { address: 'Moi Avenue\u2029Nairobi town' } }), ONE_LINE.address);
    refused(await platform.api('PATCH', '/user/profile', { token: patient.token, body: { contact_phone: '0712345678\t' } }), ONE_LINE.phone);
    refused(await platform.api('PATCH', '/user/profile', { token: patient.token, body: { lastname: '<i>Otieno</i>' } }), NO_MARKUP.lastname);
    expect((await platform.api('GET', '/user/profile', { token: patient.token })).body).toEqual(before);
  });

  it("the admin's user form too", async () => {
    const { firstname, lastname, email } = newPatient();
    const body = { firstname, lastname, email, phone: '0712345678', role: 'user' };
    refused(await platform.api('POST', '/admin/users', { token: admin.token, body: { ...body, firstname: 'Amani\nX' } }), ONE_LINE.firstname);
    refused(await platform.api('POST', '/admin/users', { token: admin.token, body: { ...body, lastname: '<Otieno>' } }), NO_MARKUP.lastname);
    refused(await platform.api('POST', '/admin/users', { token: admin.token, body: { ...body, phone: '0712\n345678' } }), ONE_LINE.phone);
    refused(await platform.api('PATCH', `/admin/users/${patient.user.user_id}`, { token: admin.token, body: { address: 'Line one\nLine two' } }), ONE_LINE.address);
    expect((await platform.api('GET', `/admin/users?search=${encodeURIComponent(email)}`, { token: admin.token })).body.users).toEqual([]);
  });

  it("a ticket's title is one line; its description keeps its line breaks", async () => {
    refused(await platform.api('POST', '/support', { token: patient.token, body: { subject: 'Help\nme', description: 'It broke.' } }), ONE_LINE.title);
    refused(await platform.api('POST', '/support', { token: patient.token, body: { title: 'Help\rme', description: 'It broke.' } }), ONE_LINE.title);
    expect((await platform.api('GET', '/support', { token: patient.token })).body).toEqual([]);
    const created = await platform.api('POST', '/support', { token: patient.token, body: { subject: 'Payment <receipt> missing', description: 'Line one.\nLine two.' } });
    expect(created.status).toBe(201);
    const [ticket] = (await platform.api('GET', '/support', { token: patient.token })).body;
    expect(ticket).toMatchObject({ subject: 'Payment <receipt> missing', description: 'Line one.\nLine two.' });
  });

  it("the contact form's name is one line without markup; its message keeps its line breaks", async () => {
    const contact = (body: Record<string, string>) =>
      platform.api('POST', '/contact', { body: { name: 'Baraka Mwangi', email: 'baraka@example.co.ke', subject: 'general', message: 'Hello,\nplease call me back.', ...body }, headers: { 'x-forwarded-for': `10.43.0.${++forwarded}` } });
    refused(await contact({ name: 'Baraka\nMwangi' }), ONE_LINE.name);
    refused(await contact({ name: 'Baraka <Mwangi>' }), NO_MARKUP.name);
    expect((await contact({})).status).toBe(201);
  });

  it('phones elsewhere: forgot-password, reset and M-Pesa refuse line breaks', async () => {
    refused(await platform.api('POST', '/auth/forgot-password', { body: { phone: '0712\n345678' } }), ONE_LINE.phone);
    refused(await platform.api('POST', '/auth/reset-password', { body: { phone: '0712\n345678', code: '123456', newPassword: 'Brand#New2026' } }), ONE_LINE.phone);
    refused(await platform.api('POST', '/mpesa/stkpush', { token: patient.token, body: { phone: '0712\n345678', amount: 1500, appointment_id: 1 } }), ONE_LINE.phone);
  });
});
