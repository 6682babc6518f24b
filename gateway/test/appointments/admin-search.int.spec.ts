import { Client } from 'pg';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { schemaFor } from '@afya/service-shared';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { createDoctor, TestDoctor } from './support';

jest.setTimeout(90_000);

interface AdminPage {
  appointments: { appointment_id: number; user_id: number; created_at: string }[];
  total: number;
  totalIsEstimate: boolean;
}

const SLOTS = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM', '05:00 PM', '05:30 PM'];

/**
 * The admin search's two shapes and its totals, through the gateway, on appointments written straight into the
 * service's tables (bulk SQL, as the scale bench seeds them): few matches are read through the patient and doctor
 * indexes and counted exactly; more than 2,000 are found by walking the list's index, their total exact while the
 * name matches up to 1,000 people and estimated beyond.
 */
describe('admin appointment search: rare and common names (real PostgreSQL and NATS)', () => {
  let platform: TestPlatform;
  let sql: Client;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctors: TestDoctor[];
  const schema = schemaFor('appointment');

  const page = async (query: string): Promise<AdminPage> => {
    const response = await platform.api('GET', `/admin/appointments?${query}`, { token: admin.token });
    expect(response.status).toBe(200);
    return response.body;
  };
  const count = async (where: string) => Number((await sql.query(`SELECT count(*) AS n FROM "${schema}".appointments a WHERE ${where}`)).rows[0].n);
  const newestIds = async (where: string, limit: number, offset = 0) =>
    (await sql.query(`SELECT appointment_id FROM "${schema}".appointments a WHERE ${where} ORDER BY created_at DESC, appointment_id DESC LIMIT ${limit} OFFSET ${offset}`)).rows.map((r) => r.appointment_id);

  /** `people` patients named `firstname <lastname>` (ids from `firstId`), `each` appointments apiece, slots from `day0`. */
  async function seedPatients(lastname: string, firstId: number, people: number, each: number, day0: number, doctorIds: number[]) {
    await sql.query(
      `INSERT INTO "${schema}".user_directory (user_id, firstname, lastname, email, role, status, deleted, updated_at)
       SELECT $1::int + i, 'Seeded', $2, 'seeded' || ($1::int + i) || '@search.afya.test', 'user', 'active', false, now() FROM generate_series(0, $3::int - 1) i`,
      [firstId, lastname, people],
    );
    // Appointment n of the group takes slot n among doctor × day × slot, so no active slot is taken twice.
    await sql.query(
      `INSERT INTO "${schema}".appointments (user_id, doctor_id, appointment_date, time_slot, starts_at, appointment_type, total_amount, appointment_status, created_at)
       SELECT $1::int + (n / $3::int), d.doctors[1 + n % cardinality(d.doctors)], day, slot.label, day + time '09:00', 'Consultation', 200,
              CASE WHEN n % 3 = 0 THEN 'Completed' ELSE 'Pending' END, now() - make_interval(secs => (n + $1::int)::float8)
         FROM generate_series(0, $2::int * $3::int - 1) n,
              LATERAL (SELECT $4::int[] AS doctors) d,
              LATERAL (SELECT (current_date - 400 + $5::int + (n / cardinality(d.doctors)) / ${SLOTS.length})::date AS day) days,
              LATERAL (SELECT ($6::text[])[1 + (n / cardinality(d.doctors)) % ${SLOTS.length}] AS label) slot`,
      [firstId, people, each, doctorIds, day0, SLOTS],
    );
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
    admin = await createAdmin(platform);
    doctors = [
      await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' }),
      await createDoctor(platform, admin.token, { firstname: 'Amina', lastname: 'Mutua' }),
      await createDoctor(platform, admin.token, { firstname: 'Baraka', lastname: 'Kiptoo' }),
    ];
    sql = new Client({ connectionString: process.env.DATABASE_URL });
    await sql.connect();
    const [wanjiku, , kiptoo] = doctors.map((d) => d.doctorId);
    await seedPatients('Mutua', 900_000, 300, 8, 0, [wanjiku, kiptoo]); // 2,400 appointments: a common name
    await seedPatients('Ochieng', 910_000, 3, 4, 200, [wanjiku]); // 12: a rare one
    await seedPatients('Nobody', 920_000, 2, 0, 0, [wanjiku]); // patients without appointments
    await seedPatients('Wide', 930_000, 1_100, 2, 250, [wanjiku, kiptoo]); // 2,200 appointments of 1,100 people
    await sql.query(`ANALYZE "${schema}".appointments`);
  });

  afterAll(async () => {
    await sql?.end();
    await platform?.close();
  });

  it('a rare name: its appointments, newest first, counted exactly', async () => {
    const where = `a.user_id BETWEEN 910000 AND 910002`;
    const result = await page('search=Ochieng&limit=5');
    expect(result).toMatchObject({ total: 12, totalIsEstimate: false });
    expect(result.appointments.map((a) => a.appointment_id)).toEqual(await newestIds(where, 5));
    expect((await page('search=Ochieng&limit=5&page=3')).appointments.map((a) => a.appointment_id)).toEqual(await newestIds(where, 5, 10));
  });

  it('names with no appointments, and a doctor with none, find nothing (without reading every appointment)', async () => {
    expect(await page('search=Seeded Nobody')).toMatchObject({ total: 0, totalIsEstimate: false, appointments: [] });
    const newDoctor = await createDoctor(platform, admin.token, { firstname: 'Zawadi', lastname: 'Newcomer' });
    expect(newDoctor.doctorId).toBeGreaterThan(0);
    expect(await page('search=Dr. Zawadi Newcomer')).toMatchObject({ total: 0, appointments: [] });
  });

  it('a common name: a page found by walking the list, the total exact (patients and a doctor of that name, each appointment once)', async () => {
    const mutuaDoctor = doctors[1].doctorId;
    // Some appointments of Mutua patients with Dr. Mutua: counted once in the total.
    await seedPatients('Mutua', 940_000, 10, 3, 300, [mutuaDoctor]);
    const where = `(a.user_id BETWEEN 900000 AND 900299 OR a.user_id BETWEEN 940000 AND 940009 OR a.doctor_id = ${mutuaDoctor})`;
    const expected = await count(where);
    expect(expected).toBe(2_430);
    const first = await page('search=mutua&limit=20');
    expect(first).toMatchObject({ total: expected, totalIsEstimate: false });
    expect(first.appointments.map((a) => a.appointment_id)).toEqual(await newestIds(where, 20));
    const tenth = await page('search=mutua&limit=20&page=10');
    expect(tenth.appointments.map((a) => a.appointment_id)).toEqual(await newestIds(where, 20, 180));
  });

  it('a common name with a filter: the same rows PostgreSQL finds, the total counted exactly below 10,000', async () => {
    const where = `(a.user_id BETWEEN 900000 AND 900299 OR a.user_id BETWEEN 940000 AND 940009) AND a.appointment_status = 'Completed'`;
    const result = await page('search=Seeded Mutua&status=Completed&limit=10');
    expect(result).toMatchObject({ total: await count(where), totalIsEstimate: false });
    expect(result.appointments.map((a) => a.appointment_id)).toEqual(await newestIds(where, 10));
    // 1,100 people, fewer than 2,000 of them Pending: read through the indexes and counted exactly
    const wide = `a.user_id BETWEEN 930000 AND 931099 AND a.appointment_status = 'Pending'`;
    const pending = await page('search=Seeded Wide&status=Pending&limit=10&page=2');
    expect(pending).toMatchObject({ total: await count(wide), totalIsEstimate: false });
    expect(pending.appointments.map((a) => a.appointment_id)).toEqual(await newestIds(wide, 10, 10));
  });

  it('a name matching more than 1,000 people: a page, and a total flagged as an estimate near the real number', async () => {
    const where = `a.user_id BETWEEN 930000 AND 931099`;
    const result = await page('search=Seeded Wide&limit=20');
    expect(result.totalIsEstimate).toBe(true);
    const actual = await count(where);
    expect(actual).toBe(2_200);
    expect(result.total).toBeGreaterThan(2_000);
    // people × appointments per person in PostgreSQL's statistics: this table's average is 3.3, the Wides have 2
    expect(result.total / actual).toBeLessThan(2);
    expect(result.appointments.map((a) => a.appointment_id)).toEqual(await newestIds(where, 20));
  });

  it('a name with a date filter: the rows and total PostgreSQL finds, read through the indexes or walked', async () => {
    const mutua = `(a.user_id BETWEEN 900000 AND 900299 OR a.user_id BETWEEN 940000 AND 940009 OR a.doctor_id = ${doctors[1].doctorId})`;
    const [{ day }] = (await sql.query(`SELECT appointment_date::text AS day FROM "${schema}".appointments a WHERE ${mutua} ORDER BY appointment_date LIMIT 1 OFFSET 500`)).rows;
    // one day: few, read through the patient and doctor indexes
    const onDay = `${mutua} AND a.appointment_date = '${day}'`;
    const dayPage = await page(`search=mutua&date=${day}&limit=5`);
    expect(await count(onDay)).toBeGreaterThan(5);
    expect(dayPage).toMatchObject({ total: await count(onDay), totalIsEstimate: false });
    expect(dayPage.appointments.map((a) => a.appointment_id)).toEqual(await newestIds(onDay, 5));
    // past: more than 2,000, walked, counted exactly; upcoming: none
    const past = `${mutua} AND a.appointment_date < (now() AT TIME ZONE 'Africa/Nairobi')::date`;
    expect(await count(past)).toBe(2_430);
    const pastPage = await page('search=mutua&date=past&limit=20&page=3');
    expect(pastPage).toMatchObject({ total: 2_430, totalIsEstimate: false });
    expect(pastPage.appointments.map((a) => a.appointment_id)).toEqual(await newestIds(past, 20, 40));
    expect(await page('search=mutua&date=upcoming')).toMatchObject({ total: 0, totalIsEstimate: false, appointments: [] });
    // 1,100 people, all their appointments past: walked, the total an estimate
    const wide = `a.user_id BETWEEN 930000 AND 931099`;
    const widePast = await page('search=Seeded Wide&date=past&limit=20');
    expect(widePast.totalIsEstimate).toBe(true);
    expect(widePast.total).toBeGreaterThan(2_000);
    expect(widePast.appointments.map((a) => a.appointment_id)).toEqual(await newestIds(wide, 20));
  });

  it('an appointment number finds that appointment', async () => {
    const [id] = await newestIds('a.user_id = 910001', 1);
    const result = await page(`search=%23${id}`);
    expect(result).toMatchObject({ total: 1, totalIsEstimate: false });
    expect(result.appointments.map((a) => a.appointment_id)).toEqual([id]);
  });
});
