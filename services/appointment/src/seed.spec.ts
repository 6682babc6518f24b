import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ensureSchema, serviceDataSourceOptions } from '@afya/service-shared';
import { testInfrastructure, TestInfrastructure } from '@afya/service-shared/testing';
import { appointmentDatabase } from './appointment.database';
import { clinicToday } from '../contracts/booking-rules';
import { DemoDoctorFields, parseUsers, seedDemoData, SeededUser } from './seed';

describe('appointment seed input', () => {
  it("takes the auth seed's last {users:[...]} line, skipping log lines", () => {
    const input = [
      'auth: applied 0 migrations',
      '{"level":"info","msg":"not the users line"}',
      '{"users":[{"user_id":1,"email":"old@afya.test","role":"user","firstname":"A","lastname":"B"}]}',
      '{"users":[{"user_id":2,"email":"dr.wanjiku@afya.test","role":"doctor","firstname":"Grace","lastname":"Wanjiku"}]}',
      '',
    ].join('\n');
    expect(parseUsers(input)).toEqual([{ user_id: 2, email: 'dr.wanjiku@afya.test', role: 'doctor', firstname: 'Grace', lastname: 'Wanjiku' }]);
  });

  it('says what it expected when stdin has no users line', () => {
    expect(() => parseUsers('nothing here\n')).toThrow('expected the auth seed\'s {"users":[...]} line on stdin');
  });
});

describe('appointment seed (real PostgreSQL)', () => {
  let infra: TestInfrastructure;
  let dataSource: DataSource;
  const demo = (JSON.parse(readFileSync(join(__dirname, '../../../infra/local/demo-data.json'), 'utf8')) as { users: (DemoDoctorFields & SeededUser)[] }).users;
  // What the auth seed prints: the demo users with ids.
  const users: SeededUser[] = demo.map((u, i) => ({
    user_id: i + 1,
    email: u.email,
    role: u.role,
    firstname: u.firstname,
    lastname: u.lastname,
    status: 'active',
    contact_phone: u.contact_phone ?? null,
  }));

  beforeAll(async () => {
    infra = await testInfrastructure();
    const options = serviceDataSourceOptions(appointmentDatabase) as DataSourceOptions & { url: string; schema: string };
    await ensureSchema(options.url, options.schema);
    dataSource = await new DataSource({ ...options, migrationsRun: true }).initialize();
  }, 60_000);

  afterAll(async () => {
    await dataSource?.destroy();
    await infra?.cleanup();
  });

  it('approves the demo doctors, books the demo visits and a lab result once, and changes nothing on a second run', async () => {
    const first = await seedDemoData(dataSource, users, demo);
    expect(first).toEqual({ users: 15, doctors: 13, appointments: 4, labResults: 1 });
    const doctors = await dataSource.query(`SELECT approval_status, specialization, fee::float8 AS fee, available_days FROM doctors ORDER BY doctor_id`);
    expect(doctors).toHaveLength(13);
    expect(doctors[0]).toEqual({ approval_status: 'approved', specialization: 'Cardiology', fee: 3500, available_days: ['Monday', 'Wednesday', 'Friday'] });
    const visits = await dataSource.query(
      `SELECT appointment_date::text AS date, appointment_status AS status, diagnosis FROM appointments WHERE user_id = 2 ORDER BY starts_at`,
    );
    const today = clinicToday();
    expect(visits.filter((v: { date: string; status: string }) => v.date > today && v.status !== 'Completed')).toHaveLength(2);
    const past = visits.filter((v: { date: string }) => v.date < today);
    expect(past).toHaveLength(2);
    for (const visit of past) expect(visit).toMatchObject({ status: 'Completed', diagnosis: expect.any(String) });
    expect(await dataSource.query(`SELECT 1 FROM lab_results`)).toHaveLength(1);

    // A doctor edits their fee; the next seed run leaves it alone and adds nothing.
    await dataSource.query(`UPDATE doctors SET fee = 4200 WHERE user_id = 3`);
    expect(await seedDemoData(dataSource, users, demo)).toEqual({ users: 15, doctors: 13, appointments: 0, labResults: 0 });
    expect(await dataSource.query(`SELECT fee::float8 AS fee FROM doctors WHERE user_id = 3`)).toEqual([{ fee: 4200 }]);
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM appointments`)).toEqual([{ n: 4 }]);
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM outbox WHERE type = 'appointment.doctor.approved.v1'`)).toEqual([{ n: 13 }]);
  });
});
