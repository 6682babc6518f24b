import { DataSource, DataSourceOptions } from 'typeorm';
import { runMigrations, serviceDataSourceOptions } from '@afya/service-shared';
import { testInfrastructure, type TestInfrastructure } from '@afya/service-shared/testing';
import { authDatabase } from './auth.database';
import { bootstrapFirstAdmin } from './bootstrap-admin';
import { verifyPassword } from './users/passwords';
import { UserEntity } from './users/user.entity';
import { toSessionUser } from './users/user.mapper';

// The day-one command against the real test database: one admin, a one-time password that only its hash
// keeps and that must be changed at first sign-in, never a second admin.
let infra: TestInfrastructure;
let dataSource: DataSource;

beforeAll(async () => {
  infra = await testInfrastructure();
  await runMigrations(authDatabase);
  dataSource = await new DataSource({ ...(serviceDataSourceOptions(authDatabase) as DataSourceOptions), migrationsRun: false }).initialize();
}, 60_000);

afterAll(async () => {
  await dataSource?.destroy();
  await infra?.cleanup();
}, 30_000);

describe('bootstrapFirstAdmin', () => {
  it('refuses something that is not an email address', async () => {
    await expect(bootstrapFirstAdmin(dataSource, { email: 'ops' })).rejects.toThrow('AFYA_ADMIN_EMAIL must be an email address');
  });

  it('creates exactly one admin even when two runs race, with a one-time password that must be changed', async () => {
    const results = await Promise.all([
      bootstrapFirstAdmin(dataSource, { email: ' Ops@Example.co.ke ', firstname: 'Amina', lastname: 'Otieno' }),
      bootstrapFirstAdmin(dataSource, { email: 'second@example.co.ke' }),
    ]);
    const created = results.filter((r) => r.created);
    expect(created).toHaveLength(1);
    expect(results.find((r) => !r.created)).toEqual({ created: false, reason: expect.stringContaining('an admin already exists') });

    const admins = await dataSource.getRepository(UserEntity).find({ where: { role: 'admin' } });
    expect(admins).toHaveLength(1);
    const [admin] = admins;
    const first = created[0] as Extract<(typeof results)[number], { created: true }>;
    expect(admin.email).toBe(first.email);
    expect(admin.status).toBe('active');
    expect(admin.mustChangePassword).toBe(true);
    expect(toSessionUser(admin)).toMatchObject({ role: 'admin', must_change_password: true });
    expect(admin.passwordHash).not.toContain(first.oneTimePassword);
    expect(await verifyPassword(admin.passwordHash, first.oneTimePassword)).toBe(true);
    expect(first.oneTimePassword).toMatch(/^\S{14}$/);
  }, 20_000);

  it('does nothing once an admin exists', async () => {
    const again = await bootstrapFirstAdmin(dataSource, { email: 'third@example.co.ke' });
    expect(again).toEqual({ created: false, reason: expect.stringContaining('an admin already exists') });
    expect(await dataSource.getRepository(UserEntity).count({ where: { role: 'admin' } })).toBe(1);
  });
});
