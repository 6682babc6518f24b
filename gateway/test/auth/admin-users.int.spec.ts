import { AuthModule } from '@afya/auth-service/src/auth.module';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { newPatient, signUpAndIn } from '../support/users';

describe('admin user management through the gateway (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule });
    admin = await createAdmin(platform);
  });

  afterAll(async () => {
    await platform?.close();
  });

  const newUserForm = (overrides: Record<string, unknown> = {}) => {
    const { firstname, lastname, email, contact_phone } = newPatient();
    return { firstname, lastname, email, phone: contact_phone, role: 'doctor', status: 'active', ...overrides };
  };

  it('answers 401 to anonymous callers and 403 to patients and doctors on every admin route', async () => {
    const patient = await signUpAndIn(platform);
    for (const [method, path] of [
      ['GET', '/admin/users'],
      ['POST', '/admin/users'],
      ['PUT', '/admin/users/1'],
      ['PATCH', '/admin/users/1'],
      ['DELETE', '/admin/users/1'],
    ]) {
      expect((await platform.api(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : {} })).status).toBe(401);
      const forbidden = await platform.api(method, path, { token: patient.token, body: method === 'GET' || method === 'DELETE' ? undefined : newUserForm() });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toBe('You do not have permission to do that');
    }
  });

  it('creates a user with a random one-time password, shown once, that must be changed first', async () => {
    const form = newUserForm();
    const created = await platform.api('POST', '/admin/users', { token: admin.token, body: form });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ email: form.email, role: 'doctor', status: 'active', phone: form.phone, must_change_password: true, appointments_count: 0 });
    const oneTime = created.body.temporaryPassword as string;
    expect(oneTime).toMatch(/^.{14}$/);
    const second = await platform.api('POST', '/admin/users', { token: admin.token, body: newUserForm() });
    expect(second.body.temporaryPassword).not.toBe(oneTime);

    const login = await platform.api('POST', '/auth/login', { body: { email: form.email, password: oneTime } });
    expect(login.status).toBe(200);
    expect(login.body.user.must_change_password).toBe(true);
    const blocked = await platform.api('PATCH', '/user/profile', { token: login.body.token, body: { firstname: 'Xavier' } });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await platform.api('GET', '/user/profile', { token: login.body.token })).status).toBe(200);

    const changed = await platform.api('POST', '/user/change-password', { token: login.body.token, body: { currentPassword: oneTime, newPassword: 'MyOwn#2026' } });
    expect(changed.status).toBe(200);
    expect(changed.body.user.must_change_password).toBe(false);
    expect((await platform.api('PATCH', '/user/profile', { token: changed.body.token, body: { firstname: 'Xavier' } })).status).toBe(200);
  });

  it.each([
    [{ firstname: 'J' }, 'First name must be at least 2 characters'],
    [{ lastname: 'K' }, 'Last name must be at least 2 characters'],
    [{ email: 'nope' }, 'Please enter a valid email'],
    [{ phone: '0712' }, 'Phone number must be at least 10 digits'],
    [{ phone: undefined }, 'Phone number must be at least 10 digits'],
    [{ role: 'superuser' }, 'Role must be one of user, doctor, admin'],
    [{ status: 'banned' }, 'Status must be one of active, inactive, suspended'],
  ])('refuses the admin form %j with "%s"', async (override, message) => {
    const response = await platform.api('POST', '/admin/users', { token: admin.token, body: newUserForm(override) });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('lists users with search, role and status filters', async () => {
    const unique = `Zawadi${Date.now()}`;
    const doctor = await platform.api('POST', '/admin/users', { token: admin.token, body: newUserForm({ firstname: unique, role: 'doctor' }) });
    const suspended = await platform.api('POST', '/admin/users', { token: admin.token, body: newUserForm({ firstname: unique, role: 'user', status: 'suspended' }) });

    const bySearch = await platform.api('GET', `/admin/users?search=${unique.toLowerCase()}`, { token: admin.token });
    expect(bySearch.status).toBe(200);
    expect(bySearch.body.users.map((u: { id: number }) => u.id).sort()).toEqual([doctor.body.user.id, suspended.body.user.id].sort());

    const byEmail = await platform.api('GET', `/admin/users?search=${encodeURIComponent(doctor.body.user.email)}`, { token: admin.token });
    expect(byEmail.body.users).toHaveLength(1);

    const doctors = await platform.api('GET', `/admin/users?search=${unique}&role=doctor`, { token: admin.token });
    expect(doctors.body.users.map((u: { id: number }) => u.id)).toEqual([doctor.body.user.id]);

    const suspendedOnly = await platform.api('GET', `/admin/users?search=${unique}&status=suspended`, { token: admin.token });
    expect(suspendedOnly.body.users.map((u: { id: number }) => u.id)).toEqual([suspended.body.user.id]);

    const all = await platform.api('GET', `/admin/users?search=${unique}&role=all&status=all`, { token: admin.token });
    expect(all.body.users).toHaveLength(2);
    expect(all.body.users[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), firstname: unique, email: expect.any(String), role: expect.any(String), status: expect.any(String), created_at: expect.any(String), last_login: null, appointments_count: 0 }),
    );

    const badRole = await platform.api('GET', '/admin/users?role=king', { token: admin.token });
    expect(badRole.status).toBe(400);
  });

  it('updates a user with PUT and PATCH, and suspension or a role change ends their sessions', async () => {
    const target = await signUpAndIn(platform);
    const id = target.user.user_id;
    const put = await platform.api('PUT', `/admin/users/${id}`, { token: admin.token, body: { firstname: 'Kipchoge', lastname: 'Keino', phone: '+254733000111' } });
    expect(put.status).toBe(200);
    expect(put.body.user).toMatchObject({ firstname: 'Kipchoge', lastname: 'Keino', phone: '+254733000111', role: 'user' });
    expect((await platform.api('GET', '/user/profile', { token: target.token })).status).toBe(200);

    const promoted = await platform.api('PATCH', `/admin/users/${id}`, { token: admin.token, body: { role: 'doctor' } });
    expect(promoted.body.user.role).toBe('doctor');
    expect((await platform.api('GET', '/user/profile', { token: target.token })).status).toBe(401);

    const relogin = await platform.api('POST', '/auth/login', { body: { email: target.details.email, password: target.details.password } });
    expect(relogin.body.user.role).toBe('doctor');
    const suspended = await platform.api('PATCH', `/admin/users/${id}`, { token: admin.token, body: { status: 'suspended' } });
    expect(suspended.status).toBe(200);
    expect((await platform.api('GET', '/user/profile', { token: relogin.body.token })).status).toBe(401);
    const refused = await platform.api('POST', '/auth/login', { body: { email: target.details.email, password: target.details.password } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your account has been suspended. Please contact support.');

    expect((await platform.api('PATCH', `/admin/users/${id}`, { token: admin.token, body: { email: 'bad' } })).status).toBe(400);
    expect((await platform.api('PATCH', '/admin/users/99999999', { token: admin.token, body: { firstname: 'Nobody' } })).status).toBe(404);
    expect((await platform.api('PATCH', '/admin/users/abc', { token: admin.token, body: { firstname: 'Nobody' } })).status).toBe(400);
    const taken = await platform.api('PATCH', `/admin/users/${id}`, { token: admin.token, body: { email: admin.details.email } });
    expect(taken.status).toBe(409);
  });

  it('deletes a user: their token stops working and they can no longer sign in', async () => {
    const target = await signUpAndIn(platform);
    const removed = await platform.api('DELETE', `/admin/users/${target.user.user_id}`, { token: admin.token });
    expect(removed.status).toBe(200);
    expect((await platform.api('GET', '/user/profile', { token: target.token })).status).toBe(401);
    expect((await platform.api('POST', '/auth/login', { body: { email: target.details.email, password: target.details.password } })).status).toBe(401);
    expect((await platform.api('DELETE', `/admin/users/${target.user.user_id}`, { token: admin.token })).status).toBe(404);
    const listed = await platform.api('GET', `/admin/users?search=${encodeURIComponent(target.details.email)}`, { token: admin.token });
    expect(listed.body.users).toHaveLength(0);
  });

  it('never removes the last active admin, by delete, demotion or suspension', async () => {
    // The admin created for this file is the only admin in this schema.
    const selfDemote = await platform.api('PATCH', `/admin/users/${admin.user.user_id}`, { token: admin.token, body: { role: 'user' } });
    expect(selfDemote.status).toBe(409);
    expect(selfDemote.body.message).toBe('You cannot remove the last admin');
    const selfSuspend = await platform.api('PATCH', `/admin/users/${admin.user.user_id}`, { token: admin.token, body: { status: 'suspended' } });
    expect(selfSuspend.status).toBe(409);

    const second = await platform.api('POST', '/admin/users', { token: admin.token, body: newUserForm({ role: 'admin' }) });
    const secondLogin = await platform.api('POST', '/auth/login', { body: { email: second.body.user.email, password: second.body.temporaryPassword } });
    const secondSession = await platform.api('POST', '/user/change-password', {
      token: secondLogin.body.token,
      body: { currentPassword: second.body.temporaryPassword, newPassword: 'Second#2026' },
    });
    // With two admins, demoting one is fine; then the other is the last again.
    expect((await platform.api('PATCH', `/admin/users/${second.body.user.id}`, { token: admin.token, body: { role: 'user' } })).status).toBe(200);
    expect((await platform.api('GET', '/admin/users', { token: secondSession.body.token })).status).toBe(401);
    const lastDelete = await platform.api('DELETE', `/admin/users/${admin.user.user_id}`, { token: admin.token });
    expect(lastDelete.status).toBe(409);
  });

  it('lets an admin register someone through /auth/register with role and status (CONTRACT.md §7)', async () => {
    const details = newPatient();
    const response = await platform.api('POST', '/auth/register', { token: admin.token, body: { ...details, role: 'doctor', status: 'inactive' } });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ role: 'doctor', status: 'inactive', must_change_password: true });
  });

  it("registers through /auth/register exactly as the original admin client does: role, status, the client's password, no address; the user must change it at first sign-in", async () => {
    const { address, ...details } = newPatient();
    expect(address).toBeDefined();
    const response = await platform.api('POST', '/auth/register', { token: admin.token, body: { ...details, password: 'Welcome#2026', role: 'user', status: 'active' } });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ email: details.email, role: 'user', status: 'active', address: null, must_change_password: true });
    const login = await platform.api('POST', '/auth/login', { body: { email: details.email, password: 'Welcome#2026' } });
    expect(login.status).toBe(200);
    expect(login.body.user.must_change_password).toBe(true);
    const blocked = await platform.api('GET', '/appointments', { token: login.body.token });
    expect(blocked).toMatchObject({ status: 403, body: { code: 'PASSWORD_CHANGE_REQUIRED' } });
  });
});
