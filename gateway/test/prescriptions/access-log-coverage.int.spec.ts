import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PrescriptionModule } from '@afya/prescription-service/src/prescription.module';
import { ReportingModule } from '@afya/reporting-service/src/reporting.module';
import { eventually } from '@afya/service-shared/testing';
import { bookAs, createDoctor, openClinicDate, TestDoctor } from '../appointments/support';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

type Session = Awaited<ReturnType<typeof signUpAndIn>>;

jest.setTimeout(120_000);

interface LogEntry {
  actor_user_id: number;
  actor_name: string | null;
  actor_role: string;
  action: string;
  record: string;
  outcome: string;
  via: string | null;
}

const medicines = [{ name: 'Salbutamol', dosage: '100mcg', frequency: 'As needed', instructions: 'Two puffs' }];

/**
 * Issue 22 item 5: the patient's access log (Medical history → "Who viewed my records") also shows refused attempts
 * on their records, admins' CSV exports that hold their rows, and reads a service made for someone, naming both.
 */
describe('the patient’s access log shows refusals, CSV exports and services acting for someone (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let stranger: TestDoctor;
  let patient: Session;
  let appointmentId: number;
  let prescriptionId: number;

  const entries = async (): Promise<LogEntry[]> => (await platform.api('GET', '/medical-history/access-log?limit=100', { token: patient.token })).body.entries;
  const waitForEntry = (match: (e: LogEntry) => boolean) =>
    eventually(async () => {
      const found = (await entries()).find(match);
      if (!found) throw new Error('not in the access log yet');
      return found;
    }, 15000);

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule, prescription: PrescriptionModule, reporting: ReportingModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    stranger = await createDoctor(platform, admin.token, { firstname: 'Ibrahim', lastname: 'Abdi' });
    patient = await signUpAndIn(platform, { firstname: 'Auma', lastname: 'Otieno' });
    appointmentId = (await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(2), time_slot: '09:00 AM' })).appointment_id;
    expect((await platform.api('PATCH', `/appointments/${appointmentId}/override`, { token: admin.token, body: { status: 'Completed' } })).status).toBe(200);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('names the service that read the appointment for the doctor writing a prescription, and the doctor', async () => {
    const written = await platform.api('POST', '/prescriptions', { token: doctor.token, body: { appointment_id: appointmentId, medicines } });
    expect(written.status).toBe(201);
    prescriptionId = written.body.prescription.prescription_id;
    const entry = await waitForEntry((e) => e.via === 'prescription');
    expect(entry).toMatchObject({ actor_name: 'Grace Wanjiku', actor_role: 'doctor', record: `Appointment #${appointmentId}`, outcome: 'success' });
  });

  it('lists refused attempts: another doctor’s tries at the prescription, its PDF and the history', async () => {
    expect((await platform.api('GET', `/prescriptions/${prescriptionId}`, { token: stranger.token })).status).toBe(404);
    expect((await platform.api('GET', `/prescriptions/${prescriptionId}/pdf`, { token: stranger.token })).status).toBe(404);
    expect((await platform.api('GET', `/medical-history/user/${patient.user.user_id}`, { token: stranger.token })).status).toBe(404);
    const refused = (await entries()).filter((e) => e.actor_user_id === stranger.userId);
    expect(refused.map((e) => [e.record, e.outcome])).toEqual(
      expect.arrayContaining([
        ['Medical history', 'denied'],
        [expect.stringMatching(/^Prescription RX-/), 'denied'],
      ]),
    );
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({ actor_name: 'Ibrahim Abdi', actor_role: 'doctor' });
  });

  it('lists an admin’s CSV export that holds the patient’s rows, and not one that does not', async () => {
    // The reporting read model must have the appointment before the export holds it.
    await eventually(async () => {
      const response = await platform.api('GET', `/admin/reports/appointments.csv?from=${openClinicDate(2)}&to=${openClinicDate(2)}`, { token: admin.token });
      expect(String(response.body)).toContain(`${appointmentId},Auma Otieno`);
    }, 15000);
    const entry = await waitForEntry((e) => e.record.startsWith('CSV export'));
    expect(entry).toMatchObject({ actor_user_id: admin.user.user_id, actor_role: 'admin', action: 'downloaded', record: `CSV export: Appointments report (${openClinicDate(2)} to ${openClinicDate(2)})` });
    const before = (await entries()).filter((e) => e.record.startsWith('CSV export')).length;
    const other = await platform.api('GET', `/admin/reports/appointments.csv?from=${openClinicDate(9)}&to=${openClinicDate(9)}`, { token: admin.token });
    expect(other.status).toBe(200);
    // A later event lands (the doctor reads the history), so the consumer has passed the second export's event.
    await platform.api('GET', `/medical-history/user/${patient.user.user_id}`, { token: doctor.token });
    await waitForEntry((e) => e.actor_user_id === doctor.userId && e.record === 'Medical history');
    expect((await entries()).filter((e) => e.record.startsWith('CSV export'))).toHaveLength(before);
  });
});
