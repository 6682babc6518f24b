import { Client } from 'pg';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { appointmentDatabase, installOfferExpiryQueue } from '@afya/appointment-service/src/appointment.database';
import { authDatabase } from '@afya/auth-service/src/auth.database';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { readiness, runMigrations, schemaFor, serviceRoles, serviceRoleStatements } from '@afya/service-shared';
import { eventually } from '@afya/service-shared/testing';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { booking, createDoctor } from '../appointments/support';

jest.setTimeout(60_000);

/** DATABASE_URL (the test PostgreSQL's trust-auth superuser) with another role's name. */
function urlAs(role: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.username = role;
  url.password = '';
  return url.toString();
}

/**
 * The appointment service as k8s runs it: its schema provisioned for two roles (roles.ts), migrated by the
 * migrator (the migration Job), and the service itself connected as the runtime role with DB_MIGRATE_ON_START=false.
 */
describe('appointment service running as its runtime role (no DDL rights), end to end through the gateway', () => {
  const schema = schemaFor('appointment');
  const roles = serviceRoles('appointment', process.env.AFYA_SCHEMA_SUFFIX);
  let admin: Client;
  let platform: TestPlatform;

  beforeAll(async () => {
    admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    for (const statement of serviceRoleStatements(schema, roles)) await admin.query(statement);
    // the migration Jobs: auth as the test superuser (not under test here), appointment as its migrator
    await runMigrations(authDatabase);
    await runMigrations(appointmentDatabase, urlAs(roles.migrator));
    // the migration Job's second step (services/appointment/src/migrate.ts): the waitlist's job queue, as the migrator
    process.env.APPOINTMENT_DATABASE_URL = urlAs(roles.migrator);
    await installOfferExpiryQueue();
    process.env.DB_MIGRATE_ON_START = 'false';
    process.env.APPOINTMENT_DATABASE_URL = urlAs(roles.runtime);
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
  });

  afterAll(async () => {
    await platform?.close();
    for (const role of [roles.runtime, roles.migrator]) {
      await admin.query(`DROP OWNED BY "${role}" CASCADE`);
      await admin.query(`DROP ROLE "${role}"`);
    }
    await admin.end();
  });

  it('is ready (database answers, every migration applied) and books an appointment as the runtime role', async () => {
    // what the ops port's /health/ready reports for this process: both services' checks and the gateway's
    const report = await eventually(async () => {
      const current = await readiness();
      expect(current.checks).toMatchObject({
        [`database:${schema}`]: 'ok',
        [`migrations:${schema}`]: 'ok',
        'nats:afya-appointment': 'ok',
        'nats:afya-auth': 'ok',
        gateway: 'ok',
      });
      return current;
    });
    // not marked started: startTestPlatform is not runService/main.ts, which flip it once listening
    expect(report.status).toBe('starting');

    const { token } = await createAdmin(platform);
    const doctor = await createDoctor(platform, token, { fee: 2500 });
    const patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    const booked = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { time_slot: '09:00 AM' }) });
    expect(booked.status).toBe(201);
    // an update and the audit trail's insert in one transaction
    const cancelled = await platform.api('PATCH', `/appointments/${booked.body.appointment.appointment_id}/status`, { token: patient.token, body: { status: 'Cancelled' } });
    expect([cancelled.status, cancelled.body.appointment?.appointment_status]).toEqual([200, 'Cancelled']);

    // the tables belong to the migrator; the pool the service used is the runtime role's
    const { rows: owners } = await admin.query(`SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = $1`, [schema]);
    expect(owners).toEqual([{ tableowner: roles.migrator }]);
    const { rows: sessions } = await admin.query(`SELECT DISTINCT usename FROM pg_stat_activity WHERE usename IN ($1, $2)`, [roles.runtime, roles.migrator]);
    expect(sessions).toEqual([{ usename: roles.runtime }]);
  });

  it('the runtime role cannot change the schema: CREATE, ALTER, DROP and TRUNCATE are refused', async () => {
    const runtime = new Client({ connectionString: urlAs(roles.runtime) });
    await runtime.connect();
    try {
      await runtime.query(`SET search_path TO "${schema}"`);
      const outcome = (sql: string) => runtime.query(sql).then(() => 'allowed', (error: { code?: string }) => error.code);
      expect({
        select: await outcome(`SELECT count(*) FROM appointments`),
        createTable: await outcome(`CREATE TABLE intruder (id int)`),
        alterTable: await outcome(`ALTER TABLE appointments ADD COLUMN intruder text`),
        dropTable: await outcome(`DROP TABLE appointments`),
        truncate: await outcome(`TRUNCATE appointments`),
      }).toEqual({ select: 'allowed', createTable: '42501', alterTable: '42501', dropTable: '42501', truncate: '42501' });
    } finally {
      await runtime.end();
    }
  });
});
