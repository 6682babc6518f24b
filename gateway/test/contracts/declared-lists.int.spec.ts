import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { bookAs, createDoctor, openClinicDate, sql } from '../appointments/support';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

jest.setTimeout(60_000);

/**
 * Decision 0102: a declared list whose service answers rows (RowsPage) leaves as the bare array through Fastify's
 * serialization, so the reply-language hook still marks it (Vary, Content-Language), with X-Total-Count and Link
 * from the service's total; a list answered whole has no Link; a 'counted' list (the delivery log) X-Total-Count only.
 */
describe('declared lists answered as rows', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;
  let ticketId: number;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule, support: SupportModule });
    admin = await createAdmin(platform);
    const doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '09:30 AM' });
    for (const subject of ['One', 'Two', 'Three']) {
      ticketId = (await platform.api('POST', '/support', { token: patient.token, body: { subject, description: 'x' } })).body.complaint.complaint_id;
    }
    for (const message of ['a', 'b', 'c']) await platform.api('POST', `/support/${ticketId}/messages`, { token: patient.token, body: { message } });
  });
  afterAll(() => platform?.close());

  it('a page: the bare array, its total and neighbours, marked by the reply-language hook', async () => {
    const page = await platform.api('GET', '/support?limit=1&offset=1', { token: patient.token, headers: { 'accept-language': 'sw' } });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(1);
    expect(page.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(page.headers.get('x-total-count')).toBe('3');
    expect(page.headers.get('link')).toBe('</api/support?limit=1&offset=2>; rel="next", </api/support?limit=1&offset=0>; rel="prev"');
    expect(page.headers.get('vary')).toMatch(/accept-language/i);
    expect(page.headers.get('content-language')).toBe('sw');
  });

  it('a list answered whole: every row, X-Total-Count, no Link whatever the query says', async () => {
    const conversation = await platform.api('GET', `/support/${ticketId}/messages?limit=1`, { token: patient.token });
    expect(conversation.body.map((m: { message: string }) => m.message)).toEqual(['a', 'b', 'c']);
    expect(conversation.headers.get('x-total-count')).toBe('3');
    expect(conversation.headers.get('link')).toBeNull();
  });

  it('a counted list (the delivery log, paged by page number): X-Total-Count only', async () => {
    await eventually(async () => {
      const [{ count }] = await sql('support', `SELECT count(*)::int AS count FROM deliveries`, []);
      if (count < 2) throw new Error('not yet');
    }, 20_000);
    const log = await platform.api('GET', '/admin/deliveries?page=1&limit=1', { token: admin.token });
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(1);
    expect(Number(log.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    expect(log.headers.get('link')).toBeNull();
  });
});
