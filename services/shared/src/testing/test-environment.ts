import { randomBytes } from 'node:crypto';

/**
 * jest setupFiles for backend projects: every test file gets its own bus namespace and schema suffix,
 * so files running in parallel against one PostgreSQL and one NATS never see each other's data or
 * requests. Runs before the test file imports any contract (subjects are computed at import).
 */
const testId = `t${randomBytes(4).toString('hex')}`;
process.env.AFYA_BUS = testId;
process.env.AFYA_SCHEMA_SUFFIX = testId;
process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
process.env.NATS_URL ||= 'nats://127.0.0.1:4222';
process.env.DB_MIGRATE_ON_START = 'true';
process.env.LOG_LEVEL ||= 'error';
