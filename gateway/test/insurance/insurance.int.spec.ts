import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PaymentModule } from '@afya/payment-service/src/payment.module';
import { ReportingModule } from '@afya/reporting-service/src/reporting.module';
import { InsuranceMessages, InsuranceRuleMessages } from '@afya/appointment-service/contracts';
import { pdfText } from '@afya/service-shared';
import { eventually } from '@afya/service-shared/testing';
import { booking, createDoctor, openClinicDate, sql, type TestDoctor } from '../appointments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';

jest.setTimeout(120_000);

const FEE = 2000;
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SW = { 'accept-language': 'sw-KE,sw;q=0.9' };
const CR = 'CR0680969605010-6';

type Session = Awaited<ReturnType<typeof signUpAndIn>>;
interface Payer {
  payer_id: number;
  code: string;
  name: string;
  kind: string;
}

/**
 * Issue 38: insurance cover through the gateway, NATS, the appointment and payment services, PostgreSQL and the Daraja
 * sandbox: payers, covers, doctors' accepted payers and co-pays, booking with cover, the co-pay pushed by M-Pesa, the
 * snapshot, and the desk's check making the rest due. Every visit is on an open clinic day ahead (no day or hour matters).
 */
describe('insurance cover (real NATS + PostgreSQL + the Daraja sandbox)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let otherDoctor: TestDoctor;
  let patient: Session;
  let other: Session;
  let payers: Record<string, Payer>;
  let slot = 0;
  let phone = 0;
  const SLOTS = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM'];

  const book = (token: string, extra: Record<string, unknown> = {}, withDoctor = doctor) => {
    const index = slot++;
    return platform.api('POST', '/appointments', {
      token,
      body: booking(withDoctor.doctorId, { time_slot: SLOTS[index % SLOTS.length], appointment_date: openClinicDate(2 + Math.floor(index / SLOTS.length)), ...extra }),
    });
  };
  const addCover = (token: string, body: Record<string, unknown>) => platform.api('POST', '/insurance/covers', { token, body });
  const view = async (id: number, token = patient.token) => (await platform.api('GET', `/appointments/${id}`, { token })).body.appointment;
  /** An M-Pesa push for the visit (a client amount that is ignored), approved on the phone by the sandbox; its pushed amount. */
  const payByMpesa = async (id: number) => {
    const sent = await platform.api('POST', '/mpesa/stkpush', { token: patient.token, body: { phone: `07123450${String(10 + phone++)}`, amount: 99999, appointment_id: id } });
    expect([sent.status, sent.body.message]).toEqual([200, expect.any(String)]);
    const pushed = platform.sandboxes.daraja.pushes.get(sent.body.checkout_request_id)!;
    await eventually(async () => expect((await platform.api('GET', `/mpesa/status/${sent.body.checkout_request_id}`, { token: patient.token })).body).toMatchObject({ status: 'completed' }), 10_000);
    return pushed.amount;
  };

  beforeAll(async () => {
    platform = await startPaymentPlatform({ auth: AuthModule, appointment: AppointmentModule, payment: PaymentModule, reporting: ReportingModule }, { MPESA_RECONCILE_AFTER_MS: '600000' });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { fee: FEE, available_days: EVERY_DAY });
    otherDoctor = await createDoctor(platform, admin.token, { fee: FEE, firstname: 'Brian', lastname: 'Otieno', available_days: EVERY_DAY });
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    other = await signUpAndIn(platform, { firstname: 'Kamau', lastname: 'Njoroge' });
    const listed = await platform.api('GET', '/payers', { token: patient.token });
    payers = Object.fromEntries((listed.body.payers as Payer[]).map((p) => [p.code, p]));
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('lists SHA first and the private insurers; admins add (a taken code is a 409) and retire payers, nobody else', async () => {
    expect(payers.SHA).toMatchObject({ kind: 'sha', name: 'Social Health Authority (SHA)' });
    expect(payers.AAR).toMatchObject({ kind: 'private' });
    const added = await platform.api('POST', '/admin/payers', { token: admin.token, body: { code: 'first', name: 'First Assurance' } });
    expect(added).toMatchObject({ status: 201, body: { payer: { code: 'FIRST', name: 'First Assurance', kind: 'private' }, message: InsuranceMessages.payerAdded } });
    expect((await platform.api('POST', '/admin/payers', { token: admin.token, body: { code: 'First', name: 'Again' } })).status).toBe(409);
    expect((await platform.api('POST', '/admin/payers', { token: patient.token, body: { code: 'X1', name: 'Nope' } })).status).toBe(403);
    expect((await platform.api('POST', '/admin/payers', { token: admin.token, body: { code: 'A B', name: 'Spaced' } })).status).toBe(400);
    const retired = await platform.api('DELETE', `/admin/payers/${added.body.payer.payer_id}`, { token: admin.token });
    expect(retired).toMatchObject({ status: 200, body: { payer_id: added.body.payer.payer_id } });
    const codes = ((await platform.api('GET', '/payers', { token: patient.token })).body.payers as Payer[]).map((p) => p.code);
    expect(codes[0]).toBe('SHA');
    expect(codes).not.toContain('FIRST');
    expect((await addCover(patient.token, { payer_id: added.body.payer.payer_id, member_number: 'F-1234' })).status).toBe(400);
  });

  it('keeps covers with the CR-number warning, needs the principal for a dependant, and hides other patients\' covers', async () => {
    const odd = await addCover(patient.token, { payer_id: payers.SHA.payer_id, member_number: '12345678' });
    expect(odd).toMatchObject({ status: 201, body: { cover: { member_number: '12345678', relationship: 'self', priority: 'primary', warnings: [InsuranceRuleMessages.crNumber] } } });
    const good = await addCover(patient.token, { payer_id: payers.SHA.payer_id, member_number: ' cr0680969605010-6 ' });
    expect(good.body.cover).toMatchObject({ member_number: CR, warnings: [], payer: { code: 'SHA' } });
    const spouse = await addCover(patient.token, { payer_id: payers.AAR.payer_id, member_number: 'AAR-778812', relationship: 'spouse' });
    expect(spouse).toMatchObject({ status: 400, body: { message: InsuranceMessages.principalNeeded } });
    expect((await addCover(patient.token, { payer_id: payers.AAR.payer_id, member_number: 'x' })).status).toBe(400);
    const dependant = await addCover(patient.token, {
      payer_id: payers.AAR.payer_id,
      member_number: 'AAR-778812-01',
      relationship: 'spouse',
      principal_name: 'Otieno Odhiambo',
      principal_member_number: 'AAR-778812',
      scheme: 'Afya Plus',
      valid_until: openClinicDate(20),
      priority: 'top_up',
    });
    expect(dependant.body.cover).toMatchObject({ relationship: 'spouse', principal_name: 'Otieno Odhiambo', scheme: 'Afya Plus', priority: 'top_up' });

    expect((await platform.api('PATCH', `/insurance/covers/${odd.body.cover.cover_id}`, { token: other.token, body: { member_number: 'CR1111111111-1' } })).status).toBe(404);
    expect((await platform.api('DELETE', `/insurance/covers/${odd.body.cover.cover_id}`, { token: other.token })).status).toBe(404);
    expect((await platform.api('GET', '/insurance/covers', { token: other.token })).body.covers).toEqual([]);
    expect((await platform.api('DELETE', `/insurance/covers/${odd.body.cover.cover_id}`, { token: patient.token })).status).toBe(200);
    const mine = (await platform.api('GET', '/insurance/covers', { token: patient.token })).body.covers as { cover_id: number }[];
    expect(mine.map((c) => c.cover_id).sort()).toEqual([good.body.cover.cover_id, dependant.body.cover.cover_id].sort());
  });

  it("sets a doctor's payers with their co-pays (refusing bad ones), and Find Doctors filters by payer", async () => {
    const put = (token: string, list: unknown[], id = doctor.doctorId) => platform.api('PUT', `/doctors/${id}/payers`, { token, body: { payers: list } });
    expect((await put(doctor.token, [{ payer_id: payers.SHA.payer_id, copay_kind: 'fixed', copay_value: FEE + 1 }])).body.message).toBe(InsuranceRuleMessages.copayAboveFee);
    expect((await put(doctor.token, [{ payer_id: payers.SHA.payer_id, copay_kind: 'fixed', copay_value: -5 }])).status).toBe(400);
    expect((await put(doctor.token, [{ payer_id: payers.SHA.payer_id, copay_kind: 'percent', copay_value: 150 }])).body.message).toBe(InsuranceRuleMessages.copayPercent);
    expect((await put(otherDoctor.token, [{ payer_id: payers.SHA.payer_id, copay_kind: 'none' }])).status).toBe(403);
    expect((await put(patient.token, [])).status).toBe(403);
    const saved = await put(doctor.token, [
      { payer_id: payers.SHA.payer_id, copay_kind: 'fixed', copay_value: 500 },
      { payer_id: payers.AAR.payer_id, copay_kind: 'none' },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.payers).toEqual([
      expect.objectContaining({ code: 'SHA', copay_kind: 'fixed', copay_value: 500 }),
      expect.objectContaining({ code: 'AAR', copay_kind: 'none', copay_value: 0 }),
    ]);
    expect((await put(admin.token, [{ payer_id: payers.JUBILEE.payer_id, copay_kind: 'percent', copay_value: 10 }], otherDoctor.doctorId)).status).toBe(200);
    expect((await platform.api('GET', `/doctors/${doctor.doctorId}/payers`, { token: patient.token })).body.payers).toHaveLength(2);

    const sha = (await platform.api('GET', '/appointments/doctors?payer=sha', { token: patient.token })).body.doctors as { doctor_id: number; payers: Payer[] }[];
    expect(sha.map((d) => d.doctor_id)).toEqual([doctor.doctorId]);
    expect(sha[0].payers.map((p) => p.code)).toEqual(['SHA', 'AAR']);
    const all = (await platform.api('GET', '/appointments/doctors', { token: patient.token })).body.doctors as { doctor_id: number; payers: Payer[] }[];
    expect(all.find((d) => d.doctor_id === otherDoctor.doctorId)!.payers.map((p) => p.code)).toEqual(['JUBILEE']);
    expect((await platform.api('GET', '/appointments/doctors?payer=NOPE', { token: patient.token })).body.doctors).toEqual([]);
  });

  it('books with SHA cover: the co-pay is due, M-Pesa pushes exactly Ksh 500, and editing the cover leaves the snapshot', async () => {
    const covers = (await platform.api('GET', '/insurance/covers', { token: patient.token })).body.covers as { cover_id: number; payer: Payer }[];
    const shaCover = covers.find((c) => c.payer.code === 'SHA')!;
    const booked = await book(patient.token, { cover_id: shaCover.cover_id });
    expect(booked.status).toBe(201);
    expect(booked.body.appointment).toMatchObject({
      total_amount: FEE,
      paid: false,
      appointment_status: 'Pending',
      payment_route: 'insurance',
      amount_due_now: 500,
      cover: { cover_id: shaCover.cover_id, payer_code: 'SHA', member_number: CR, copay_kind: 'fixed', copay_amount: 500, cover_amount: 1500, fee: FEE, check_status: 'pending' },
    });
    const id = booked.body.appointment_id as number;
    expect(await payByMpesa(id)).toBe(500);
    await eventually(async () => expect(await view(id)).toMatchObject({ paid: true, appointment_status: 'Confirmed', amount_due_now: 0, cover: { paid_amount: 500 } }), 10_000);
    expect((await platform.api('POST', '/mpesa/stkpush', { token: patient.token, body: { phone: '0712345999', amount: 500, appointment_id: id } })).status).toBe(409);
    // The receipt: the payer, the member number masked but for its last 4, the fee, the payer's part and the co-pay.
    const [{ payment_id }] = await sql('payment', `SELECT payment_id FROM payments WHERE appointment_id = $1`, [id]);
    const pdf = await platform.api('GET', `/payments/${payment_id}/receipt`, { token: patient.token });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const receipt = pdfText(pdf.body as Buffer).replace(/\s+/g, ' ');
    for (const part of ['Social Health Authority (SHA)', '*************10-6', 'Expected from the payer', 'Paid by you (co-pay)']) expect(receipt).toContain(part);
    expect(receipt).not.toContain(CR);

    await platform.api('PATCH', `/insurance/covers/${shaCover.cover_id}`, { token: patient.token, body: { member_number: 'CR9999999999999-1', valid_until: openClinicDate(30) } });
    expect((await view(id)).cover).toMatchObject({ member_number: CR, valid_until: null });

    // Without cover_id: today's booking, self-pay.
    const selfPay = await book(patient.token);
    expect(selfPay.body.appointment).toMatchObject({ payment_route: 'self_pay', amount_due_now: FEE, cover: null, appointment_status: 'Pending' });
  });

  it('refuses a cover the doctor does not accept (naming the payer), an expired cover, and another patient\'s cover', async () => {
    const covers = (await platform.api('GET', '/insurance/covers', { token: patient.token })).body.covers as { cover_id: number; payer: Payer }[];
    const aar = covers.find((c) => c.payer.code === 'AAR')!;
    const refused = await book(patient.token, { cover_id: aar.cover_id }, otherDoctor);
    expect(refused).toMatchObject({ status: 400, body: { message: `Dr. Brian Otieno does not accept ${payers.AAR.name}. Choose another cover or pay yourself.` } });
    const inSwahili = await platform.api('POST', '/appointments', {
      token: patient.token,
      headers: SW,
      body: booking(otherDoctor.doctorId, { time_slot: '05:00 PM', appointment_date: openClinicDate(9), cover_id: aar.cover_id }),
    });
    expect(inSwahili.body.message).toBe(`Dkt. Brian Otieno hapokei ${payers.AAR.name}. Chagua bima nyingine au ujilipie.`);

    const expired = await addCover(patient.token, { payer_id: payers.SHA.payer_id, member_number: 'CR1234567890123-4', valid_until: openClinicDate(1) });
    const late = await book(patient.token, { cover_id: expired.body.cover.cover_id, appointment_date: openClinicDate(10) });
    expect(late).toMatchObject({ status: 400, body: { message: InsuranceMessages.coverExpired } });
    expect((await book(other.token, { cover_id: aar.cover_id })).status).toBe(404);
    const before = Number((await sql('appointment', `SELECT count(*) FROM appointments`))[0].count);
    expect((await book(patient.token, { cover_id: 2147483000 })).status).toBe(404);
    expect(Number((await sql('appointment', `SELECT count(*) FROM appointments`))[0].count)).toBe(before);
  });

  it('a cover with no co-pay leaves nothing to pay: Confirmed at booking', async () => {
    const covers = (await platform.api('GET', '/insurance/covers', { token: patient.token })).body.covers as { cover_id: number; payer: Payer }[];
    const booked = await book(patient.token, { cover_id: covers.find((c) => c.payer.code === 'AAR')!.cover_id });
    expect(booked.body).toMatchObject({ message: InsuranceMessages.bookedCovered, appointment: { paid: true, appointment_status: 'Confirmed', amount_due_now: 0, cover: { copay_amount: 0, cover_amount: FEE } } });
  });

  it('the desk rejects the cover: the rest of the fee is due, and paying it by M-Pesa completes the visit\'s payment', async () => {
    const covers = (await platform.api('GET', '/insurance/covers', { token: patient.token })).body.covers as { cover_id: number; member_number: string }[];
    const sha = covers.find((c) => c.member_number === 'CR9999999999999-1')!; // the SHA cover, as edited above
    const id = (await book(patient.token, { cover_id: sha.cover_id })).body.appointment_id as number;
    expect(await payByMpesa(id)).toBe(500);
    await eventually(async () => expect((await view(id)).paid).toBe(true), 10_000);

    const check = (token: string, body: Record<string, unknown>) => platform.api('POST', `/appointments/${id}/cover-check`, { token, body });
    expect((await check(patient.token, { result: 'verified' })).status).toBe(403);
    expect((await check(otherDoctor.token, { result: 'verified' })).status).toBe(404);
    expect(await check(doctor.token, { result: 'rejected' })).toMatchObject({ status: 400, body: { message: InsuranceMessages.checkReason } });
    expect((await check(doctor.token, { result: 'maybe' })).status).toBe(400);
    const rejected = await check(doctor.token, { result: 'rejected', reason: 'Member not found on SHA' });
    expect(rejected.body.appointment).toMatchObject({
      paid: false,
      appointment_status: 'Confirmed',
      amount_due_now: 1500,
      cover: { check_status: 'rejected', check_reason: 'Member not found on SHA', checked_by: doctor.userId },
    });
    expect(await payByMpesa(id)).toBe(1500);
    await eventually(async () => expect(await view(id)).toMatchObject({ paid: true, amount_due_now: 0, cover: { paid_amount: FEE } }), 10_000);

    const selfPaid = (await book(patient.token, { cover_id: sha.cover_id })).body.appointment_id as number;
    const marked = await platform.api('POST', `/appointments/${selfPaid}/cover-check`, { token: admin.token, body: { result: 'self_pay' } });
    expect(marked.body.appointment).toMatchObject({ amount_due_now: FEE, cover: { check_status: 'self_pay', checked_by: admin.user.user_id } });
    const verified = await platform.api('POST', `/appointments/${selfPaid}/cover-check`, { token: admin.token, body: { result: 'verified' } });
    expect(verified.body.appointment).toMatchObject({ amount_due_now: 500, cover: { check_status: 'verified', check_reason: null } });
    const marks = await sql('appointment', `SELECT result, checked_by FROM appointment_cover_checks WHERE appointment_id = $1 ORDER BY check_id`, [selfPaid]);
    expect(marks).toEqual([
      { result: 'self_pay', checked_by: admin.user.user_id },
      { result: 'verified', checked_by: admin.user.user_id },
    ]);
    const selfPayVisit = (await book(patient.token)).body.appointment_id as number;
    expect((await platform.api('POST', `/appointments/${selfPayVisit}/cover-check`, { token: admin.token, body: { result: 'verified' } })).status).toBe(409);
  });

  it("the revenue CSV splits each payment: self-pay, the co-pay with its payer's expected part, the rest after a rejected cover", async () => {
    type Line = { payment: number; appointment: number; net: number; paidAs: string; payer: string; expected: number };
    const lines = async (): Promise<Line[]> => {
      const response = await platform.api('GET', '/admin/reports/revenue.csv', { token: admin.token });
      expect(response.status).toBe(200);
      const [header, ...rows] = String(response.body).replace(/^\uFEFF/, '').trim().split('\n');
      expect(header.split(',').slice(-3)).toEqual(['Paid As', 'Payer', 'Insurer Expected (Ksh)']);
      return rows.map((row) => row.split(',')).map((c) => ({ payment: +c[0], appointment: +c[1], net: +c[7], paidAs: c[10], payer: c[11], expected: +c[12] }));
    };
    const checked = await sql('appointment', `SELECT appointment_id, check_status FROM appointment_covers WHERE paid_amount > 0 ORDER BY appointment_id`);
    const pendingOne = checked.find((c: { check_status: string }) => c.check_status === 'pending')!.appointment_id as number;
    const rejectedOne = checked.find((c: { check_status: string }) => c.check_status === 'rejected')!.appointment_id as number;
    await eventually(async () => {
      const all = await lines();
      expect(all.filter((l) => l.appointment === pendingOne).map(({ net, paidAs, payer, expected }) => ({ net, paidAs, payer, expected }))).toEqual([
        { net: 500, paidAs: 'Co-pay', payer: 'SHA', expected: 1500 },
      ]);
      expect(all.filter((l) => l.appointment === rejectedOne).map(({ net, paidAs, payer, expected }) => ({ net, paidAs, payer, expected }))).toEqual([
        { net: 500, paidAs: 'Co-pay', payer: 'SHA', expected: 0 },
        { net: 1500, paidAs: 'Rest after cover', payer: 'SHA', expected: 0 },
      ]);
    }, 15_000);
  });

  it('cancelling a covered visit a day or more ahead refunds both of its charges', async () => {
    const [{ appointment_id: id }] = await sql('appointment', `SELECT appointment_id FROM appointment_covers WHERE check_status = 'rejected' AND paid_amount > 0`);
    expect((await platform.api('PATCH', `/appointments/${id}/status`, { token: patient.token, body: { status: 'Cancelled' } })).status).toBe(200);
    await eventually(async () => {
      const rows = await sql('payment', `SELECT amount::float8 AS amount, status FROM payments WHERE appointment_id = $1 ORDER BY payment_id`, [id]);
      expect(rows).toEqual([
        { amount: 500, status: 'refunded' },
        { amount: 1500, status: 'refunded' },
      ]);
    }, 10_000);
  });
});
