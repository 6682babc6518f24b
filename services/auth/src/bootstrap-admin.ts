/**
 * Day one: creates the platform's first admin with a one-time password, printed once.
 *   AFYA_ADMIN_EMAIL=ops@example.co.ke npm run bootstrap-admin -w @afya/auth-service      (locally, after a build)
 *   kubectl -n afya apply -f k8s/jobs/auth-bootstrap-admin.yaml                           (in the cluster, k8s/README.md)
 * The account is created like an admin-created one (admin-users.service.ts): active, role admin,
 * must_change_password, so the first sign-in has to replace the printed password before anything else.
 * Runs after the auth migration Job (it never changes the schema). Does nothing when an admin exists:
 * later admins are created by an admin in the app, and a lost password is reset there, not here.
 */
import { DataSource, DataSourceOptions, IsNull } from 'typeorm';
import { configureProcessLogger, getProcessLogger, serviceDataSourceOptions } from '@afya/service-shared';
import { AuthEvents } from '../contracts';
import { authDatabase } from './auth.database';
import { generateOneTimePassword, hashPassword } from './users/passwords';
import { recordUserEvent } from './users/user-events';
import { UserEntity } from './users/user.entity';
import { normalizeEmail } from './users/user.mapper';

export interface FirstAdmin {
  email: string;
  firstname?: string;
  lastname?: string;
}

export type BootstrapResult =
  | { created: true; userId: number; email: string; oneTimePassword: string }
  | { created: false; reason: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function bootstrapFirstAdmin(dataSource: DataSource, admin: FirstAdmin): Promise<BootstrapResult> {
  const email = normalizeEmail(admin.email ?? '');
  if (!EMAIL.test(email)) throw new Error('AFYA_ADMIN_EMAIL must be an email address');
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  return dataSource.transaction(async (manager) => {
    // two Jobs started at once must not both find "no admin yet"
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('afya.auth.bootstrap-admin'))`);
    const existing = await manager.count(UserEntity, { where: { role: 'admin', deletedAt: IsNull() } });
    if (existing > 0) return { created: false as const, reason: 'an admin already exists: nothing to do (admins create further admins in the app)' };
    if (await manager.count(UserEntity, { where: { email, deletedAt: IsNull() } })) {
      return { created: false as const, reason: `${email} already has an account: choose another AFYA_ADMIN_EMAIL` };
    }
    const user = manager.create(UserEntity, {
      firstname: admin.firstname?.trim() || 'Platform',
      lastname: admin.lastname?.trim() || 'Admin',
      email,
      passwordHash,
      role: 'admin',
      status: 'active',
      contactPhone: null,
      address: null,
      mustChangePassword: true,
    });
    await manager.save(user);
    await recordUserEvent(manager, AuthEvents.registered, user);
    return { created: true as const, userId: user.userId, email, oneTimePassword };
  });
}

async function main(): Promise<number> {
  const options = serviceDataSourceOptions(authDatabase) as DataSourceOptions;
  const dataSource = await new DataSource({ ...options, migrationsRun: false }).initialize();
  try {
    const pending = await dataSource.showMigrations();
    if (pending) {
      getProcessLogger().error('the auth schema is not migrated; run the auth migration first (node dist/src/migrate.js)');
      return 1;
    }
    const result = await bootstrapFirstAdmin(dataSource, {
      email: process.env.AFYA_ADMIN_EMAIL ?? '',
      firstname: process.env.AFYA_ADMIN_FIRSTNAME,
      lastname: process.env.AFYA_ADMIN_LASTNAME,
    });
    if (!result.created) {
      getProcessLogger().info(result.reason);
      return result.reason.startsWith('an admin already exists') ? 0 : 1;
    }
    getProcessLogger().info({ userId: result.userId }, 'created the first admin; its one-time password is printed on stdout, never logged');
    // The only place this password ever appears. It is not stored anywhere but as an argon2 hash. Not a log line:
    // the operator's terminal output (stdout), while the log lines go to stderr.
    console.log(
      `auth bootstrap-admin: created admin ${result.email} (user ${result.userId}). One-time password, shown once: ${result.oneTimePassword}\n` +
        'Sign in with it now: the first sign-in must set a new password.',
    );
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  configureProcessLogger({ service: 'auth:bootstrap-admin', destination: 2 });
  main()
    .then((code) => process.exit(code))
    .catch((error: Error) => {
      getProcessLogger().error({ err: error }, `bootstrap-admin failed: ${error.message}`);
      process.exit(1);
    });
}
