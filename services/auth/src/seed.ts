/**
 * Local demo data (npm start only): creates the demo accounts that do not exist yet and prints them as
 * one JSON line for the next service's seed. Idempotent. Reads the file named by AFYA_DEMO_DATA.
 */
import { readFileSync } from 'node:fs';
import { DataSource, DataSourceOptions, IsNull } from 'typeorm';
import { configureProcessLogger, serviceDataSourceOptions, ensureSchema } from '@afya/service-shared';
import { AuthEvents } from '../contracts';
import { authDatabase } from './auth.database';
import { hashPassword } from './users/passwords';
import { recordUserEvent } from './users/user-events';
import { UserEntity } from './users/user.entity';
import { normalizeEmail, toSessionUser } from './users/user.mapper';

// Log lines go to stderr: stdout is the data the next seed reads (and it holds the demo users' phones).
const logger = configureProcessLogger({ service: 'auth:seed', destination: 2 });

interface DemoUser {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  role: 'user' | 'doctor' | 'admin';
  contact_phone?: string;
  address?: string;
}

/** Every object with an email and a password, wherever the demo file keeps it. */
function demoUsers(data: unknown): DemoUser[] {
  const found: DemoUser[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.email === 'string' && typeof record.password === 'string') found.push(record as unknown as DemoUser);
      else Object.values(record).forEach(visit);
    }
  };
  visit(data);
  return found;
}

async function seed(): Promise<void> {
  const file = process.env.AFYA_DEMO_DATA;
  if (!file) throw new Error('AFYA_DEMO_DATA is not set');
  const options = serviceDataSourceOptions(authDatabase) as DataSourceOptions & { url: string; schema: string };
  await ensureSchema(options.url, options.schema);
  const dataSource = await new DataSource({ ...options, migrationsRun: true }).initialize();
  try {
    const seeded = [];
    for (const demo of demoUsers(JSON.parse(readFileSync(file, 'utf8')))) {
      const email = normalizeEmail(demo.email);
      let user = await dataSource.manager.findOne(UserEntity, { where: { email, deletedAt: IsNull() } });
      if (!user) {
        const passwordHash = await hashPassword(demo.password);
        user = await dataSource.transaction(async (manager) => {
          const created = manager.create(UserEntity, {
            firstname: demo.firstname,
            lastname: demo.lastname,
            email,
            passwordHash,
            role: demo.role ?? 'user',
            status: 'active',
            contactPhone: demo.contact_phone ?? null,
            address: demo.address ?? null,
            mustChangePassword: false,
          });
          await manager.save(created);
          await recordUserEvent(manager, AuthEvents.registered, created);
          return created;
        });
      }
      seeded.push(toSessionUser(user));
    }
    process.stdout.write(`${JSON.stringify({ users: seeded })}\n`);
    logger.info({ users: seeded.length }, `seeded ${seeded.length} demo users`);
  } finally {
    await dataSource.destroy();
  }
}

seed().catch((error: Error) => {
  logger.error({ err: error }, `auth seed failed: ${error.message}`);
  process.exit(1);
});
