import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PaymentModule } from '@afya/payment-service/src/payment.module';
import { PrescriptionModule } from '@afya/prescription-service/src/prescription.module';
import { ReportingModule } from '@afya/reporting-service/src/reporting.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { pdfText } from '@afya/service-shared';
import { eventually } from '@afya/service-shared/testing';
import { bookAs, createDoctor, openClinicDate, sql, TestDoctor } from '../appointments/support';
import { Sandboxes, startPaymentPlatform } from '../payments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

type Session = Awaited<ReturnType<typeof signUpAndIn>>;

jest.setTimeout(180_000);

const FEE = 1500;
const medicines = [{ name: 'Amoxicillin', dosage: '500mg', frequency: 'Three times daily', instructions: 'After meals' }];

/**
 * Issue 22 item 6, data rights, through the gateway over real NATS + PostgreSQL (and the Stripe sandbox):
 * a patient exports all their data (JSON and PDF); asks for erasure; an admin approves; the account is anonymised,
 * future visits cancelled with slots freed and paid ones refunded, records kept without direct identifiers, sessions
 * revoked. An admin's deletion of a user does the same.
 */
describe('data rights: export, erasure, admin deletion', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let patient: Session;
  let paidVisit: number;
  let pendingVisit: number;
  let pastVisit: number;
  let prescriptionId: number;
  let paymentId: number;

  /** The admin's prescriptions report: the row of the prescription written in set-up, as its CSV fields. */
  const prescriptionsCsvRow = async () => {
    const response = await fetch(`${platform.baseUrl}/api/admin/reports/prescriptions.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const line = text.split('\n').find((l) => l.startsWith(`${prescriptionId},`));
    if (!line) throw new Error(`prescription ${prescriptionId} not in the report yet`);
    return { line, text };
  };

  const appointment = async (id: number) => (await sql('appointment', `SELECT appointment_status, patient_full_name FROM appointments WHERE appointment_id = $1`, [id]))[0];

  beforeAll(async () => {
    platform = await startPaymentPlatform({ auth: AuthModule, appointment: AppointmentModule, payment: PaymentModule, prescription: PrescriptionModule, support: SupportModule, reporting: ReportingModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { fee: FEE, firstname: 'Grace', lastname: 'Wanjiku' });
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    // A visit two days ahead, Completed by an admin, with a prescription; a paid visit; a Pending one.
    pastVisit = (await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(2), time_slot: '09:00 AM' })).appointment_id;
    expect((await platform.api('PATCH', `/appointments/${pastVisit}/override`, { token: admin.token, body: { status: 'Completed' } })).status).toBe(200);
    const written = await eventually(async () => {
      const r = await platform.api('POST', '/prescriptions', { token: doctor.token, body: { appointment_id: pastVisit, medicines } });
      if (r.status !== 201) throw new Error(`prescription: ${r.status}`);
      return r;
    }, 15000);
    prescriptionId = written.body.prescription.prescription_id;
    paidVisit = (await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(5), time_slot: '10:00 AM' })).appointment_id;
    const checkout = await platform.api('POST', '/payments/create', { token: patient.token, body: { appointment_id: paidVisit, amount: FEE } });
    expect(checkout.status).toBe(200);
    paymentId = checkout.body.payment_id;
    await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    await eventually(async () => expect(await appointment(paidVisit)).toMatchObject({ appointment_status: 'Confirmed' }), 15000);
    pendingVisit = (await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(6), time_slot: '11:00 AM' })).appointment_id;
    const ticket = await platform.api('POST', '/support', { token: patient.token, body: { subject: 'Dose', description: 'How many a day?', related_appointment_id: pastVisit } });
    expect(ticket.status).toBe(201);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('exports everything the patient has, as a JSON archive and a readable PDF', async () => {
    const response = await fetch(`${platform.baseUrl}/api/user/data-export`, { headers: { authorization: `Bearer ${patient.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="afya-data-export-${patient.user.user_id}.json"`);
    const archive = await response.json();
    expect(archive).toMatchObject({ format: 'afya-data-export', version: 1, account: { user_id: patient.user.user_id, email: patient.details.email, firstname: 'Achieng' } });
    expect(archive.account).not.toHaveProperty('password_hash');
    expect(archive.appointments.map((a: { appointment_id: number }) => a.appointment_id)).toEqual([pastVisit, paidVisit, pendingVisit]);
    expect(archive.payments.map((p: { payment_id: number }) => p.payment_id)).toEqual([paymentId]);
    expect(archive.prescriptions.map((p: { prescription_id: number }) => p.prescription_id)).toEqual([prescriptionId]);
    expect(archive.medical_history.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([`appt-${pastVisit}`, `presc-${prescriptionId}`]));
    expect(archive.tickets).toHaveLength(1);
    expect(archive.tickets[0]).toMatchObject({ subject: 'Dose', messages: [] });
    expect(Array.isArray(archive.access_log)).toBe(true);
    expect(archive.access_log.length).toBeGreaterThan(0);

    const pdf = await fetch(`${platform.baseUrl}/api/user/data-export/pdf`, { headers: { authorization: `Bearer ${patient.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of ['Achieng', patient.details.email, 'Amoxicillin', 'Dose', 'who accessed your records', '10:00 AM']) expect(text.toLowerCase()).toContain(expected.toLowerCase());
    expect(text).not.toContain('Kliniki ya Afya');
    // In Kiswahili when the requester reads it (Accept-Language, as the receipt and the prescription): headings,
    // statuses and slots in Kiswahili; what people wrote (medicines, the ticket's subject) as written.
    const sw = await fetch(`${platform.baseUrl}/api/user/data-export/pdf`, { headers: { authorization: `Bearer ${patient.token}`, 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' } });
    expect(sw.status).toBe(200);
    const swText = pdfText(Buffer.from(await sw.arrayBuffer()));
    for (const expected of ['Kliniki ya Afya', 'Data zako', 'Walioangalia kumbukumbu zako', 'Miadi', 'Maagizo ya dawa', 'Tiketi za msaada', 'Imethibitishwa', 'Achieng', 'Amoxicillin', 'Dose', '10:00']) {
      expect(swText.toLowerCase()).toContain(expected.toLowerCase());
    }
    for (const english of ['Who accessed your records', 'Support tickets', 'Confirmed', '10:00 AM', 'Last sign-in']) expect(swText.toLowerCase()).not.toContain(english.toLowerCase());
    // Another patient's export holds only their own (empty) data.
    const other = await signUpAndIn(platform, { firstname: 'Kamau', lastname: 'Njoroge' });
    const theirs = await platform.api('GET', '/user/data-export', { token: other.token });
    expect(theirs.body).toMatchObject({ appointments: [], payments: [], prescriptions: [], tickets: [] });
  });

  it('erasure: the patient asks (once), an admin sees and approves it', async () => {
    // Before erasure the prescriptions report names the patient (the report's read model has the row).
    await eventually(async () => expect((await prescriptionsCsvRow()).line).toContain('Achieng Odhiambo'), 15000);
    expect((await platform.api('GET', '/user/erasure-request', { token: patient.token })).body).toEqual({ request: null });
    const asked = await platform.api('POST', '/user/erasure-request', { token: patient.token, body: { reason: 'Moving abroad' } });
    expect(asked.status).toBe(201);
    expect(asked.body.request).toMatchObject({ status: 'pending', reason: 'Moving abroad', user_id: patient.user.user_id });
    expect((await platform.api('POST', '/user/erasure-request', { token: patient.token, body: {} })).status).toBe(409);
    expect((await platform.api('POST', '/user/erasure-request', { token: patient.token, body: { reason: 'x'.repeat(501) } })).status).toBe(400);
    expect((await platform.api('GET', '/admin/erasure-requests', { token: patient.token })).status).toBe(403);
    const list = await platform.api('GET', '/admin/erasure-requests?status=pending', { token: admin.token });
    const request = list.body.requests.find((r: { user_id: number }) => r.user_id === patient.user.user_id);
    expect(request).toMatchObject({ status: 'pending', user_email: patient.details.email });
    expect((await platform.api('PATCH', `/admin/erasure-requests/${request.request_id}`, { token: admin.token, body: { decision: 'maybe' } })).status).toBe(400);
    const approved = await platform.api('PATCH', `/admin/erasure-requests/${request.request_id}`, { token: admin.token, body: { decision: 'approve' } });
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: 'approved', user_name: 'Erased user' });
    expect((await platform.api('PATCH', `/admin/erasure-requests/${request.request_id}`, { token: admin.token, body: { decision: 'reject' } })).status).toBe(409);
  });

  it('after erasure: sessions revoked, fields anonymised, future visits cancelled with slots freed and the paid one refunded', async () => {
    expect((await platform.api('GET', '/user/profile', { token: patient.token })).status).toBe(401);
    const [user] = await sql('auth', `SELECT firstname, lastname, email, contact_phone, address, deleted_at IS NOT NULL AS deleted FROM users WHERE user_id = $1`, [patient.user.user_id]);
    expect(user).toEqual({ firstname: 'Erased', lastname: 'user', email: `erased-${patient.user.user_id}@erased.invalid`, contact_phone: null, address: null, deleted: true });
    await eventually(async () => {
      expect(await appointment(paidVisit)).toEqual({ appointment_status: 'Cancelled', patient_full_name: null });
      expect(await appointment(pendingVisit)).toEqual({ appointment_status: 'Cancelled', patient_full_name: null });
    }, 15000);
    // The visit already Completed stays, as a medical record.
    expect((await appointment(pastVisit)).appointment_status).toBe('Completed');
    // The slots are free again: another patient books one of them.
    const next = await signUpAndIn(platform, { firstname: 'Wanjiru', lastname: 'Mwangi' });
    expect(await bookAs(platform, next.token, doctor.doctorId, { appointment_date: openClinicDate(6), time_slot: '11:00 AM' })).toMatchObject({ appointment_status: 'Pending' });
    // Paid and cancelled five days ahead: refunded per the policy (24 hours or more ahead); the payment is kept without name or phone.
    await eventually(async () => {
      const [payment] = await sql('payment', `SELECT status, patient_name, phone, amount::float8 AS amount FROM payments WHERE payment_id = $1`, [paymentId]);
      expect(payment).toEqual({ status: 'refunded', patient_name: null, phone: null, amount: FEE });
    }, 20000);
    // The prescription is kept, keyed by the user id, and shows no name.
    await eventually(async () => {
      const kept = await platform.api('GET', `/prescriptions/${prescriptionId}`, { token: admin.token });
      expect(kept.status).toBe(200);
      expect(kept.body).toMatchObject({ patient_id: patient.user.user_id, patient_name: 'Erased user', medicines });
    }, 15000);
    // The admin's prescriptions report forgets the name as the erasure arrives (not at the next rebuild): the row
    // stays, keyed by the patient id, under the anonymised name.
    await eventually(async () => expect((await prescriptionsCsvRow()).line).toContain('Erased user'), 15000);
    expect((await prescriptionsCsvRow()).text).not.toMatch(/Achieng|Odhiambo/);
    const [ticket] = await sql('support', `SELECT t.subject, u.email FROM tickets t JOIN user_directory u ON u.user_id = t.user_id WHERE t.user_id = $1`, [patient.user.user_id]);
    await eventually(async () => expect((await sql('support', `SELECT email FROM user_directory WHERE user_id = $1`, [patient.user.user_id]))[0].email).toMatch(/@erased\.invalid$/), 15000);
    expect(ticket.subject).toBe('Dose');
  });

  it('an admin deleting a user does what erasure does: the future visit is cancelled, no longer Pending in the doctor’s list', async () => {
    const leaving = await signUpAndIn(platform, { firstname: 'Otieno', lastname: 'Okoth' });
    const visit = (await bookAs(platform, leaving.token, doctor.doctorId, { appointment_date: openClinicDate(7), time_slot: '02:00 PM' })).appointment_id;
    expect((await platform.api('DELETE', `/admin/users/${leaving.user.user_id}`, { token: admin.token })).status).toBe(200);
    expect((await platform.api('GET', '/user/profile', { token: leaving.token })).status).toBe(401);
    await eventually(async () => expect(await appointment(visit)).toEqual({ appointment_status: 'Cancelled', patient_full_name: null }), 15000);
    const agenda = await platform.api('GET', '/appointments/doctor', { token: doctor.token });
    const shown = (agenda.body.appointments ?? agenda.body).find((a: { appointment_id: number }) => a.appointment_id === visit);
    expect(shown?.appointment_status ?? 'Cancelled').toBe('Cancelled');
    const [user] = await sql('auth', `SELECT firstname, email FROM users WHERE user_id = $1`, [leaving.user.user_id]);
    expect(user).toEqual({ firstname: 'Erased', email: `erased-${leaving.user.user_id}@erased.invalid` });
  });

  it('family care (issue 36): the export carries the family graph; erasing a carer ends their links and keeps the child’s record', async () => {
    const carer = await signUpAndIn(platform, { firstname: 'Wanjiru', lastname: 'Kamau', contact_phone: '+254733111222' });
    const added = await platform.api('POST', '/family/dependants', { token: carer.token, body: { full_name: 'Baraka Kamau', date_of_birth: '2019-04-02', relationship: 'mother', consent: true } });
    expect(added.status).toBe(201);
    const child = added.body.member.member_id as number;
    const visit = (await bookAs(platform, carer.token, doctor.doctorId, { appointment_date: openClinicDate(8), time_slot: '09:30 AM', member_id: child })).appointment_id;
    const archive = (await platform.api('GET', '/user/data-export', { token: carer.token })).body;
    expect(archive.family.links).toEqual([expect.objectContaining({ role: 'carer', other_person_id: child, kind: 'dependant', relationship: 'mother', status: 'active' })]);
    expect(archive.family.consents).toEqual([expect.objectContaining({ member_id: child, text_version: 'dependant-consent-2026-12' })]);
    // The child's visit is the child's: not in the carer's own appointments.
    expect(archive.appointments.map((a: { appointment_id: number }) => a.appointment_id)).not.toContain(visit);

    expect((await platform.api('DELETE', `/admin/users/${carer.user.user_id}`, { token: admin.token })).status).toBe(200);
    expect(await sql('auth', `SELECT status, ended_reason FROM family_links WHERE carer_user_id = $1`, [carer.user.user_id])).toEqual([{ status: 'ended', ended_reason: 'ended_by_carer' }]);
    const [kept] = await sql('auth', `SELECT firstname, deleted_at FROM users WHERE user_id = $1`, [child]);
    expect(kept).toEqual({ firstname: 'Baraka', deleted_at: null });
    expect(await appointment(visit)).toMatchObject({ appointment_status: 'Pending' });
    // The carer's name kept on the child's visit goes with the erasure; the visit stays the child's.
    await eventually(async () => {
      const [row] = await sql('appointment', `SELECT user_id, booked_by_name FROM appointments WHERE appointment_id = $1`, [visit]);
      expect(row).toEqual({ user_id: child, booked_by_name: null });
    }, 15000);
  });
});
