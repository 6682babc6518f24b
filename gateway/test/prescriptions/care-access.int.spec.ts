import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PrescriptionModule } from '@afya/prescription-service/src/prescription.module';
import { eventually } from '@afya/service-shared/testing';
import { bookAs, createDoctor, openClinicDate, sql, TestDoctor } from '../appointments/support';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

type Session = Awaited<ReturnType<typeof signUpAndIn>>;

jest.setTimeout(120_000);

const medicines = [{ name: 'Metformin', dosage: '500mg', frequency: 'Twice daily', instructions: 'With meals' }];

/**
 * Issue 22 item 4: a doctor reads a patient's records (other doctors' prescriptions and their PDFs, the medical
 * history) only within a care relationship: a Confirmed or Completed visit, from 7 days before it to 90 days after
 * the last completed one. Before, one booking (even cancelled at once, never paid) opened everything for good.
 */
describe('doctor access to a patient’s records needs a care relationship (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let treating: TestDoctor;
  let assessor: TestDoctor;
  let later: TestDoctor;
  let former: TestDoctor;
  let patient: Session;
  let prescriptionId: number;

  const reads = async (doctor: TestDoctor) => ({
    prescription: (await platform.api('GET', `/prescriptions/${prescriptionId}`, { token: doctor.token })).status,
    pdf: (await platform.api('GET', `/prescriptions/${prescriptionId}/pdf`, { token: doctor.token })).status,
    history: (await platform.api('GET', `/medical-history/user/${patient.user.user_id}`, { token: doctor.token })).status,
    listed: ((await platform.api('GET', '/prescriptions', { token: doctor.token })).body as { prescription_id: number }[]).some(
      (p) => p.prescription_id === prescriptionId,
    ),
  });
  const denied = { prescription: 404, pdf: 404, history: 404, listed: false };
  const allowed = { prescription: 200, pdf: 200, history: 200, listed: true };

  /** The prescription service's read model has the appointment in this state (events are applied asynchronously). */
  const readModelHas = (appointmentId: number, status: string) =>
    eventually(async () => {
      const [row] = await sql('prescription', `SELECT appointment_status FROM appointments WHERE appointment_id = $1`, [appointmentId]);
      if (row?.appointment_status !== status) throw new Error(`read model: ${row?.appointment_status}`);
    }, 15000);
  const override = async (appointmentId: number, status: string) => {
    const r = await platform.api('PATCH', `/appointments/${appointmentId}/override`, { token: admin.token, body: { status } });
    expect(r.status).toBe(200);
    await readModelHas(appointmentId, status);
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule, prescription: PrescriptionModule });
    admin = await createAdmin(platform);
    treating = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    assessor = await createDoctor(platform, admin.token, { firstname: 'Ibrahim', lastname: 'Abdi' });
    later = await createDoctor(platform, admin.token, { firstname: 'Lydia', lastname: 'Mwangi' });
    former = await createDoctor(platform, admin.token, { firstname: 'Otieno', lastname: 'Okoth' });
    patient = await signUpAndIn(platform, { firstname: 'Wambui', lastname: 'Kariuki' });
    const visit = await bookAs(platform, patient.token, treating.doctorId, { appointment_date: openClinicDate(2), time_slot: '09:00 AM' });
    await override(visit.appointment_id, 'Completed');
    const written = await platform.api('POST', '/prescriptions', { token: treating.token, body: { appointment_id: visit.appointment_id, medicines } });
    expect(written.status).toBe(201);
    prescriptionId = written.body.prescription.prescription_id;
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('a booking cancelled at once gives nothing: another doctor’s prescription, its PDF, the history and the list stay closed', async () => {
    const booked = await bookAs(platform, patient.token, assessor.doctorId, { appointment_date: openClinicDate(3), time_slot: '10:00 AM' });
    const cancelled = await platform.api('PATCH', `/appointments/${booked.appointment_id}/status`, { token: patient.token, body: { status: 'Cancelled' } });
    expect(cancelled.status).toBe(200);
    await readModelHas(booked.appointment_id, 'Cancelled');
    expect(await reads(assessor)).toEqual(denied);
  });

  it('a Pending (unpaid) booking gives nothing; once Confirmed, 3 days ahead, the doctor reads everything', async () => {
    const pending = await bookAs(platform, patient.token, assessor.doctorId, { appointment_date: openClinicDate(3), time_slot: '11:00 AM' });
    await readModelHas(pending.appointment_id, 'Pending');
    expect(await reads(assessor)).toEqual(denied);
    await override(pending.appointment_id, 'Confirmed');
    expect(await reads(assessor)).toEqual(allowed);
  });

  it('a Confirmed visit more than 7 days ahead does not open the records yet', async () => {
    const ahead = await bookAs(platform, patient.token, later.doctorId, { appointment_date: openClinicDate(20), time_slot: '09:00 AM' });
    await override(ahead.appointment_id, 'Confirmed');
    expect(await reads(later)).toEqual(denied);
  });

  it('a Completed visit opens them for 90 days after it, and no longer', async () => {
    const visit = await bookAs(platform, patient.token, former.doctorId, { appointment_date: openClinicDate(4), time_slot: '09:00 AM' });
    await override(visit.appointment_id, 'Completed');
    // Time passes: the visit was 80 days ago, then 100 days ago (the read model is where the prescription service looks).
    // (Its start too: starts_at, which the events carry, is what the care relationship counts from.)
    const movedBack = (days: number) =>
      sql(
        'prescription',
        `UPDATE appointments SET appointment_date = CURRENT_DATE - $2::int, starts_at = (CURRENT_DATE - $2::int + time_slot::time) AT TIME ZONE 'Africa/Nairobi' WHERE appointment_id = $1`,
        [visit.appointment_id, days],
      );
    await movedBack(80);
    expect(await reads(former)).toEqual(allowed);
    await movedBack(100);
    expect(await reads(former)).toEqual(denied);
  });

  it('the issuing doctor still reads the prescription they wrote; the patient and admins are unaffected', async () => {
    expect((await platform.api('GET', `/prescriptions/${prescriptionId}`, { token: treating.token })).status).toBe(200);
    expect((await platform.api('GET', `/prescriptions/${prescriptionId}`, { token: patient.token })).status).toBe(200);
    expect((await platform.api('GET', `/prescriptions/${prescriptionId}`, { token: admin.token })).status).toBe(200);
  });
});
