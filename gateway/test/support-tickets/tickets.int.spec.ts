import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { eventually } from '@afya/service-shared/testing';
import { SupportMessages } from '@afya/support-service/contracts';
import { bookAs, createDoctor, openClinicDate, sql, TestDoctor } from '../appointments/support';
import { createAdmin } from '../support/admin';
import { storedEvents } from '../support/event-stream';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

type Session = Awaited<ReturnType<typeof signUpAndIn>>;

// Read by the gateway's contact guard when the platform starts.
process.env.CONTACT_RATE_LIMIT = '3';
// Streams check their token on every heartbeat.
process.env.SSE_HEARTBEAT_MS = '200';
// The test's requests come through 'a proxy' on loopback that names the client in X-Forwarded-For.
process.env.TRUSTED_PROXIES = '127.0.0.1';
jest.setTimeout(60_000);

/** An open conversation stream: what arrived so far, and a way to wait for more. */
async function openStream(platform: TestPlatform, ticketId: number, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${platform.baseUrl}/api/support/${ticketId}/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  let text = '';
  let ended = false;
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      ended = true;
    })().catch(() => undefined);
  }
  return {
    response,
    read: () => text,
    ended: () => ended,
    close: () => controller.abort(),
  };
}

describe('support tickets (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let otherDoctor: TestDoctor;
  let patient: Session;
  let otherPatient: Session;
  let appointmentId: number;

  const create = (who: Session | TestDoctor, body: Record<string, unknown>) => platform.api('POST', '/support', { token: who.token, body });

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule, support: SupportModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    otherDoctor = await createDoctor(platform, admin.token, { firstname: 'Ibrahim', lastname: 'Abdi' });
    patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo' });
    otherPatient = await signUpAndIn(platform, { firstname: 'Kamau', lastname: 'Njoroge' });
    appointmentId = (await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '09:30 AM' })).appointment_id;
    // The support service learns users and appointments from events: wait until it knows this booking.
    await eventually(async () => {
      const rows = await sql('support', `SELECT 1 FROM appointment_directory WHERE appointment_id = $1`, [appointmentId]);
      if (!rows.length) throw new Error('appointment not in the read model yet');
    }, 10_000);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('creates a ticket with defaults and names the owner from the user read model', async () => {
    const created = await create(patient, { title: 'Charged twice', description: 'My card was charged twice for one visit.' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(SupportMessages.created);
    expect(created.body.complaint).toMatchObject({
      subject: 'Charged twice',
      status: 'open',
      priority: 'medium',
      category: 'general',
      user_id: patient.user.user_id,
      user_name: 'Achieng Odhiambo',
      user_email: patient.details.email,
    });
    const events = await eventually(async () => {
      const found = (await storedEvents<{ ticket_id: number }>('support.ticket.created.v1')).filter((e) => e.data.ticket_id === created.body.complaint.complaint_id);
      if (!found.length) throw new Error('no event yet');
      return found;
    });
    expect(events[0].data).toMatchObject({ user_name: 'Achieng Odhiambo', status: 'open', category: 'general', priority: 'medium' });

    expect((await create(patient, { subject: '  ', description: 'x' })).body).toMatchObject({ statusCode: 400, message: SupportMessages.subjectRequired });
    expect((await create(patient, { subject: 'Refund', description: '' })).body.message).toBe(SupportMessages.descriptionRequired);
    expect((await create(patient, { subject: 'Refund', description: 'x', priority: 'critical' })).status).toBe(400);
  });

  it("accepts only the owner's own appointment as related_appointment_id", async () => {
    const own = await create(patient, { subject: 'About my visit', description: 'Need a receipt.', category: 'appointment', related_appointment_id: appointmentId });
    expect(own.status).toBe(201);
    expect(own.body.complaint.related_appointment_id).toBe(appointmentId);
    const theirs = await create(otherPatient, { subject: 'Not mine', description: 'x', related_appointment_id: appointmentId });
    expect(theirs.status).toBe(400);
    expect(theirs.body.message).toBe(SupportMessages.appointmentNotYours);
  });

  it("answers another user's ticket with 404 on every route, and lists only one's own", async () => {
    const { body } = await create(patient, { subject: 'Private', description: 'Only mine.' });
    const id = body.complaint.complaint_id;
    const token = otherPatient.token;
    expect((await platform.api('GET', `/support/${id}`, { token })).status).toBe(404);
    expect((await platform.api('PATCH', `/support/${id}`, { token, body: { subject: 'Hijack' } })).status).toBe(404);
    expect((await platform.api('PATCH', `/support/${id}/status`, { token, body: { status: 'closed' } })).status).toBe(404);
    expect((await platform.api('DELETE', `/support/${id}`, { token })).status).toBe(404);
    expect((await platform.api('GET', `/support/${id}/messages`, { token })).status).toBe(404);
    expect((await platform.api('POST', `/support/${id}/messages`, { token, body: { message: 'hi' } })).status).toBe(404);
    const other = await platform.api('GET', '/support', { token });
    expect(other.status).toBe(200);
    expect(other.body.map((t: { complaint_id: number }) => t.complaint_id)).not.toContain(id);
    expect((await platform.api('GET', '/support')).status).toBe(401);
    expect((await platform.api('GET', '/support/all', { token })).status).toBe(403);
    expect((await platform.api('GET', '/support/stats', { token })).status).toBe(403);
  });

  it("shows a doctor their patients' tickets linked to a confirmed visit with them, read-only, and nobody else's", async () => {
    // A doctor sees a ticket only when it is linked to their appointment and the visit is Confirmed or Completed (issue 22 item 4).
    expect((await platform.api('PATCH', `/appointments/${appointmentId}/override`, { token: admin.token, body: { status: 'Confirmed' } })).status).toBe(200);
    await eventually(async () => {
      const [row] = await sql('support', `SELECT appointment_status FROM appointment_directory WHERE appointment_id = $1`, [appointmentId]);
      if (row?.appointment_status !== 'Confirmed') throw new Error('not confirmed in the read model yet');
    }, 10_000);
    const { body } = await create(patient, { subject: 'Prescription unclear', description: 'Which dose?', related_appointment_id: appointmentId });
    const id = body.complaint.complaint_id;
    await create(otherPatient, { subject: 'Not a patient of Grace', description: 'x' });
    const list = await platform.api('GET', '/support/doctor', { token: doctor.token });
    expect(list.status).toBe(200);
    const mine = list.body.find((t: { complaint_id: number }) => t.complaint_id === id);
    expect(mine).toMatchObject({ user_name: 'Achieng Odhiambo', user_email: patient.details.email, user_phone: '+254712345678', appointment_date: openClinicDate(3) });
    expect(list.body.every((t: { user_id: number }) => t.user_id === patient.user.user_id)).toBe(true);
    expect((await platform.api('GET', '/support/doctor', { token: otherDoctor.token })).body).toEqual([]);
    expect((await platform.api('GET', '/support/doctor', { token: patient.token })).status).toBe(403);

    expect((await platform.api('GET', `/support/${id}/messages`, { token: doctor.token })).status).toBe(200);
    expect((await platform.api('POST', `/support/${id}/messages`, { token: doctor.token, body: { message: 'Take one daily.' } })).status).toBe(403);
    expect((await platform.api('PATCH', `/support/${id}/status`, { token: doctor.token, body: { status: 'closed' } })).status).toBe(403);
    expect((await platform.api('PATCH', `/support/${id}`, { token: doctor.token, body: { subject: 'x' } })).status).toBe(403);
    expect((await platform.api('GET', `/support/${id}`, { token: otherDoctor.token })).status).toBe(404);
  });

  it('refuses the owner an edit once closed (409) but lets a message reopen it; admin replies move open to in-progress', async () => {
    const { body } = await create(patient, { subject: 'Login trouble', description: 'Cannot sign in on my phone.', priority: 'high' });
    const id = body.complaint.complaint_id;
    const edited = await platform.api('PATCH', `/support/${id}`, { token: patient.token, body: { description: 'Cannot sign in on Android.' } });
    expect(edited.status).toBe(200);
    expect(edited.body.complaint).toMatchObject({ description: 'Cannot sign in on Android.', priority: 'high', subject: 'Login trouble' });

    const reply = await platform.api('POST', `/support/${id}/messages`, { token: admin.token, body: { message: 'Please update the app.' } });
    expect(reply.status).toBe(201);
    expect(reply.body.complaint.status).toBe('in-progress');
    expect((await platform.api('PATCH', `/support/${id}/status`, { token: patient.token, body: { status: 'resolved' } })).body).toMatchObject({
      statusCode: 403,
      message: SupportMessages.ownerMayOnlyClose,
    });
    expect((await platform.api('PATCH', `/support/${id}/status`, { token: patient.token, body: { status: 'closed' } })).status).toBe(200);
    const late = await platform.api('PATCH', `/support/${id}`, { token: patient.token, body: { subject: 'Still broken' } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(SupportMessages.finished);

    const again = await platform.api('POST', `/support/${id}/messages`, { token: patient.token, body: { message: 'It broke again.' } });
    expect(again.status).toBe(201);
    expect(again.body.complaint.status).toBe('open');
    const messages = await platform.api('GET', `/support/${id}/messages`, { token: patient.token });
    expect(messages.body.map((m: { sender_role: string; message: string }) => [m.sender_role, m.message])).toEqual([
      ['admin', 'Please update the app.'],
      ['user', 'It broke again.'],
    ]);
    expect((await platform.api('POST', `/support/${id}/messages`, { token: patient.token, body: { message: ' ' } })).body.message).toBe(SupportMessages.messageRequired);
    expect((await platform.api('POST', `/support/${id}/messages`, { token: patient.token, body: { message: 'a'.repeat(5001) } })).status).toBe(400);
    expect((await platform.api('PATCH', `/support/${id}/status`, { token: admin.token, body: { status: 'done' } })).status).toBe(400);
  });

  it("counts unread replies for the Support badge until the owner opens the conversation", async () => {
    const { body } = await create(otherPatient, { subject: 'Badge', description: 'Unread replies.' });
    const id = body.complaint.complaint_id;
    const before = (await platform.api('GET', '/support/unread', { token: otherPatient.token })).body.count;
    await platform.api('POST', `/support/${id}/messages`, { token: admin.token, body: { message: 'We are on it.' } });
    expect((await platform.api('GET', '/support/unread', { token: otherPatient.token })).body.count).toBe(before + 1);
    await platform.api('GET', `/support/${id}/messages`, { token: otherPatient.token });
    expect((await platform.api('GET', '/support/unread', { token: otherPatient.token })).body.count).toBe(before);
  });

  it('admin: searches, filters, deletes softly (kept for audit, gone from lists), and counts by status', async () => {
    const { body } = await create(otherPatient, { subject: 'Mpesa receipt missing', description: 'No SMS received.' });
    const id = body.complaint.complaint_id;
    const search = await platform.api('GET', '/support/all?search=njoroge&status=open&page=1&limit=20', { token: admin.token });
    expect(Number(search.headers.get('x-total-count'))).toBe(search.body.length);
    expect(search.status).toBe(200);
    expect(search.body.map((t: { id: number }) => t.id)).toContain(id);
    expect(search.body.every((t: { status: string; user: string }) => t.status === 'open' && t.user === 'Kamau Njoroge')).toBe(true);
    expect((await platform.api('GET', `/support/all?search=${encodeURIComponent(otherPatient.details.email)}`, { token: admin.token })).headers.get('x-total-count')).not.toBe('0');
    expect((await platform.api('GET', '/support/all?status=nonsense', { token: admin.token })).status).toBe(400);

    const statsBefore = (await platform.api('GET', '/support/stats', { token: admin.token })).body;
    await platform.api('PATCH', `/support/${id}/status`, { token: admin.token, body: { status: 'resolved' } });
    const stats = (await platform.api('GET', '/support/stats', { token: admin.token })).body;
    expect(stats).toMatchObject({ resolved: statsBefore.resolved + 1, unresolved: statsBefore.unresolved - 1 });
    expect(stats.unresolved).toBe(stats.open + stats.in_progress + stats.pending);

    expect((await platform.api('DELETE', `/support/${id}`, { token: admin.token })).body).toEqual({ message: SupportMessages.deleted, complaint_id: id });
    expect((await platform.api('GET', `/support/${id}`, { token: admin.token })).status).toBe(404);
    expect((await platform.api('GET', '/support', { token: otherPatient.token })).body.map((t: { id: number }) => t.id)).not.toContain(id);
    const [kept] = await sql('support', `SELECT deleted_at, deleted_by FROM tickets WHERE ticket_id = $1`, [id]);
    expect(kept.deleted_at).not.toBeNull();
    expect(kept.deleted_by).toBe(admin.user.user_id);
  });

  describe('the contact form', () => {
    const form = { name: 'Amina Wanjiru', email: 'amina@example.co.ke', subject: 'billing', message: 'I was charged twice for my visit.' };
    const send = (body: unknown, ip: string) => platform.api('POST', '/contact', { body, headers: { 'x-forwarded-for': ip } });

    it("validates with the contract's messages", async () => {
      expect((await send({ ...form, name: 'A' }, '10.0.0.1')).body).toMatchObject({ statusCode: 400, message: SupportMessages.contactName });
      expect((await send({ ...form, email: 'amina@' }, '10.0.0.1')).body.message).toBe(SupportMessages.contactEmail);
      expect((await send({ ...form, subject: 'hello' }, '10.0.0.1')).body.message).toBe(SupportMessages.contactSubject);
      expect((await send({ ...form, message: 'Too short' }, '10.0.0.2')).body.message).toBe(SupportMessages.contactMessage);
      expect((await send({ ...form, message: 42 }, '10.0.0.2')).status).toBe(400);
    });

    it("arrives in the admin's desk, linked to the account whose email it is", async () => {
      const sent = await send({ ...form, email: patient.details.email.toUpperCase(), subject: 'technical' }, '10.0.0.3');
      expect(sent.status).toBe(201);
      expect(sent.body.message).toBe(SupportMessages.contactSent);
      const anonymous = await send(form, '10.0.0.3');
      expect(anonymous.status).toBe(201);
      const desk = await platform.api('GET', '/support/all?search=Contact%20form', { token: admin.token });
      const linked = desk.body.find((t: { id: number }) => t.id === sent.body.complaint_id);
      expect(linked).toMatchObject({ source: 'contact', category: 'technical', user_id: patient.user.user_id, user: 'Achieng Odhiambo', unread: true });
      const stranger = desk.body.find((t: { id: number }) => t.id === anonymous.body.complaint_id);
      expect(stranger).toMatchObject({ user_id: null, user: 'Amina Wanjiru', email: 'amina@example.co.ke', category: 'billing', subject: 'Contact form: Billing & Payments' });
    });

    it('is rate limited per address', async () => {
      for (let i = 0; i < 3; i += 1) expect((await send(form, '10.0.0.9')).status).toBe(201);
      const limited = await send(form, '10.0.0.9');
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(SupportMessages.contactTooMany);
      expect((await send(form, '10.0.0.10')).status).toBe(201);
    });
  });

  describe('the live conversation (server-sent events)', () => {
    it("delivers an admin's reply to the owner's open stream and to nobody else", async () => {
      const { body } = await create(patient, { subject: 'Live', description: 'Waiting for a reply.' });
      const id = body.complaint.complaint_id;
      const other = await create(otherPatient, { subject: 'Other live', description: 'My own ticket.' });

      const stranger = await openStream(platform, id, otherPatient.token);
      expect(stranger.response.status).toBe(404);
      expect((await openStream(platform, id, '')).response.status).toBe(401);

      const owner = await openStream(platform, id, patient.token);
      expect(owner.response.status).toBe(200);
      expect(owner.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(owner.response.headers.get('content-encoding')).toBeNull();
      const bystander = await openStream(platform, other.body.complaint.complaint_id, otherPatient.token);
      await eventually(() => expect(owner.read()).toContain('event: ready'));

      const reply = await platform.api('POST', `/support/${id}/messages`, { token: admin.token, body: { message: 'Hello from support.' } });
      const messageId = reply.body.data.message_id;
      await eventually(() => expect(owner.read()).toContain(`"message_id":${messageId}`), 10_000);
      expect(owner.read()).toContain('"type":"support.ticket.message.created.v1"');
      expect(owner.read()).not.toContain('Hello from support.');
      await eventually(() => expect(owner.read()).toContain('"status":"in-progress"'), 10_000);
      expect(bystander.read()).not.toContain(`"ticket_id":${id}`);

      // Deleting the ticket tells the open stream and ends it.
      await platform.api('DELETE', `/support/${id}`, { token: admin.token });
      await eventually(() => expect(owner.ended()).toBe(true), 10_000);
      expect(owner.read()).toContain('"type":"support.ticket.deleted.v1"');
      owner.close();
      bystander.close();
    });

    it('ends a stream once its token is signed out', async () => {
      const leaving = await signUpAndIn(platform, { firstname: 'Otieno', lastname: 'Ouma' });
      const { body } = await create(leaving, { subject: 'Leaving', description: 'Signing out soon.' });
      const stream = await openStream(platform, body.complaint.complaint_id, leaving.token);
      expect(stream.response.status).toBe(200);
      await eventually(() => expect(stream.read()).toContain(': keep-alive'));
      expect(stream.ended()).toBe(false);
      expect((await platform.api('POST', '/auth/logout', { token: leaving.token })).status).toBeLessThan(300);
      await eventually(() => expect(stream.ended()).toBe(true));
      stream.close();
    });
  });
});
