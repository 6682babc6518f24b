/**
 * The API contract, call by call, against the running platform (the journeys' platform, started once by
 * global-setup.js). Written as a client that knows only the contract would call it: for every call, the request body
 * the contract lists is accepted as it is (server-decided fields included); the reply has the keys the contract
 * names, or is the bare array (paging in X-Total-Count and Link) or the object itself; bad input gets the contract's
 * message and changes nothing. The calls are CONTRACT.md §7; the shape rules ARCHITECTURE.md, "The API's shapes".
 */
import { DEMO } from '../support/browser';
import { api, clinicDate, eventually, expectBareList, expectStatus, openClinicDate, TINY_PNG, unique } from './api';

interface Person {
  token: string;
  userId: number;
  email: string;
  password: string;
}

const NOTES = 'Headaches in the morning for two weeks.';
let admin: string;
let patient: Person;
let doctor: Person & { doctorId: number };
let appointmentId: number;
let prescriptionId: number;
let ticketId: number;

async function signIn(email: string, password: string): Promise<{ token: string; user: { user_id: number } }> {
  const reply = await api('POST', 'auth/login', { body: { email, password } });
  expectStatus(reply, 200);
  return reply.body;
}

/** The registration request exactly: firstname, lastname, email, password, contact_phone, address. */
const registration = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Wanjiru',
  lastname: 'Kamau',
  email: `spec-${unique()}@afya.test`,
  password: 'Patient#2026',
  contact_phone: '0712345678',
  address: 'Moi Avenue, Nairobi CBD',
  ...overrides,
});

async function registerPatient(): Promise<Person> {
  const details = registration();
  expectStatus(await api('POST', 'auth/register', { body: details }), 201);
  const session = await signIn(details.email, details.password);
  return { token: session.token, userId: session.user.user_id, email: details.email, password: details.password };
}

/** The booking request exactly: user_id, doctor_id, appointment_date, time_slot, total_amount, appointment_status, notes. */
const bookingRequest = (time_slot: string, day = 3) => ({
  user_id: patient.userId,
  doctor_id: doctor.doctorId,
  appointment_date: openClinicDate(day),
  time_slot,
  total_amount: 200,
  appointment_status: 'Pending',
  notes: NOTES,
});

async function book(time_slot: string, day = 3): Promise<number> {
  const reply = await api('POST', 'appointments', { token: patient.token, body: bookingRequest(time_slot, day) });
  expectStatus(reply, 201);
  return reply.body.appointment_id;
}

const total = async (path: string, token: string) => Number((await api('GET', path, { token })).headers.get('x-total-count'));

beforeAll(async () => {
  admin = (await signIn(DEMO.admin.email, DEMO.admin.password)).token;
  patient = await registerPatient();
  // A doctor of this suite's own (created and approved by the admin), so its slots and figures are its own.
  const email = `spec-dr-${unique()}@afya.test`;
  const created = await api('POST', 'admin/users', { token: admin, body: { firstname: 'Otieno', lastname: 'Omondi', email, phone: '0723456789', role: 'doctor', status: 'active' } });
  expectStatus(created, 201);
  const first = await signIn(email, created.body.temporaryPassword);
  const changed = await api('POST', 'user/change-password', { token: first.token, body: { currentPassword: created.body.temporaryPassword, newPassword: 'Doctor#2026' } });
  expectStatus(changed, 200);
  const doctorId = await eventually(async () => {
    const found = (await api('GET', 'admin/doctors', { token: admin })).body.doctors.find((d: { user_id: number }) => d.user_id === first.user.user_id);
    if (!found) throw new Error('no doctor profile yet');
    return found.doctor_id as number;
  });
  const week = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  expectStatus(await api('PATCH', `admin/doctors/${doctorId}/approve`, { token: admin, body: { specialization: 'Neurology', available_days: week } }), 200);
  const session = await signIn(email, 'Doctor#2026');
  doctor = { token: session.token, userId: session.user.user_id, email, password: 'Doctor#2026', doctorId };
});

