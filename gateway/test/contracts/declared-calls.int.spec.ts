import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { booking, createDoctor, TestDoctor } from '../appointments/support';

const UNSAFE = 'The request contains characters that are not allowed';

jest.setTimeout(60_000);

/**
 * Issue 34: the calls declared in the contracts (contracts/calls.ts, served by gateway/src/common/calls) answer
 * exactly as the controller routes do: the same error bodies (compared whole, not field by field), the same input
 * checks, the same content type, and /api/docs documents them from their declarations.
 */
describe('declared calls answer like the controller routes', () => {
  let platform: TestPlatform;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;
  let doctor: TestDoctor;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { fee: 1000 });
    patient = await signUpAndIn(platform);
  });
  afterAll(() => platform?.close());

  it('refuses with the same bodies: 401, 403, a service 404, a validation 400 with every field', async () => {
    const unauthenticated = await platform.api('POST', '/appointments', { body: booking(doctor.doctorId) });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body).toEqual((await platform.api('GET', '/video/1')).body);

    const forbidden = await platform.api('POST', '/appointments', { token: doctor.token, body: booking(doctor.doctorId) });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual((await platform.api('GET', '/admin/users', { token: patient.token })).body);

    const unknownDoctor = await platform.api('POST', '/appointments', { token: patient.token, body: booking(987654) });
    expect(unknownDoctor.status).toBe(404);
    expect(unknownDoctor.body).toEqual({ statusCode: 404, message: 'Doctor not found' });
    expect(unknownDoctor.headers.get('content-type')).toBe('application/json; charset=utf-8');

    const messages = ['Please select a doctor', 'Please select a date', 'Please select a time', 'Please provide a reason (at least 10 characters)'];
    for (const body of [{}, undefined]) {
      const refused = await platform.api('POST', '/appointments', { token: patient.token, body });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ statusCode: 400, message: messages[0], errors: messages });
    }
  });

  it('refuses unsafe text before the schema, and numbers no column can hold after it', async () => {
    const unsafe = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId, { notes: 'Headache\u0000 for a week now' }) });
    expect(unsafe.status).toBe(400);
    expect(unsafe.body).toEqual({ statusCode: 400, message: UNSAFE, errors: [UNSAFE] });
    const tooBig = await platform.api('POST', '/appointments', { token: patient.token, body: booking(2147483648) });
    expect(tooBig.body).toEqual({ statusCode: 400, message: 'doctor_id is out of range', errors: ['doctor_id is out of range'] });
    const offset = await platform.api('GET', '/appointments?offset=9223372036854775808', { token: patient.token });
    expect(offset.body).toEqual({ statusCode: 400, message: 'offset is out of range', errors: ['offset is out of range'] });
    const limit = await platform.api('GET', '/appointments?limit=0', { token: patient.token });
    expect(limit.body).toEqual({ statusCode: 400, message: 'limit must be from 1 to 1000', errors: ['limit must be from 1 to 1000'] });
    // Odd query strings (oRPC reads brackets as nesting): a 4xx in the error shape, never a 5xx.
    for (const query of ['limit[]=1', 'limit[a]=1', '__proto__[x]=1', 'constructor[prototype][x]=1', 'a[=1', 'limit=1&limit=2']) {
      const odd = await platform.api('GET', `/appointments?${query}`, { token: patient.token });
      expect([query, odd.status < 500]).toEqual([query, true]);
      if (odd.status >= 400) expect(odd.body).toEqual(expect.objectContaining({ statusCode: odd.status, message: expect.any(String) }));
    }
  });

  it("refuses a path's id as the controller routes do: 'Invalid id' alone, before the body", async () => {
    const controllerRoute = await platform.api('GET', '/video/0x39', { token: patient.token });
    expect(controllerRoute.body).toEqual({ statusCode: 400, message: 'Invalid id', errors: ['Invalid id'] });
    for (const id of ['0x39', '1e3', '-1', '0', '%207', '2147483648', '99999999999']) {
      const refused = await platform.api('PATCH', `/appointments/${id}/status`, { token: patient.token, body: {} });
      expect([id, refused.status, refused.body]).toEqual([id, 400, controllerRoute.body]);
    }
    const doctorProfile = await platform.api('PATCH', '/doctor/1e3/fee', { token: admin.token, body: { fee: 'x' } });
    expect(doctorProfile.body).toEqual(controllerRoute.body);
    const unknown = await platform.api('GET', '/appointments/2147483647', { token: patient.token });
    expect(unknown.body).toEqual({ statusCode: 404, message: 'Appointment not found' });
  });

  it('sends the admin search as the service wrote it, and the doctor-profile calls the ids the service reads', async () => {
    const search = await platform.api('GET', '/admin/appointments?status=all&date=all&search=%20%20', { token: admin.token });
    expect(search.status).toBe(200);
    expect(search.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(search.body)).toEqual(expect.arrayContaining(['appointments', 'total', 'page', 'limit']));
    const all = await platform.api('GET', '/appointments/admin/all?status=all&limit=5', { token: admin.token });
    expect([all.status, Array.isArray(all.body), all.headers.get('x-total-count') !== null]).toEqual([200, true, true]);
    const profile = await platform.api('GET', `/doctor/profile-by-user/${doctor.userId}`, { token: admin.token });
    expect([profile.status, profile.body.doctor_id]).toEqual([200, doctor.doctorId]);
    const fee = await platform.api('PATCH', `/doctor/${doctor.doctorId}/fee`, { token: admin.token, body: { fee: 1200 } });
    expect([fee.status, fee.body.fee, fee.body.message]).toEqual([200, 1200, 'Fee updated!']);
  });

  it('books (201, the reply as the service sent it) and lists the bare array with its paging headers', async () => {
    const booked = await platform.api('POST', '/appointments', { token: patient.token, body: booking(doctor.doctorId) });
    expect(booked.status).toBe(201);
    expect(booked.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(booked.headers.get('x-request-id')).toBeTruthy();
    expect(Object.keys(booked.body).sort()).toEqual(['appointment', 'appointment_id', 'message']);
    const list = await platform.api('GET', '/appointments?limit=1', { token: patient.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(list.body).toEqual([booked.body.appointment]);
  });

  it('documents them in /api/docs (OpenAPI 3.1): summary, token, body, reply and the paging headers', async () => {
    const document = (await platform.api('GET', '/docs-json')).body;
    expect(document.openapi).toBe('3.1.0');
    const book = document.paths['/api/appointments'].post;
    expect(book.summary).toBe('Book an appointment (patients)');
    expect(book.security).toEqual([{ bearer: [] }]);
    expect(book.responses['201'].content['application/json'].schema.required).toEqual(expect.arrayContaining(['appointment', 'appointment_id', 'message']));
    const list = document.paths['/api/appointments'].get;
    expect(Object.keys(list.responses['200'].headers)).toEqual(expect.arrayContaining(['X-Total-Count', 'Link']));
    expect(list.responses['200'].content['application/json'].schema.type).toBe('array');
  });
});
