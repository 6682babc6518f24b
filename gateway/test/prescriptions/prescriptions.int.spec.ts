import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PrescriptionModule } from '@afya/prescription-service/src/prescription.module';
import { pdfText } from '@afya/service-shared';
import { eventually } from '@afya/service-shared/testing';
import { bookAs, clinicDate, createDoctor, openClinicDate, sql, TestDoctor } from '../appointments/support';
import { createAdmin } from '../support/admin';
import { storedEvents } from '../support/event-stream';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

type Session = Awaited<ReturnType<typeof signUpAndIn>>;

jest.setTimeout(90_000);

const medicines = [{ name: 'Amoxicillin', dosage: '500mg', frequency: 'Three times daily', instructions: 'After meals for 7 days' }];

describe('prescriptions, medical history and the access log (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let otherDoctor: TestDoctor;
  let patient: Session;
  let otherPatient: Session;
  let visit: { appointment_id: number };
  let otherVisit: { appointment_id: number };
  let cancelled: { appointment_id: number };
  let prescriptionId: number;

  const accessLog = async (token: string, query = '') => (await platform.api('GET', `/medical-history/access-log${query}`, { token })).body;
  const logCount = async () => (await accessLog(patient.token)).total as number;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule, prescription: PrescriptionModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    otherDoctor = await createDoctor(platform, admin.token, { firstname: 'Ibrahim', lastname: 'Abdi' });
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    otherPatient = await signUpAndIn(platform, { firstname: 'Kamau', lastname: 'Njoroge' });
    visit = await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '09:00 AM' });
    otherVisit = await bookAs(platform, otherPatient.token, otherDoctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '09:00 AM' });
    cancelled = await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(4), time_slot: '10:00 AM' });
    for (const [id, status] of [
      [visit.appointment_id, 'Completed'],
      [otherVisit.appointment_id, 'Completed'],
      [cancelled.appointment_id, 'Cancelled'],
    ] as const) {
      const r = await platform.api('PATCH', `/appointments/${id}/override`, { token: admin.token, body: { status } });
      expect(r.status).toBe(200);
    }
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('a doctor cannot write for another doctor’s appointment (404) nor a cancelled one (400); a patient cannot write (403)', async () => {
    const foreign = await platform.api('POST', '/prescriptions', { token: doctor.token, body: { appointment_id: otherVisit.appointment_id, medicines } });
    expect(foreign.status).toBe(404);
    const onCancelled = await platform.api('POST', '/prescriptions', { token: doctor.token, body: { appointment_id: cancelled.appointment_id, medicines } });
    expect(onCancelled.status).toBe(400);
    expect(onCancelled.body.message).toBe('A prescription cannot be written for a cancelled appointment.');
    expect((await platform.api('POST', '/prescriptions', { token: patient.token, body: { appointment_id: visit.appointment_id, medicines } })).status).toBe(403);
  });

  it('Write Prescription lists only visits that can have one (started or completed); a future booking is neither listed nor writable', async () => {
    const future = await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(5), time_slot: '11:00 AM' });
    const thirdPatient = await signUpAndIn(platform, { firstname: 'Halima', lastname: 'Said' });
    const started = await bookAs(platform, thirdPatient.token, otherDoctor.doctorId, { appointment_date: openClinicDate(5), time_slot: '11:30 AM' });
    // The visit took place yesterday and is still Pending (set up through SQL in both schemas: no route books in the past).
    await sql('appointment', `UPDATE appointments SET appointment_date = $2, starts_at = now() - interval '1 day' WHERE appointment_id = $1`, [started.appointment_id, clinicDate(-1)]);
    await eventually(async () => expect(await sql('prescription', `SELECT 1 FROM appointments WHERE appointment_id = $1`, [started.appointment_id])).toHaveLength(1), 10_000);
    await sql('prescription', `UPDATE appointments SET appointment_date = $2, starts_at = now() - interval '1 day' WHERE appointment_id = $1`, [started.appointment_id, clinicDate(-1)]);
    await eventually(async () => expect(await sql('prescription', `SELECT 1 FROM appointments WHERE appointment_id = $1`, [future.appointment_id])).toHaveLength(1), 10_000);

    const writable = async (who: TestDoctor) => {
      const listed = await platform.api('GET', '/prescriptions/writable-appointments', { token: who.token });
      expect(listed.status).toBe(200);
      return listed.body.appointments.map((a: { appointment_id: number }) => a.appointment_id);
    };
    expect(await writable(doctor)).toEqual([visit.appointment_id]); // not the future one, not the cancelled one
    expect(await writable(otherDoctor)).toEqual(expect.arrayContaining([otherVisit.appointment_id, started.appointment_id]));

    const early = await platform.api('POST', '/prescriptions', { token: doctor.token, body: { appointment_id: future.appointment_id, medicines } });
    expect(early).toMatchObject({ status: 400, body: { message: 'A prescription can be written once the visit has started.' } });
    expect(await sql('prescription', `SELECT 1 FROM prescriptions WHERE appointment_id = $1`, [future.appointment_id])).toHaveLength(0);
    const written = await platform.api('POST', '/prescriptions', { token: otherDoctor.token, body: { appointment_id: started.appointment_id, medicines } });
    expect(written.status).toBe(201);

    // The same patient also sees the first doctor: each doctor's history of them says which records they may edit.
    // (Confirmed: a doctor reads a patient's history only within a care relationship, which a Pending booking is not;
    // and from 7 days before the visit: the 4th open day is at most 6 days ahead.)
    const mine = await bookAs(platform, thirdPatient.token, doctor.doctorId, { appointment_date: openClinicDate(4), time_slot: '09:30 AM' });
    expect((await platform.api('PATCH', `/appointments/${mine.appointment_id}/override`, { token: admin.token, body: { status: 'Confirmed' } })).status).toBe(200);
    await eventually(
      async () => expect(await sql('prescription', `SELECT appointment_status FROM appointments WHERE appointment_id = $1`, [mine.appointment_id])).toEqual([{ appointment_status: 'Confirmed' }]),
      10_000,
    );
    const history = await platform.api('GET', `/medical-history/user/${thirdPatient.user.user_id}`, { token: doctor.token });
    expect(history.status).toBe(200);
    const editable = Object.fromEntries(history.body.records.map((r: { id: string; can_edit: boolean }) => [r.id, r.can_edit]));
    expect(editable).toEqual({ [`appt-${mine.appointment_id}`]: true, [`appt-${started.appointment_id}`]: false, [`presc-${written.body.prescription.prescription_id}`]: false });
    const refused = await platform.api('PATCH', `/medical-history/appt-${started.appointment_id}`, { token: doctor.token, body: { diagnosis: 'Not mine to write' } });
    expect(refused.status).toBe(404);
    const adminView = await platform.api('GET', `/medical-history/user/${thirdPatient.user.user_id}`, { token: admin.token });
    expect(adminView.body.records.filter((r: { can_edit: boolean }) => r.can_edit)).toHaveLength(2);
    const patientView = await platform.api('GET', '/medical-history/self', { token: thirdPatient.token });
    expect(patientView.body.records.some((r: { can_edit: boolean }) => r.can_edit)).toBe(false);
  });

  it.each([
    ['no medicines', []],
    ['a blank dosage', [{ ...medicines[0], dosage: '  ' }]],
    ['21 rows', Array.from({ length: 21 }, () => medicines[0])],
    ['broken JSON text', '[{"name"'],
  ])('refuses %s with 400 "Please fill all required fields."', async (_label, rows) => {
    const r = await platform.api('POST', '/prescriptions', { token: doctor.token, body: { appointment_id: visit.appointment_id, medicines: rows } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Please fill all required fields.');
  });

  it('writes one per appointment from a JSON string of medicines; patient and doctor come from the appointment, not the body; 409 on a second', async () => {
    const r = await platform.api('POST', '/prescriptions', {
      token: doctor.token,
      body: { appointment_id: visit.appointment_id, patient_id: otherPatient.user.user_id, doctor_id: 999, medicines: JSON.stringify(medicines), notes: ' Rest well ' },
    });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Prescription created successfully!');
    prescriptionId = r.body.prescription.prescription_id;
    expect(r.body.prescription).toMatchObject({
      appointment_id: visit.appointment_id,
      patient_id: patient.user.user_id,
      doctor_id: doctor.doctorId,
      doctor_name: 'Grace Wanjiku',
      patient_name: 'Achieng Odhiambo',
      medicines,
      notes: 'Rest well',
    });
    const [stored] = await sql('prescription', `SELECT jsonb_typeof(medicines) AS kind FROM prescriptions WHERE prescription_id = $1`, [prescriptionId]);
    expect(stored.kind).toBe('array');
    const again = await platform.api('POST', '/prescriptions', { token: doctor.token, body: { appointment_id: visit.appointment_id, medicines } });
    expect(again.status).toBe(409);
    const events = await eventually(async () => {
      const found = (await storedEvents<{ prescription_id: number }>('prescription.created.v1')).filter((e) => e.data.prescription_id === prescriptionId);
      if (!found.length) throw new Error('no event yet');
      return found;
    });
    expect(events[0].data).toMatchObject({ patient_id: patient.user.user_id, patient_name: 'Achieng Odhiambo', doctor_name: 'Grace Wanjiku', medicines });
  });

  it('who reads: the patient and the doctor, not another patient or doctor (404); admins all', async () => {
    const own = await platform.api('GET', '/prescriptions/user', { token: patient.token });
    expect(own.status).toBe(200);
    expect(own.body.map((p: { prescription_id: number }) => p.prescription_id)).toEqual([prescriptionId]);
    expect(own.headers.get('x-total-count')).toBe('1');
    expect((await platform.api('GET', '/prescriptions/user', { token: otherPatient.token })).body).toEqual([]);
    // One prescription is the object itself, with its fields at the top.
    const single = await platform.api('GET', `/prescriptions/${prescriptionId}`, { token: patient.token });
    expect(single.body).toMatchObject({ prescription_id: prescriptionId, appointment_id: visit.appointment_id, patient_id: patient.user.user_id, medicines });
    expect(single.body).not.toHaveProperty('prescription');
    expect((await platform.api('GET', `/prescriptions/${prescriptionId}`, { token: otherPatient.token })).status).toBe(404);
    expect((await platform.api('GET', `/prescriptions/${prescriptionId}/pdf`, { token: otherPatient.token })).status).toBe(404);
    expect((await platform.api('GET', `/prescriptions/${prescriptionId}`, { token: otherDoctor.token })).status).toBe(404);
    expect((await platform.api('GET', `/medical-history/user/${patient.user.user_id}`, { token: otherDoctor.token })).status).toBe(404);
    expect((await platform.api('GET', `/medical-history/user/${patient.user.user_id}`, { token: otherPatient.token })).status).toBe(404);
    expect((await platform.api('GET', '/prescriptions/doctor', { token: doctor.token })).body).toHaveLength(1);
    expect((await platform.api('GET', '/prescriptions', { token: admin.token })).body.length).toBeGreaterThanOrEqual(1);
    const byAppointment = await platform.api('GET', `/prescriptions/appointment/${visit.appointment_id}`, { token: patient.token });
    expect(byAppointment.body.prescription.prescription_id).toBe(prescriptionId);
    const none = await platform.api('GET', `/prescriptions/appointment/${cancelled.appointment_id}`, { token: patient.token });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('No prescription found for this appointment.');
  });

  it('the access log gains exactly one row per read of a prescription, its PDF and the history, and the patient sees who', async () => {
    const before = await logCount();
    expect((await platform.api('GET', `/prescriptions/${prescriptionId}`, { token: doctor.token })).status).toBe(200);
    expect(await logCount()).toBe(before + 1);

    const pdf = await fetch(`${platform.baseUrl}/api/prescriptions/${prescriptionId}/pdf`, { headers: { authorization: `Bearer ${doctor.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Amoxicillin');
    expect(text).toContain('Achieng Odhiambo');
    expect(text).toContain('RX-');
    expect(await logCount()).toBe(before + 2);

    const history = await platform.api('GET', `/medical-history/user/${patient.user.user_id}`, { token: doctor.token });
    expect(history.status).toBe(200);
    expect(history.body.records.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([`appt-${visit.appointment_id}`, `presc-${prescriptionId}`]));
    expect(history.body.records.find((r: { id: string }) => r.id === `presc-${prescriptionId}`)).toMatchObject({ condition: 'Prescription', medicines });
    expect(await logCount()).toBe(before + 3);

    const log = await accessLog(patient.token, '?page=1&limit=3');
    expect(log.entries.map((e: { action: string }) => e.action)).toEqual(['viewed', 'downloaded', 'viewed']);
    expect(log.entries[0]).toMatchObject({ actor_name: 'Grace Wanjiku', actor_role: 'doctor', record: 'Medical history' });
    // The patient's own reads are not listed as "who viewed"; an admin can read any patient's log; others cannot.
    await platform.api('GET', '/medical-history/self', { token: patient.token });
    expect(await logCount()).toBe(before + 3);
    expect((await accessLog(admin.token, `?user_id=${patient.user.user_id}`)).total).toBeGreaterThanOrEqual(before + 3);
    expect((await platform.api('GET', `/medical-history/access-log?user_id=${patient.user.user_id}`, { token: otherPatient.token })).status).toBe(403);
  });

  it('GET /medical-history/self in the aggregate shape: a patient their own, a doctor their appointments and the prescriptions they issued; every read audited', async () => {
    const mine = await platform.api('GET', '/medical-history/self', { token: patient.token });
    expect(mine.status).toBe(200);
    expect(mine.body.appointments.map((r: { id: string }) => r.id)).toContain(`appt-${visit.appointment_id}`);
    expect(mine.body.prescriptions.map((r: { id: string }) => r.id)).toEqual([`presc-${prescriptionId}`]);
    expect(mine.body.appointments.every((r: { type: string; patient_id: number }) => r.type === 'appointment' && r.patient_id === patient.user.user_id)).toBe(true);

    const before = await logCount();
    const doctors = await platform.api('GET', '/medical-history/self', { token: doctor.token });
    expect(doctors.status).toBe(200);
    expect(doctors.body.appointments.map((r: { id: string }) => r.id)).toContain(`appt-${visit.appointment_id}`);
    expect(doctors.body.prescriptions.map((r: { id: string }) => r.id)).toEqual([`presc-${prescriptionId}`]);
    // The doctor's read is in the patient's access log.
    expect(await logCount()).toBe(before + 1);
    const others = await platform.api('GET', '/medical-history/self', { token: otherDoctor.token });
    // Another doctor sees only their own appointments' records: none of this patient's.
    expect([...others.body.appointments, ...others.body.prescriptions].some((r: { patient_id: number }) => r.patient_id === patient.user.user_id)).toBe(false);
    // Only prescriptions they issued themselves (an earlier test had them write one for a started visit).
    expect(others.body.prescriptions.map((r: { id: string }) => r.id)).not.toContain(`presc-${prescriptionId}`);
    expect(others.body.prescriptions.every((r: { doctor_name: string }) => r.doctor_name === 'Ibrahim Abdi')).toBe(true);
    expect((await platform.api('GET', '/medical-history/self', { token: admin.token })).status).toBe(403);
  });

  it('stores the appointment service’s audit events durably and idempotently; the table refuses UPDATE and DELETE', async () => {
    // The doctor reads the appointment (the appointment service publishes audit.access-batch): it lands in the log once.
    expect((await platform.api('GET', `/appointments/${visit.appointment_id}`, { token: doctor.token })).status).toBe(200);
    await eventually(async () => {
      const rows = await sql('prescription', `SELECT 1 FROM audit_log WHERE source = 'appointment' AND actor_user_id = $1 AND record_label = $2`, [
        doctor.userId,
        `Appointment #${visit.appointment_id}`,
      ]);
      if (!rows.length) throw new Error('not stored yet');
    }, 10000);
    // Both counts in one statement, over one snapshot: audit events of earlier requests may still be arriving, and CI
    // once saw a row land between two separate counts.
    const [{ count, distinct }] = await sql('prescription', `SELECT count(*)::int AS count, count(DISTINCT event_key)::int AS distinct FROM audit_log`);
    expect(count).toBe(distinct);
    await expect(sql('prescription', `UPDATE audit_log SET outcome = 'changed'`)).rejects.toThrow(/append-only/);
    await expect(sql('prescription', `DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
  });

  it('edits and deletes: the doctor PATCHes; a patient cannot delete (403); an admin soft-deletes (audited)', async () => {
    const edited = await platform.api('PATCH', `/prescriptions/${prescriptionId}`, { token: doctor.token, body: { notes: 'Return in a week' } });
    expect(edited.status).toBe(200);
    expect(edited.body.prescription.notes).toBe('Return in a week');
    expect((await platform.api('PATCH', `/prescriptions/${prescriptionId}`, { token: otherDoctor.token, body: { notes: 'x' } })).status).toBe(404);
    expect((await platform.api('DELETE', `/prescriptions/${prescriptionId}`, { token: patient.token })).status).toBe(403);
    expect((await platform.api('DELETE', `/prescriptions/${prescriptionId}`, { token: doctor.token })).status).toBe(403);
    const clinical = await platform.api('PATCH', `/medical-history/appt-${visit.appointment_id}`, { token: doctor.token, body: { diagnosis: 'Bronchitis' } });
    expect(clinical.status).toBe(200);
    expect((await platform.api('PATCH', `/medical-history/bogus-1`, { token: doctor.token, body: { diagnosis: 'x' } })).body.message).toBe('Invalid record type.');
    expect((await platform.api('DELETE', `/medical-history/appt-${visit.appointment_id}`, { token: doctor.token, body: { reason: 'x' } })).status).toBe(403);
    // No body, an unknown id, a bad record id: clear 4xx answers, never a 500.
    expect((await platform.api('DELETE', '/prescriptions/999999', { token: admin.token })).status).toBe(404);
    expect((await platform.api('DELETE', '/medical-history/appt-999999', { token: admin.token, body: { reason: 'x' } })).status).toBe(404);
    const noReason = await platform.api('DELETE', `/medical-history/appt-${visit.appointment_id}`, { token: admin.token });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Please give a reason for deleting this record.');
    expect((await platform.api('DELETE', '/medical-history/visit-1', { token: admin.token, body: { reason: 'x' } })).body.message).toBe('Invalid record type.');
    expect((await platform.api('GET', '/medical-history/access-log?page=abc', { token: patient.token })).status).toBe(400);
    const removed = await platform.api('DELETE', `/prescriptions/${prescriptionId}`, { token: admin.token, body: { reason: 'Issued in error' } });
    expect(removed.status).toBe(200);
    expect((await platform.api('GET', `/prescriptions/${prescriptionId}`, { token: patient.token })).status).toBe(404);
    const [kept] = await sql('prescription', `SELECT deleted_at IS NOT NULL AS deleted, delete_reason FROM prescriptions WHERE prescription_id = $1`, [prescriptionId]);
    expect(kept).toEqual({ deleted: true, delete_reason: 'Issued in error' });
    const log = await accessLog(patient.token);
    expect(log.entries[0]).toMatchObject({ action: 'deleted', actor_role: 'admin' });
  });
});