describe('Auth and user', () => {
  it('POST /auth/login: email, password → token, user; a short password is refused with its message', async () => {
    const reply = await api('POST', 'auth/login', { body: { email: patient.email, password: patient.password } });
    expectStatus(reply, 200);
    expect(reply.body).toEqual(expect.objectContaining({ token: expect.any(String), user: expect.objectContaining({ email: patient.email, role: 'user' }) }));
    const bad = await api('POST', 'auth/login', { body: { email: patient.email, password: '12345' } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Password must be at least 6 characters']);
  });

  it('POST /auth/register: the six fields → user; a one-letter first name is refused and nobody is created', async () => {
    const details = registration();
    const reply = await api('POST', 'auth/register', { body: details });
    expectStatus(reply, 201);
    expect(reply.body.user).toMatchObject({ email: details.email, firstname: 'Wanjiru', address: details.address, role: 'user' });
    const refused = registration({ firstname: 'W' });
    const bad = await api('POST', 'auth/register', { body: refused });
    expect([bad.status, bad.body.message]).toEqual([400, 'First name must be at least 2 characters']);
    expect((await api('POST', 'auth/login', { body: { email: refused.email, password: refused.password } })).status).toBe(401);
  });

  it('POST /auth/register by an admin: role and status added, a password the client chose, no address → user, who must change it', async () => {
    const { address: _address, ...details } = registration({ password: 'Temp#2026' });
    const reply = await api('POST', 'auth/register', { token: admin, body: { ...details, role: 'doctor', status: 'active' } });
    expectStatus(reply, 201);
    expect(reply.body.user).toMatchObject({ email: details.email, role: 'doctor', status: 'active', must_change_password: true });
    const session = await signIn(details.email, 'Temp#2026');
    expect((await api('GET', 'appointments', { token: session.token })).status).toBe(403);
  });

  it('GET /user/profile → user; GET /user/dashboard → stats', async () => {
    const profile = await api('GET', 'user/profile', { token: patient.token });
    expectStatus(profile, 200);
    expect(profile.body.user).toMatchObject({ user_id: patient.userId, email: patient.email });
    const dashboard = await api('GET', 'user/dashboard', { token: patient.token });
    expectStatus(dashboard, 200);
    expect(dashboard.body.stats).toEqual(expect.any(Object));
  });

  it('POST /user/profile-picture {imageBase64} → url; PATCH /user/profile with the profile payload', async () => {
    const picture = await api('POST', 'user/profile-picture', { token: patient.token, body: { imageBase64: TINY_PNG } });
    expectStatus(picture, 200);
    expect(picture.body.url).toEqual(expect.any(String));
    const profile = { firstname: 'Wanjiru', lastname: 'Kamau-Otieno', contact_phone: '0712345679', address: 'Tom Mboya Street, Nairobi', profile_picture_url: picture.body.url };
    expectStatus(await api('PATCH', 'user/profile', { token: patient.token, body: profile }), 200);
    expect((await api('GET', 'user/profile', { token: patient.token })).body.user).toMatchObject({ lastname: 'Kamau-Otieno', address: 'Tom Mboya Street, Nairobi' });
  });

  it('POST /user/change-password {currentPassword, newPassword}; a wrong current password changes nothing', async () => {
    const someone = await registerPatient();
    const wrong = await api('POST', 'user/change-password', { token: someone.token, body: { currentPassword: 'not-it-at-all', newPassword: 'Other#2026' } });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    await signIn(someone.email, someone.password);
    expectStatus(await api('POST', 'user/change-password', { token: someone.token, body: { currentPassword: someone.password, newPassword: 'Other#2026' } }), 200);
    await signIn(someone.email, 'Other#2026');
  });
});

describe('Appointments', () => {
  it('POST /appointments with exactly the listed fields → appointment (with appointment_id), and appointment_id at the top', async () => {
    const reply = await api('POST', 'appointments', { token: patient.token, body: bookingRequest('09:00 AM') });
    expectStatus(reply, 201);
    appointmentId = reply.body.appointment_id;
    expect(reply.body.appointment).toMatchObject({
      appointment_id: appointmentId,
      user_id: patient.userId,
      doctor_id: doctor.doctorId,
      appointment_date: openClinicDate(3),
      time_slot: '09:00 AM',
      // No type named: the one whose default fee is the amount sent (Consultation, Ksh 200).
      appointment_type: 'Consultation',
      total_amount: 200,
      appointment_status: 'Pending',
      paid: false,
      notes: NOTES,
    });
    // The trailing slash is the same call.
    const slash = await api('POST', 'appointments/', { token: patient.token, body: bookingRequest('09:30 AM') });
    expectStatus(slash, 201);
  });

  it.each([
    [{ doctor_id: undefined }, 'Please select a doctor'],
    [{ appointment_date: undefined }, 'Please select a date'],
    [{ time_slot: undefined }, 'Please select a time'],
    [{ notes: 'Too short' }, 'Please provide a reason (at least 10 characters)'],
    [{ appointment_date: clinicDate(0) }, 'Please choose a date from tomorrow up to 30 days ahead'],
  ])('POST /appointments %j → "%s", nothing booked', async (override, message) => {
    const before = await total('appointments', patient.token);
    const reply = await api('POST', 'appointments', { token: patient.token, body: { ...bookingRequest('10:00 AM'), ...override } });
    expect([reply.status, reply.body.message]).toEqual([400, message]);
    expect(await total('appointments', patient.token)).toBe(before);
  });

  it('GET /appointments, /appointments/doctor, /appointments/admin/all: the bare array, newest first, paged by headers', async () => {
    const own = expectBareList(await api('GET', 'appointments', { token: patient.token })) as { appointment_id: number }[];
    expect(own.map((a) => a.appointment_id)).toContain(appointmentId);
    const doctors = expectBareList(await api('GET', 'appointments/doctor', { token: doctor.token })) as { appointment_id: number; patient_full_name: string }[];
    expect(doctors.find((a) => a.appointment_id === appointmentId)).toMatchObject({ patient_full_name: expect.any(String) });
    const all = await api('GET', 'appointments/admin/all?limit=1', { token: admin });
    expect(expectBareList(all)).toHaveLength(1);
    expect(all.headers.get('link')).toBe('</api/appointments/admin/all?limit=1&offset=1>; rel="next"');
    const next = await api('GET', 'appointments/admin/all?limit=1&offset=1', { token: admin });
    expect(next.headers.get('link')).toContain('rel="prev"');
  });

  it('GET /appointments/stats (list in data); GET /appointments/doctors (doctors)', async () => {
    const stats = await api('GET', 'appointments/stats', { token: patient.token });
    expectStatus(stats, 200);
    expect((stats.body.data as { appointment_id: number }[]).map((a) => a.appointment_id)).toContain(appointmentId);
    const doctors = await api('GET', 'appointments/doctors', { token: patient.token });
    expectStatus(doctors, 200);
    expect(doctors.body.doctors).toEqual(expect.arrayContaining([expect.objectContaining({ doctor_id: doctor.doctorId, first_name: 'Otieno', last_name: 'Omondi', specialization: 'Neurology' })]));
  });

  it('PATCH /appointments/{id} with partial fields; /status with status (response appointment); /override with status', async () => {
    const partial = await api('PATCH', `appointments/${appointmentId}`, { token: doctor.token, body: { diagnosis: 'Tension headache' } });
    expectStatus(partial, 200);
    expect(partial.body.appointment.diagnosis).toBe('Tension headache');
    const status = await api('PATCH', `appointments/${appointmentId}/status`, { token: doctor.token, body: { status: 'Confirmed' } });
    expectStatus(status, 200);
    expect(status.body.appointment).toMatchObject({ appointment_id: appointmentId, appointment_status: 'Confirmed' });
    const bad = await api('PATCH', `appointments/${appointmentId}/status`, { token: doctor.token, body: { status: 'Postponed' } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Status must be one of Pending, Confirmed, Completed, Cancelled']);
    const override = await api('PATCH', `appointments/${appointmentId}/override`, { token: admin, body: { status: 'Pending' } });
    expectStatus(override, 200);
    expect(override.body.appointment.appointment_status).toBe('Pending');
  });

  it('PATCH /appointments/{id}/amount with total_amount; a negative amount is refused and changes nothing', async () => {
    const reply = await api('PATCH', `appointments/${appointmentId}/amount`, { token: admin, body: { total_amount: 250 } });
    expectStatus(reply, 200);
    expect(reply.body.appointment.total_amount).toBe(250);
    const bad = await api('PATCH', `appointments/${appointmentId}/amount`, { token: admin, body: { total_amount: -5 } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Amount must be a number of at least 0']);
    expect((await api('GET', `appointments/${appointmentId}`, { token: admin })).body.appointment.total_amount).toBe(250);
  });

  it('DELETE /appointments/{id}', async () => {
    const doomed = await book('11:00 AM');
    expectStatus(await api('DELETE', `appointments/${doomed}`, { token: admin }), 200);
    expect((await api('GET', `appointments/${doomed}`, { token: admin })).status).toBe(404);
  });
});

describe('Prescriptions', () => {
  const medicines = [{ name: 'Paracetamol', dosage: '500mg', frequency: 'Three times daily', instructions: 'After meals' }];

  it('POST /prescriptions: appointment_id, doctor_id, patient_id, medicines as a JSON string, notes → prescription; no medicine is refused and creates nothing', async () => {
    const body = { appointment_id: appointmentId, doctor_id: doctor.doctorId, patient_id: patient.userId, notes: 'Rest and fluids' };
    const before = await total('prescriptions/doctor', doctor.token);
    const bad = await api('POST', 'prescriptions', { token: doctor.token, body: { ...body, medicines: '[]' } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Please fill all required fields.']);
    expect(await total('prescriptions/doctor', doctor.token)).toBe(before);
    // A prescription is written for a visit that has started or is completed: the admin completes this one (the
    // prescription service learns it from the appointment's event, hence the retry).
    expectStatus(await api('PATCH', `appointments/${appointmentId}/override`, { token: admin, body: { status: 'Completed' } }), 200);
    const reply = await eventually(async () => {
      const attempt = await api('POST', 'prescriptions', { token: doctor.token, body: { ...body, medicines: JSON.stringify(medicines) } });
      expectStatus(attempt, 201);
      return attempt;
    });
    prescriptionId = reply.body.prescription.prescription_id;
    expect(reply.body.prescription).toMatchObject({ appointment_id: appointmentId, patient_id: patient.userId, medicines: [expect.objectContaining({ name: 'Paracetamol' })] });
  });

  it('GET /prescriptions/user, /prescriptions/doctor, /prescriptions: the bare array', async () => {
    const ids = (rows: unknown[]) => (rows as { prescription_id: number }[]).map((p) => p.prescription_id);
    expect(ids(expectBareList(await api('GET', 'prescriptions/user', { token: patient.token })))).toEqual([prescriptionId]);
    expect(ids(expectBareList(await api('GET', 'prescriptions/doctor', { token: doctor.token })))).toContain(prescriptionId);
    expect(ids(expectBareList(await api('GET', 'prescriptions', { token: admin })))).toContain(prescriptionId);
  });

  it('GET /prescriptions/{id}: the prescription itself, its fields flat; /pdf: a PDF', async () => {
    const reply = await api('GET', `prescriptions/${prescriptionId}`, { token: patient.token });
    expectStatus(reply, 200);
    expect(reply.body).toMatchObject({ prescription_id: prescriptionId, appointment_id: appointmentId, doctor_id: doctor.doctorId, patient_id: patient.userId, doctor_name: expect.any(String) });
    expect(reply.body).toEqual(expect.objectContaining({ issued_at: expect.any(String), updated_at: expect.any(String), notes: 'Rest and fluids', medicines: expect.any(Array) }));
    const pdf = await api('GET', `prescriptions/${prescriptionId}/pdf`, { token: patient.token });
    expectStatus(pdf, 200);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('PATCH /prescriptions/{id}', async () => {
    const reply = await api('PATCH', `prescriptions/${prescriptionId}`, { token: doctor.token, body: { notes: 'Return in a week' } });
    expectStatus(reply, 200);
    expect((await api('GET', `prescriptions/${prescriptionId}`, { token: doctor.token })).body.notes).toBe('Return in a week');
  });
});

/**
 * A doctor reads a patient's records and tickets only while caring for them: a Confirmed (or Completed) visit, from a
 * week before it. The booking made above is Pending again after the override test; confirming it (idempotent) gives
 * the doctor that relationship.
 */
async function confirmTheVisit(): Promise<void> {
  expectStatus(await api('PATCH', `appointments/${appointmentId}/override`, { token: admin, body: { status: 'Confirmed' } }), 200);
}

describe('Medical history', () => {
  it('GET /medical-history (history); /self in the aggregate shape for a patient and a doctor; /user/{userId} (records)', async () => {
    const all = await api('GET', 'medical-history', { token: admin });
    expectStatus(all, 200);
    expect(all.body.history).toEqual({ appointments: expect.any(Array), prescriptions: expect.any(Array) });
    for (const token of [patient.token, doctor.token]) {
      const self = await api('GET', 'medical-history/self', { token });
      expectStatus(self, 200);
      expect((self.body.appointments as { id: string }[]).map((r) => r.id)).toContain(`appt-${appointmentId}`);
      expect((self.body.prescriptions as { id: string }[]).map((r) => r.id)).toContain(`presc-${prescriptionId}`);
    }
    await confirmTheVisit();
    // The prescription service learns of the confirmation from the appointment's event (asynchronously).
    const user = await eventually(async () => {
      const reply = await api('GET', `medical-history/user/${patient.userId}`, { token: doctor.token });
      expectStatus(reply, 200);
      return reply;
    });
    expect((user.body.records as { id: string }[]).map((r) => r.id)).toEqual(expect.arrayContaining([`appt-${appointmentId}`, `presc-${prescriptionId}`]));
  });
});

describe('Doctor', () => {
  it('GET /doctor/notifications (emergencies, labResults); GET /doctor/performance', async () => {
    const notifications = await api('GET', 'doctor/notifications', { token: doctor.token });
    expectStatus(notifications, 200);
    expect(notifications.body).toEqual(expect.objectContaining({ emergencies: expect.any(Array), labResults: expect.any(Array) }));
    const performance = await api('GET', 'doctor/performance', { token: doctor.token });
    expectStatus(performance, 200);
    expect(performance.body).toEqual(
      expect.objectContaining({ patientsSeen: expect.any(Number), avgRating: expect.any(Number), onTimeRate: expect.any(Number), avgConsultation: expect.any(Number) }),
    );
  });

  it('PATCH /doctor/{id}/fee with fee; GET /doctor/profile-by-user/{userId} returns doctor_id and fee; a negative fee changes nothing', async () => {
    expectStatus(await api('PATCH', `doctor/${doctor.doctorId}/fee`, { token: doctor.token, body: { fee: 1800 } }), 200);
    const bad = await api('PATCH', `doctor/${doctor.doctorId}/fee`, { token: doctor.token, body: { fee: -1 } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Fee must be a number of at least 0']);
    const profile = await api('GET', `doctor/profile-by-user/${doctor.userId}`, { token: doctor.token });
    expectStatus(profile, 200);
    expect(profile.body).toMatchObject({ doctor_id: doctor.doctorId, fee: 1800 });
  });
});

describe('Payments', () => {
  it('POST /payments/create: appointment_id, amount → url; the appointment’s amount is charged even when the amount sent differs', async () => {
    const reply = await api('POST', 'payments/create', { token: patient.token, body: { appointment_id: appointmentId, amount: 200 } });
    expectStatus(reply, 200);
    expect(reply.body).toMatchObject({ url: expect.any(String), amount: 250, requested_amount: 200 });
    const bad = await api('POST', 'payments/create', { token: patient.token, body: { appointment_id: 'abc', amount: 250 } });
    expect(bad.status).toBe(400);
  });

  it('POST /payments/confirm: appointment_id, amount, transaction_id (the session id), payment_status; history the bare array; receipt a PDF', async () => {
    const created = await api('POST', 'payments/create', { token: patient.token, body: { appointment_id: appointmentId, amount: 250 } });
    expectStatus(created, 200);
    // The card provider's page (the local sandbox): Pay, then back to the success page with session_id in the query.
    const paid = await fetch(`${created.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
    const confirm = await api('POST', 'payments/confirm', {
      token: patient.token,
      body: { appointment_id: appointmentId, amount: 250, transaction_id: sessionId, payment_status: 'completed' },
    });
    expectStatus(confirm, 200);
    const history = expectBareList(await api('GET', 'payments/history', { token: patient.token })) as { payment_id: number; appointment_id: number; payment_status: string }[];
    const payment = history.find((p) => p.appointment_id === appointmentId && p.payment_status === 'completed')!;
    expect(payment).toMatchObject({ amount: 250, transaction_id: sessionId, appointment: { doctor: { first_name: 'Otieno', last_name: 'Omondi' } } });
    const receipt = await api('GET', `payments/${payment.payment_id}/receipt`, { token: patient.token });
    expectStatus(receipt, 200);
    expect(receipt.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('POST /mpesa/stkpush: phone, amount, appointment_id', async () => {
    const id = await book('02:00 PM');
    const reply = await api('POST', 'mpesa/stkpush', { token: patient.token, body: { phone: '0712345602', amount: 1, appointment_id: id } }); // a number of its own: 3 pushes per phone in 10 minutes, and the journeys push too
    expectStatus(reply, 200);
    expect(reply.body).toMatchObject({ message: 'STK Push sent! Check your phone to complete payment.', amount: 1800 });
  });
});

describe('Support', () => {
  it('POST /support: subject, description, category, priority; without a description it is refused and nothing is created', async () => {
    const before = await total('support', patient.token);
    const bad = await api('POST', 'support', { token: patient.token, body: { subject: 'Refund', category: 'billing', priority: 'high' } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Description is required']);
    expect(await total('support', patient.token)).toBe(before);
    // Linked to the visit: its doctor reads the ticket while caring for the patient (GET /support/doctor below).
    const reply = await api('POST', 'support', {
      token: patient.token,
      body: { subject: 'Charged twice', description: 'My card was charged twice.', category: 'billing', priority: 'high', related_appointment_id: appointmentId },
    });
    expectStatus(reply, 201);
    ticketId = reply.body.complaint.complaint_id;
  });

  it('GET /support, /support/all, /support/doctor: the bare array', async () => {
    const own = expectBareList(await api('GET', 'support', { token: patient.token })) as { complaint_id: number }[];
    expect(own.map((t) => t.complaint_id)).toContain(ticketId);
    const all = expectBareList(await api('GET', 'support/all', { token: admin })) as { id: number }[];
    expect(all.map((t) => t.id)).toContain(ticketId);
    await confirmTheVisit();
    // The support service learns of the confirmation from the appointment's event (asynchronously).
    await eventually(async () => {
      const doctors = expectBareList(await api('GET', 'support/doctor', { token: doctor.token })) as { complaint_id: number; user_email: string }[];
      expect(doctors.find((t) => t.complaint_id === ticketId)).toMatchObject({ user_email: patient.email });
    });
  });

  it('PATCH /support/{id} and /status; GET and POST /support/{id}/messages; DELETE /support/{id}', async () => {
    const edit = await api('PATCH', `support/${ticketId}`, { token: patient.token, body: { subject: 'Charged twice for one visit', description: 'Card charged twice.', category: 'billing', priority: 'urgent' } });
    expectStatus(edit, 200);
    expectStatus(await api('PATCH', `support/${ticketId}/status`, { token: admin, body: { status: 'pending' } }), 200);
    expectStatus(await api('POST', `support/${ticketId}/messages`, { token: admin, body: { message: 'We are looking into it.' } }), 201);
    const messages = expectBareList(await api('GET', `support/${ticketId}/messages`, { token: patient.token })) as { message: string; sender_role: string }[];
    expect(messages.map((m) => m.message)).toEqual(['We are looking into it.']);
    expectStatus(await api('DELETE', `support/${ticketId}`, { token: admin }), 200);
    expect((expectBareList(await api('GET', 'support', { token: patient.token })) as { complaint_id: number }[]).map((t) => t.complaint_id)).not.toContain(ticketId);
  });
});

describe('Admin', () => {
  it('GET /admin/analytics/summary (totals and the admin overview fields); bookings and revenue by range; appointment-status', async () => {
    const summary = await api('GET', 'admin/analytics/summary', { token: admin });
    expectStatus(summary, 200);
    expect(summary.body.totals).toEqual({ users: expect.any(Number), doctors: expect.any(Number), appointments: expect.any(Number), revenue: expect.any(Number) });
    for (const key of ['recentUsers', 'recentAppointments', 'recentPayments']) expect(summary.body[key]).toEqual(expect.any(Array));
    expect(summary.body).toEqual(expect.objectContaining({ pendingDoctors: expect.any(Number), paymentDisputes: expect.any(Number) }));
    for (const range of [7, 30, 90, 365]) {
      const bookings = expectBareList(await api('GET', `admin/analytics/bookings?range=${range}`, { token: admin }));
      expect(bookings).toHaveLength(range);
      expect(bookings[0]).toEqual({ date: expect.any(String), count: expect.any(Number) });
      const revenue = await api('GET', `admin/analytics/revenue?range=${range}`, { token: admin });
      expectStatus(revenue, 200);
      expect(revenue.body.dailyRevenue).toHaveLength(range);
      expect(revenue.body.dailyRevenue[0]).toEqual({ date: expect.any(String), revenue: expect.any(Number) });
    }
    expect(expectBareList(await api('GET', 'admin/analytics/bookings', { token: admin }))).toHaveLength(30);
    const bad = await api('GET', 'admin/analytics/revenue?range=8', { token: admin });
    expect([bad.status, bad.body.message]).toEqual([400, 'range must be one of 7, 30, 90, 365']);
    const status = await api('GET', 'admin/analytics/appointment-status', { token: admin });
    expectStatus(status, 200);
    expect(status.body.statusBreakdown).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'Pending', count: expect.any(Number) })]));
  });

  it('GET /admin/users (users, and data); POST /admin/users (user); a short phone is refused and nobody is created; PUT, PATCH, DELETE', async () => {
    const list = await api('GET', 'admin/users', { token: admin });
    expectStatus(list, 200);
    expect(list.body.users.length).toBeGreaterThan(2);
    expect(list.body.data).toEqual(list.body.users);
    const email = `spec-user-${unique()}@afya.test`;
    const form = { firstname: 'Baraka', lastname: 'Mutua', email, phone: '0734567890', role: 'user', status: 'active' };
    const bad = await api('POST', 'admin/users', { token: admin, body: { ...form, phone: '0734' } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Phone number must be at least 10 digits']);
    expect((await api('GET', `admin/users?search=${encodeURIComponent(email)}`, { token: admin })).body.users).toEqual([]);
    const created = await api('POST', 'admin/users', { token: admin, body: form });
    expectStatus(created, 201);
    expect(created.body.user).toMatchObject({ email, firstname: 'Baraka', role: 'user', status: 'active' });
    const id = created.body.user.id;
    expectStatus(await api('PUT', `admin/users/${id}`, { token: admin, body: { ...form, lastname: 'Mutua-Kip' } }), 200);
    const patched = await api('PATCH', `admin/users/${id}`, { token: admin, body: { status: 'suspended' } });
    expectStatus(patched, 200);
    expect(patched.body.user).toMatchObject({ lastname: 'Mutua-Kip', status: 'suspended' });
    expectStatus(await api('DELETE', `admin/users/${id}`, { token: admin }), 200);
  });

  it('GET /admin/doctors (doctors); GET /admin/appointments (appointments); GET /admin/reports/{name}.csv', async () => {
    const doctors = await api('GET', 'admin/doctors', { token: admin });
    expectStatus(doctors, 200);
    expect((doctors.body.doctors as { doctor_id: number }[]).map((d) => d.doctor_id)).toContain(doctor.doctorId);
    const appointments = await api('GET', 'admin/appointments', { token: admin });
    expectStatus(appointments, 200);
    expect(appointments.body.appointments).toEqual(expect.any(Array));
    for (const name of ['appointments', 'users', 'revenue', 'prescriptions']) {
      const report = await api('GET', `admin/reports/${name}.csv`, { token: admin });
      expectStatus(report, 200);
      expect(report.headers.get('content-type')).toContain('text/csv');
      expect(report.bytes.toString('utf8').split('\n')[0].length).toBeGreaterThan(0);
    }
  });

  it('DELETE /prescriptions/{id} (admin, no body): gone from the lists', async () => {
    expectStatus(await api('DELETE', `prescriptions/${prescriptionId}`, { token: admin }), 200);
    expect(expectBareList(await api('GET', 'prescriptions/user', { token: patient.token }))).toEqual([]);
  });
});
