import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { FhirObservationBundleSchema, type VitalReading } from '@afya/prescription-service/contracts';
import { PrescriptionModule } from '@afya/prescription-service/src/prescription.module';
import { eventually } from '@afya/service-shared/testing';
import { bookAs, createDoctor, openClinicDate, sql, type TestDoctor } from '../appointments/support';
import { createAdmin } from '../support/admin';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

type Session = Awaited<ReturnType<typeof signUpAndIn>>;

jest.setTimeout(120_000);

const SW = { 'accept-language': 'sw-KE,sw;q=0.9' };
/** Fixed instants for the readings themselves (the care relationship is judged now, from visits set up now). */
const at = (day: number, hour = 7) => new Date(Date.UTC(2025, 5, day, hour - 3, 0, 0)).toISOString();

/**
 * Issue 39: readings at home and in the clinic, their levels and the patient's advice, alerts for the doctors caring
 * for the patient (and nobody else), entered in error kept, every read by someone else in the patient's access log,
 * the FHIR export. Real NATS and PostgreSQL; auth, appointment and prescription services.
 */
describe('health monitoring (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let treating: TestDoctor;
  let stranger: TestDoctor;
  let patient: Session;
  let alone: Session;
  let visitId: number;

  const record = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) => platform.api('POST', '/vitals', { token, body, headers });
  const count = async (patientId: number) => (await sql<{ n: number }>('prescription', `SELECT count(*)::int AS n FROM vital_readings WHERE patient_id = $1`, [patientId]))[0].n;
  const auditOf = (patientId: number, actor: number) =>
    sql<{ action: string; resource: string; outcome: string }>(
      'prescription',
      `SELECT action, resource, outcome FROM audit_log WHERE patient_user_id = $1 AND actor_user_id = $2 AND resource LIKE 'vital%' ORDER BY audit_id`,
      [patientId, actor],
    );

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule, prescription: PrescriptionModule });
    admin = await createAdmin(platform);
    treating = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    stranger = await createDoctor(platform, admin.token, { firstname: 'Ibrahim', lastname: 'Abdi' });
    patient = await signUpAndIn(platform, { firstname: 'Wambui', lastname: 'Kariuki' });
    alone = await signUpAndIn(platform, { firstname: 'Baraka', lastname: 'Mutua' });
    // A Confirmed visit a few days ahead: the treating doctor is caring for the patient now (the existing rule).
    const visit = await bookAs(platform, patient.token, treating.doctorId, { appointment_date: openClinicDate(2), time_slot: '09:00 AM' });
    visitId = visit.appointment_id;
    expect((await platform.api('PATCH', `/appointments/${visitId}/override`, { token: admin.token, body: { status: 'Confirmed' } })).status).toBe(200);
    await eventually(async () => {
      const [row] = await sql('prescription', `SELECT appointment_status FROM appointments WHERE appointment_id = $1`, [visitId]);
      if (row?.appointment_status !== 'Confirmed') throw new Error('read model not there yet');
    }, 15_000);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('a home blood pressure of 185/95 is critical: the advice in the patient’s language, one alert for the doctor caring for them, none for another', async () => {
    const reply = await record(patient.token, { kind: 'blood_pressure', values: { systolic: 185, diastolic: 95, heart_rate: 88 }, measured_at: at(1) });
    expect(reply.status).toBe(201);
    expect(reply.body.reading).toMatchObject({
      kind: 'blood_pressure',
      values: { systolic: 185, diastolic: 95, heart_rate: 88 },
      unit: 'mmHg',
      level: 'critical',
      source: 'home',
      status: 'preliminary',
      patient_id: patient.user.user_id,
      appointment_id: null,
      measured_at: at(1),
      thresholds_version: expect.stringMatching(/^thresholds-/),
    });
    expect(reply.body.reading.message).toMatch(/^Your reading is very high\. If you have chest pain, shortness of breath, weakness or trouble speaking, go to the nearest emergency department now\./);
    expect(reply.body.reading.message).not.toMatch(/book a visit/);

    const kiswahili = await record(patient.token, { kind: 'blood_pressure', values: { systolic: 182, diastolic: 100 }, measured_at: at(1, 8) }, SW);
    expect(kiswahili.status).toBe(201);
    expect(kiswahili.body.reading.message).toMatch(/^Kipimo chako kiko juu sana/);

    const alerts = await platform.api('GET', '/doctor/vital-alerts', { token: treating.token });
    expect(alerts.status).toBe(200);
    expect(alerts.body.alerts).toHaveLength(2);
    expect(alerts.body.alerts.map((a: { reading: VitalReading }) => a.reading.reading_id).sort()).toEqual([reply.body.reading.reading_id, kiswahili.body.reading.reading_id].sort());
    expect(alerts.body.alerts[0]).toMatchObject({ patient_id: patient.user.user_id, patient_name: 'Wambui Kariuki', level: 'critical', acknowledged_at: null, note: null });
    expect((await platform.api('GET', '/doctor/vital-alerts', { token: stranger.token })).body).toEqual({ alerts: [] });
    // the doctor's reading of the alerts is in the patient's access log
    expect(await auditOf(patient.user.user_id, treating.userId)).toEqual([{ action: 'viewed', resource: 'vital_alert', outcome: 'success' }]);
  });

  it('a critical reading with no doctor caring for the patient tells them to book', async () => {
    const reply = await record(alone.token, { kind: 'glucose', values: { glucose: 2.5 }, context: 'random', measured_at: at(2) });
    expect(reply.status).toBe(201);
    expect(reply.body.reading).toMatchObject({ level: 'critical', values: { glucose: 2.5 } });
    expect(reply.body.reading.message).toMatch(/^Your blood sugar is very low\..*please book a visit so a doctor can review your readings\.$/);
    expect(await sql('prescription', `SELECT 1 FROM vital_alerts WHERE patient_id = $1`, [alone.user.user_id])).toHaveLength(0);
  });

  it('300/20 is refused naming the field, and nothing is stored', async () => {
    const before = await count(patient.user.user_id);
    const reply = await record(patient.token, { kind: 'blood_pressure', values: { systolic: 300, diastolic: 20 } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Please check the value: Diastolic must be from 30 to 200 mmHg');
    const sw = await record(patient.token, { kind: 'weight', values: { weight: 900 } }, SW);
    expect(sw.status).toBe(400);
    expect(sw.body.message).toBe('Tafadhali kagua kipimo: Weight lazima iwe kuanzia 0.5 hadi 400 kg');
    expect(await count(patient.user.user_id)).toBe(before);
  });

  it('glucose typed in mg/dL is stored in mmol/L with what was typed; a normal reading has no message', async () => {
    const reply = await record(patient.token, { kind: 'glucose', values: { glucose: 90 }, unit: 'mg/dL', context: 'fasting', measured_at: at(3) });
    expect(reply.status).toBe(201);
    expect(reply.body.reading).toMatchObject({ values: { glucose: 5 }, unit: 'mmol/L', entered_value: 90, entered_unit: 'mg/dL', context: 'fasting', level: 'normal' });
    expect(reply.body.reading.message).toBeUndefined();
  });

  it('the list: own; a doctor caring for the patient (logged in their access log); another doctor 404 (logged as denied); a patient naming another 404', async () => {
    const own = await platform.api('GET', '/vitals?kind=blood_pressure', { token: patient.token });
    expect(own.status).toBe(200);
    expect(own.body.readings.map((r: VitalReading) => r.measured_at)).toEqual([at(1), at(1, 8)]);
    const period = await platform.api('GET', `/vitals?from=${encodeURIComponent(at(2, 0))}&to=${encodeURIComponent(at(3, 23))}`, { token: patient.token });
    expect(period.body.readings.map((r: VitalReading) => r.kind)).toEqual(['glucose']);

    const doctor = await platform.api('GET', `/vitals?patient_id=${patient.user.user_id}`, { token: treating.token });
    expect(doctor.status).toBe(200);
    expect(doctor.body.readings).toHaveLength(3);
    expect((await platform.api('GET', `/vitals?patient_id=${patient.user.user_id}`, { token: stranger.token })).status).toBe(404);
    expect((await platform.api('GET', `/vitals?patient_id=${alone.user.user_id}`, { token: patient.token })).status).toBe(404);
    expect((await platform.api('GET', `/vitals?patient_id=${patient.user.user_id}`, { token: admin.token })).status).toBe(403);
    expect(await auditOf(patient.user.user_id, treating.userId)).toContainEqual({ action: 'viewed', resource: 'vital_readings', outcome: 'success' });
    expect(await auditOf(patient.user.user_id, stranger.userId)).toEqual([{ action: 'viewed', resource: 'vital_readings', outcome: 'denied' }]);
    // the patient's own reads are not logged as someone else's
    expect(await auditOf(patient.user.user_id, patient.user.user_id)).toEqual([]);
  });

  it('BMI from the latest weight and height; a reading entered in error leaves it and the charts, and stays in the record (never deleted)', async () => {
    await record(patient.token, { kind: 'height', values: { height: 165 }, measured_at: at(4) });
    await record(patient.token, { kind: 'weight', values: { weight: 68 }, measured_at: at(5) });
    const wrong = await record(patient.token, { kind: 'weight', values: { weight: 168 }, measured_at: at(6) });
    let list = await platform.api('GET', '/vitals', { token: patient.token });
    expect(list.body.bmi).toMatchObject({ value: 61.7, unit: 'kg/m2', weight_reading_id: wrong.body.reading.reading_id });

    // another doctor may not mark it; the author may
    expect((await platform.api('POST', `/vitals/${wrong.body.reading.reading_id}/entered-in-error`, { token: stranger.token })).status).toBe(404);
    const marked = await platform.api('POST', `/vitals/${wrong.body.reading.reading_id}/entered-in-error`, { token: patient.token });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ reading: { reading_id: wrong.body.reading.reading_id, status: 'entered_in_error' }, message: 'Reading marked as entered in error' });

    list = await platform.api('GET', '/vitals?kind=weight', { token: patient.token });
    expect(list.body.readings.map((r: VitalReading) => [r.values.weight, r.status])).toEqual([
      [68, 'preliminary'],
      [168, 'entered_in_error'],
    ]);
    expect(list.body.bmi).toMatchObject({ value: 25, weight_reading_id: expect.any(Number) });
    expect(list.body.bmi.weight_reading_id).not.toBe(wrong.body.reading.reading_id);

    // the database keeps it whoever asks: no DELETE, no other change
    await expect(sql('prescription', `DELETE FROM vital_readings WHERE reading_id = $1`, [wrong.body.reading.reading_id])).rejects.toThrow(/vital_readings are kept/);
    await expect(sql('prescription', `UPDATE vital_readings SET "values" = '{"weight": 70}' WHERE reading_id = $1`, [wrong.body.reading.reading_id])).rejects.toThrow(/vital_readings are kept/);
  });

  it('a doctor records a reading at their Confirmed visit (final, linked to it); without a visit of theirs it is refused', async () => {
    const reply = await record(treating.token, { kind: 'blood_pressure', values: { systolic: 128, diastolic: 82 }, patient_id: patient.user.user_id, appointment_id: visitId, measured_at: at(7) });
    expect(reply.status).toBe(201);
    expect(reply.body.reading).toMatchObject({ source: 'clinic', status: 'final', appointment_id: visitId, recorded_by: treating.userId, level: 'normal' });
    const notTheirs = await record(stranger.token, { kind: 'weight', values: { weight: 70 }, patient_id: patient.user.user_id, appointment_id: visitId });
    expect(notTheirs.status).toBe(404);
    const noVisit = await record(treating.token, { kind: 'weight', values: { weight: 70 }, patient_id: patient.user.user_id });
    expect(noVisit.status).toBe(400);
    expect(noVisit.body.message).toBe('A reading at the clinic belongs to a Confirmed or Completed visit of yours with this patient');
  });

  it('the doctor acknowledges an alert with a note; it moves after the unacknowledged; another doctor cannot', async () => {
    const { alerts } = (await platform.api('GET', '/doctor/vital-alerts', { token: treating.token })).body;
    const first = alerts[alerts.length - 1];
    expect((await platform.api('POST', `/doctor/vital-alerts/${first.alert_id}/acknowledge`, { token: stranger.token, body: {} })).status).toBe(404);
    const done = await platform.api('POST', `/doctor/vital-alerts/${first.alert_id}/acknowledge`, { token: treating.token, body: { note: 'Called her; repeat in the morning.' } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: 'Alert acknowledged', alert: { alert_id: first.alert_id, note: 'Called her; repeat in the morning.', acknowledged_at: expect.any(String) } });
    const after = (await platform.api('GET', '/doctor/vital-alerts', { token: treating.token })).body.alerts;
    expect(after.map((a: { alert_id: number }) => a.alert_id)).toEqual([...alerts.filter((a: { alert_id: number }) => a.alert_id !== first.alert_id).map((a: { alert_id: number }) => a.alert_id), first.alert_id]);
    expect((await platform.api('POST', `/doctor/vital-alerts/${first.alert_id}/acknowledge`, { token: patient.token, body: {} })).status).toBe(403);
  });

  it('the FHIR export is an Observation Bundle with LOINC codes and UCUM units; same access as the list', async () => {
    const reply = await platform.api('GET', `/patients/${patient.user.user_id}/observations`, { token: treating.token });
    expect(reply.status).toBe(200);
    const bundle = FhirObservationBundleSchema.parse(reply.body);
    const resources = bundle.entry.map((e) => e.resource);
    const byCode = (code: string) => resources.filter((r) => r.code.coding[0].code === code);
    expect(bundle.total).toBe(resources.length);
    for (const r of resources) {
      expect(r.code.coding[0].system).toBe('http://loinc.org');
      expect(r.subject.reference).toBe(`Patient/${patient.user.user_id}`);
      for (const q of [r.valueQuantity, ...(r.component ?? []).map((c) => c.valueQuantity)].filter(Boolean)) expect(q!.system).toBe('http://unitsofmeasure.org');
    }
    const panel = byCode('85354-9').find((r) => r.effectiveDateTime === at(1))!;
    expect(panel.status).toBe('preliminary');
    expect(panel.component!.map((c) => [c.code.coding[0].code, c.valueQuantity.value, c.valueQuantity.code])).toEqual([
      ['8480-6', 185, 'mm[Hg]'],
      ['8462-4', 95, 'mm[Hg]'],
    ]);
    expect(panel.interpretation![0].coding[0].code).toBe('HH');
    expect(byCode('8867-4')[0].valueQuantity).toMatchObject({ value: 88, code: '/min' });
    expect(byCode('15074-8').map((r) => [r.valueQuantity!.value, r.valueQuantity!.code])).toEqual([[5, 'mmol/L']]);
    expect(byCode('8302-2')[0].valueQuantity).toMatchObject({ value: 165, code: 'cm' });
    expect(byCode('29463-7').map((r) => r.status)).toEqual(['preliminary', 'entered-in-error']);
    expect(byCode('39156-5')[0].valueQuantity).toMatchObject({ value: 25, code: 'kg/m2' });
    expect(byCode('85354-9').find((r) => r.status === 'final')!.encounter).toEqual({ reference: `Encounter/${visitId}` });

    expect((await platform.api('GET', `/patients/${patient.user.user_id}/observations`, { token: patient.token })).status).toBe(200);
    expect((await platform.api('GET', `/patients/${patient.user.user_id}/observations`, { token: stranger.token })).status).toBe(404);
    expect((await platform.api('GET', `/patients/${patient.user.user_id}/observations`, { token: alone.token })).status).toBe(404);
  });
});
