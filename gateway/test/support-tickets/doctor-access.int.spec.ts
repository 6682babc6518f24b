import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PrescriptionModule } from '@afya/prescription-service/src/prescription.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { bookAs, createDoctor, openClinicDate, sql, TestDoctor } from '../appointments/support';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

type Session = Awaited<ReturnType<typeof signUpAndIn>>;

jest.setTimeout(120_000);

interface LogEntry {
  actor_name: string | null;
  actor_role: string;
  action: string;
  record: string;
  outcome: string;
}

/**
 * Issue 22 item 4, support: a doctor sees only a patient's tickets linked (related_appointment_id) to an appointment
 * with them, within the care relationship; every doctor read of a ticket, and every refused attempt, lands in the
 * patient's access log. Before, one booking (even unpaid) showed the doctor every ticket of the patient, unlogged.
 */
describe('a doctor’s view of patients’ tickets (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let patient: Session;
  let appointmentId: number;
  let linked: number;
  let unlinked: number;

  const supportHas = (status: string) =>
    eventually(async () => {
      const [row] = await sql('support', `SELECT appointment_status FROM appointment_directory WHERE appointment_id = $1`, [appointmentId]);
      if (row?.appointment_status !== status) throw new Error(`support read model: ${row?.appointment_status}`);
    }, 15000);
  const doctorList = async () => ((await platform.api('GET', '/support/doctor', { token: doctor.token })).body as { complaint_id: number }[]).map((t) => t.complaint_id);
  const ticketEntries = async () =>
    ((await platform.api('GET', '/medical-history/access-log?limit=100', { token: patient.token })).body.entries as LogEntry[]).filter((e) =>
      e.record.startsWith('Support ticket'),
    );

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule, support: SupportModule, prescription: PrescriptionModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    patient = await signUpAndIn(platform, { firstname: 'Njeri', lastname: 'Kamau' });
    appointmentId = (await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '09:30 AM' })).appointment_id;
    await supportHas('Pending');
    const create = async (body: Record<string, unknown>) => {
      const r = await platform.api('POST', '/support', { token: patient.token, body });
      expect(r.status).toBe(201);
      return r.body.complaint.complaint_id as number;
    };
    linked = await create({ subject: 'Dose question', description: 'How many tablets a day?', related_appointment_id: appointmentId });
    unlinked = await create({ subject: 'Billing', description: 'I was charged twice for another visit.' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('a Pending (unpaid) booking shows the doctor nothing, and the refused attempt is in the patient’s log', async () => {
    expect(await doctorList()).toEqual([]);
    expect((await platform.api('GET', `/support/${linked}`, { token: doctor.token })).status).toBe(404);
    const entries = await eventually(async () => {
      const found = (await ticketEntries()).filter((e) => e.outcome === 'denied');
      if (!found.length) throw new Error('no denied entry yet');
      return found;
    }, 15000);
    expect(entries[0]).toMatchObject({ actor_name: 'Grace Wanjiku', actor_role: 'doctor', record: `Support ticket #${linked}` });
  });

  it('once Confirmed, the doctor sees only the ticket linked to their appointment, and each read is logged', async () => {
    expect((await platform.api('PATCH', `/appointments/${appointmentId}/override`, { token: admin.token, body: { status: 'Confirmed' } })).status).toBe(200);
    await supportHas('Confirmed');
    expect(await doctorList()).toEqual([linked]);
    expect((await platform.api('GET', `/support/${linked}`, { token: doctor.token })).status).toBe(200);
    expect((await platform.api('GET', `/support/${linked}/messages`, { token: doctor.token })).status).toBe(200);
    expect((await platform.api('GET', `/support/${unlinked}`, { token: doctor.token })).status).toBe(404);
    await eventually(async () => {
      const reads = (await ticketEntries()).filter((e) => e.outcome === 'success' && e.record === `Support ticket #${linked}`);
      // the list, the ticket, its conversation
      expect(reads).toHaveLength(3);
      expect(reads[0]).toMatchObject({ actor_name: 'Grace Wanjiku', actor_role: 'doctor', action: 'viewed' });
    }, 15000);
  });

  it('a cancelled visit closes the tickets again', async () => {
    expect((await platform.api('PATCH', `/appointments/${appointmentId}/override`, { token: admin.token, body: { status: 'Cancelled' } })).status).toBe(200);
    await supportHas('Cancelled');
    expect(await doctorList()).toEqual([]);
    expect((await platform.api('GET', `/support/${linked}`, { token: doctor.token })).status).toBe(404);
  });
});
