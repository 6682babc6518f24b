import { videoJoinRefusal, type VideoSignal, type VideoStreamEvent } from '@afya/appointment-service/contracts';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PrescriptionModule } from '@afya/prescription-service/src/prescription.module';
import { eventually } from '@afya/service-shared/testing';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { bookAs, createDoctor, openClinicDate, sql, TestDoctor } from '../appointments/support';
import { turnCredentials } from '../../src/modules/video/ice-servers';

// TURN from config, as the cluster sets it (the gateway reads it at start).
process.env.VIDEO_STUN_URLS = 'stun:turn.afya.test:3478';
process.env.VIDEO_TURN_URLS = 'turn:turn.afya.test:3478?transport=udp,turn:turn.afya.test:3478?transport=tcp';
process.env.VIDEO_TURN_SECRET = 'video-spec-secret';
jest.setTimeout(60_000);

const SDP = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
const offer: VideoSignal = { kind: 'description', description: { type: 'offer', sdp: SDP } };
const candidate: VideoSignal = { kind: 'candidate', candidate: { candidate: 'candidate:1 1 udp 2122260223 192.0.2.10 50000 typ host', sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'u1' } };

/** One parsed event of the stream: the contract's shape (the gateway writes it, the call screen reads it). */
type StreamEvent = VideoStreamEvent;

/** A video visit's event stream as the call screen reads it: the parsed events so far, and a way to wait for one. */
async function openStream(platform: TestPlatform, appointmentId: number, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${platform.baseUrl}/api/video/${appointmentId}/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  let ended = false;
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) } as StreamEvent);
        }
      }
      ended = true;
    })().catch(() => undefined);
  }
  return {
    response,
    events,
    ended: () => ended,
    waitFor: (predicate: (e: StreamEvent) => boolean) =>
      eventually(async () => {
        const found = events.find(predicate);
        if (!found) throw new Error(`not yet: ${JSON.stringify(events)}`);
        return found;
      }, 10_000),
    close: () => controller.abort(),
  };
}

describe('video visits: joining and signalling through the gateway (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let otherDoctor: TestDoctor;
  let patient: Awaited<ReturnType<typeof signUpAndIn>>;
  let otherPatient: Awaited<ReturnType<typeof signUpAndIn>>;
  let slot = 0;

  /** A video appointment of `patient` with `doctor`, confirmed by the admin, starting `minutesFromNow` from now. */
  async function videoVisit(minutesFromNow: number, confirm = true, who = patient): Promise<number> {
    const slots = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM'];
    const { appointment_id } = await bookAs(platform, who.token, doctor.doctorId, { time_slot: slots[slot++], appointment_date: openClinicDate(7), visit_mode: 'video' });
    if (confirm) {
      const confirmed = await platform.api('PATCH', `/appointments/${appointment_id}/override`, { token: admin.token, body: { status: 'Confirmed' } });
      expect(confirmed.status).toBe(200);
    }
    // Bookings start tomorrow at the earliest: the visit is moved to now as only the database can (a test's clock).
    await sql('appointment', `UPDATE appointments SET starts_at = now() + make_interval(secs => $2) WHERE appointment_id = $1`, [appointment_id, minutesFromNow * 60]);
    return appointment_id;
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule, prescription: PrescriptionModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token);
    otherDoctor = await createDoctor(platform, admin.token, { firstname: 'Brian', lastname: 'Otieno' });
    await platform.api('PATCH', `/doctor/${doctor.doctorId}/video`, { token: doctor.token, body: { offers_video: true } });
    patient = await signUpAndIn(platform);
    otherPatient = await signUpAndIn(platform, { firstname: 'Jabari', lastname: 'Mwangi' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('gives its patient and its doctor the session: their side, the window and TURN credentials that expire with it', async () => {
    const id = await videoVisit(-5);
    const asPatient = await platform.api('GET', `/video/${id}`, { token: patient.token });
    expect(asPatient.status).toBe(200);
    expect(asPatient.body).toMatchObject({ appointment_id: id, side: 'patient', recording: 'none', doctor_name: 'Grace Wanjiku' });
    const asDoctor = await platform.api('GET', `/video/${id}`, { token: doctor.token });
    expect(asDoctor.body.side).toBe('doctor');
    const closesAt = new Date(asPatient.body.closes_at);
    const opensAt = new Date(asPatient.body.opens_at);
    expect(closesAt.getTime() - opensAt.getTime()).toBe(40 * 60_000);
    expect(Math.abs(closesAt.getTime() - (Date.now() + 25 * 60_000))).toBeLessThan(60_000);
    const [stun, turn] = asPatient.body.ice_servers;
    expect(stun).toEqual({ urls: ['stun:turn.afya.test:3478'] });
    expect(turn.urls).toEqual(['turn:turn.afya.test:3478?transport=udp', 'turn:turn.afya.test:3478?transport=tcp']);
    // The TURN REST API scheme: <expiry>:<who>, expiring exactly when the window closes; the credential coturn recomputes.
    expect(turn.username).toBe(`${Math.floor(closesAt.getTime() / 1000)}:visit-${id}`);
    expect(turn.credential).toBe(turnCredentials('video-spec-secret', `visit-${id}`, closesAt).credential);
    // The same visit later gives the same expiry (the window), not one counted from the request.
    expect((await platform.api('GET', `/video/${id}`, { token: doctor.token })).body.ice_servers[1].username).toBe(turn.username);
  });

  it('the lists carry each visit\'s starts_at, and the contract\'s rule on a listed visit answers as the server admits (issue 44)', async () => {
    // The README's local steps: booked on a day ahead, its start moved in the database; the date and slot stay.
    const moved = async (time_slot: string, minutesFromNow: number) => {
      const { appointment_id } = await bookAs(platform, patient.token, doctor.doctorId, { time_slot, appointment_date: openClinicDate(8), visit_mode: 'video' });
      expect((await platform.api('PATCH', `/appointments/${appointment_id}/override`, { token: admin.token, body: { status: 'Confirmed' } })).status).toBe(200);
      await sql('appointment', `UPDATE appointments SET starts_at = now() + make_interval(secs => $2) WHERE appointment_id = $1`, [appointment_id, minutesFromNow * 60]);
      return appointment_id;
    };
    const open = await moved('04:00 PM', 5);
    const early = await moved('04:30 PM', 12);
    for (const [token, path] of [
      [patient.token, '/appointments'],
      [doctor.token, '/appointments/doctor'],
    ] as const) {
      const list = (await platform.api('GET', path, { token })).body as { appointment_id: number; starts_at: string }[];
      for (const id of [open, early]) {
        const row = list.find((a) => a.appointment_id === id)!;
        expect(Date.parse(row.starts_at)).not.toBeNaN();
        const admitted = (await platform.api('GET', `/video/${id}`, { token })).status === 200;
        expect({ path, id, card: videoJoinRefusal(row, new Date()) === null }).toEqual({ path, id, card: admitted });
      }
    }
    expect((await platform.api('GET', `/video/${open}`, { token: patient.token })).status).toBe(200);
    expect((await platform.api('GET', `/video/${early}`, { token: patient.token })).status).toBe(403);
  });

  it("the doctor's history panel in a visit shows the patient's history, or says plainly why not (issue 44)", async () => {
    const confirmedVisit = async (who: typeof patient, time_slot: string) => {
      const { appointment_id } = await bookAs(platform, who.token, doctor.doctorId, { time_slot, appointment_date: openClinicDate(9), visit_mode: 'video' });
      expect((await platform.api('PATCH', `/appointments/${appointment_id}/override`, { token: admin.token, body: { status: 'Confirmed' } })).status).toBe(200);
      return appointment_id;
    };
    // Booked more than a week ahead (openClinicDate(9) is at least 11 days away) and moved to now, as the README says.
    const id = await confirmedVisit(patient, '04:00 PM');
    await sql('appointment', `UPDATE appointments SET starts_at = now() WHERE appointment_id = $1`, [id]);
    const session = await platform.api('GET', `/video/${id}`, { token: doctor.token });
    expect(session.status).toBe(200);
    // What the panel asks: the patient of the session, for this visit.
    await eventually(async () => {
      const history = await platform.api('GET', `/medical-history/user/${session.body.patient_user_id}?appointment_id=${id}`, { token: doctor.token });
      expect(history.status).toBe(200);
      expect((history.body.records as { appointment_id: number }[]).map((r) => r.appointment_id)).toContain(id);
    }, 10_000);
    // Write Prescription (the panel's other button) counts the visit as started from the same start.
    const medicines = [{ name: 'Paracetamol', dosage: '500mg', frequency: 'Three times daily', instructions: 'After meals' }];
    const written = await platform.api('POST', '/prescriptions', { token: doctor.token, body: { appointment_id: id, medicines } });
    expect([written.status, written.body.message]).toEqual([201, 'Prescription created successfully!']);

    // A visit of theirs still more than 7 days ahead: no care relationship yet, said plainly (not "Medical record not found").
    const ahead = await confirmedVisit(otherPatient, '04:30 PM');
    const refused = await platform.api('GET', `/medical-history/user/${otherPatient.user.user_id}?appointment_id=${ahead}`, { token: doctor.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "You can read this patient's history from 7 days before a confirmed visit with them until 24 hours after it starts, and for 90 days after a completed one.",
    );
    const swahili = await platform.api('GET', `/medical-history/user/${otherPatient.user.user_id}?appointment_id=${ahead}`, { token: doctor.token, headers: { 'accept-language': 'sw' } });
    expect(swahili.body.message).toMatch(/^Unaweza kusoma historia ya mgonjwa huyu kuanzia siku 7 /);
    // Without a visit of theirs it stays the 404 it was; someone else's visit is not theirs to name; bad input is a 400.
    expect((await platform.api('GET', `/medical-history/user/${otherPatient.user.user_id}`, { token: doctor.token })).status).toBe(404);
    expect((await platform.api('GET', `/medical-history/user/${otherPatient.user.user_id}?appointment_id=${ahead}`, { token: otherDoctor.token })).status).toBe(404);
    const bad = await platform.api('GET', `/medical-history/user/${otherPatient.user.user_id}?appointment_id=abc`, { token: doctor.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('appointment_id must be an integer number');
    for (const odd of ['0', '-3', '99999999999', '1.5']) {
      const refused = await platform.api('GET', `/medical-history/user/${otherPatient.user.user_id}?appointment_id=${odd}`, { token: doctor.token });
      expect({ odd, clear: [400, 404].includes(refused.status) }).toEqual({ odd, clear: true });
    }
    // The visit named must be with that patient: naming one with another patient changes nothing.
    expect((await platform.api('GET', `/medical-history/user/${otherPatient.user.user_id}?appointment_id=${id}`, { token: doctor.token })).status).toBe(404);
  });

  it('refuses everyone else: another patient or doctor 404, an admin 403, no token 401', async () => {
    const id = await videoVisit(0);
    expect((await platform.api('GET', `/video/${id}`, { token: otherPatient.token })).status).toBe(404);
    expect((await platform.api('GET', `/video/${id}`, { token: otherDoctor.token })).status).toBe(404);
    expect((await platform.api('GET', `/video/${id}`, { token: admin.token })).status).toBe(403);
    expect((await platform.api('GET', `/video/${id}`)).status).toBe(401);
    expect((await platform.api('GET', `/video/999999`, { token: patient.token })).status).toBe(404);
    for (const token of [otherPatient.token, otherDoctor.token, admin.token]) {
      expect([403, 404]).toContain((await platform.api('POST', `/video/${id}/signal`, { token, body: offer })).status);
      const stream = await openStream(platform, id, token);
      expect([403, 404]).toContain(stream.response.status);
    }
  });

  it('refuses outside the window, when cancelled, unpaid and unconfirmed, or in person', async () => {
    const early = await videoVisit(11);
    const answer = await platform.api('GET', `/video/${early}`, { token: patient.token });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('The video visit opens 10 minutes before the appointment');
    expect((await platform.api('POST', `/video/${early}/signal`, { token: patient.token, body: offer })).status).toBe(403);
    expect((await openStream(platform, early, doctor.token)).response.status).toBe(403);
    const late = await videoVisit(-31);
    expect((await platform.api('GET', `/video/${late}`, { token: doctor.token })).body.message).toBe('The video visit closed 30 minutes after the appointment started');
    const unpaid = await videoVisit(0, false);
    expect((await platform.api('GET', `/video/${unpaid}`, { token: patient.token })).body.message).toBe('The video visit opens once the appointment is paid or confirmed');
    const cancelled = await videoVisit(0);
    await platform.api('PATCH', `/appointments/${cancelled}/override`, { token: admin.token, body: { status: 'Cancelled' } });
    expect((await platform.api('GET', `/video/${cancelled}`, { token: patient.token })).body.message).toBe('This appointment was cancelled');
    const inPerson = await bookAs(platform, patient.token, doctor.doctorId, { time_slot: '05:00 PM', appointment_date: openClinicDate(7) });
    await platform.api('PATCH', `/appointments/${inPerson.appointment_id}/override`, { token: admin.token, body: { status: 'Confirmed' } });
    await sql('appointment', `UPDATE appointments SET starts_at = now() WHERE appointment_id = $1`, [inPerson.appointment_id]);
    expect((await platform.api('GET', `/video/${inPerson.appointment_id}`, { token: patient.token })).body.message).toBe('This appointment is not a video visit');
  });

  it("relays each participant's SDP and ICE candidates to the other only, with presence, and refuses anything else", async () => {
    const id = await videoVisit(-1);
    const patientStream = await openStream(platform, id, patient.token);
    expect(patientStream.response.status).toBe(200);
    expect(patientStream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect((await patientStream.waitFor((e) => e.event === 'ready')).data).toMatchObject({ appointment_id: id, side: 'patient' });
    const doctorStream = await openStream(platform, id, doctor.token);
    // Whoever came first, each learns the other is there.
    await patientStream.waitFor((e) => e.event === 'peer' && e.data.state === 'joined' && e.data.side === 'doctor');
    await doctorStream.waitFor((e) => e.event === 'peer' && e.data.state === 'joined' && e.data.side === 'patient');

    const sent = await platform.api('POST', `/video/${id}/signal`, { token: doctor.token, body: offer });
    expect(sent.status).toBe(202);
    expect((await patientStream.waitFor((e) => e.event === 'signal')).data).toEqual(offer);
    expect((await platform.api('POST', `/video/${id}/signal`, { token: patient.token, body: candidate })).status).toBe(202);
    expect((await doctorStream.waitFor((e) => e.event === 'signal')).data).toEqual(candidate);

    // Not a signal: refused before it is relayed (a chat line, media, an SDP with something extra).
    for (const body of [{ kind: 'chat', text: 'hello' }, { kind: 'media', data: 'AAAA' }, { ...offer, note: 'x' }]) {
      const refused = await platform.api('POST', `/video/${id}/signal`, { token: patient.token, body });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('A signal is an SDP offer or answer, or an ICE candidate');
    }
    // Another patient's signal never reaches the call.
    expect((await platform.api('POST', `/video/${id}/signal`, { token: otherPatient.token, body: offer })).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(doctorStream.events.filter((e) => e.event === 'signal')).toHaveLength(1);
    expect(patientStream.events.filter((e) => e.event === 'signal')).toHaveLength(1);
    // A participant never hears their own signals.
    expect(patientStream.events.filter((e) => e.event === 'signal')[0].data).toEqual(offer);

    patientStream.close();
    await doctorStream.waitFor((e) => e.event === 'peer' && e.data.state === 'left' && e.data.side === 'patient');
    doctorStream.close();
  });

  it('ends the stream when the window closes', async () => {
    const id = await videoVisit(-29.97); // the window closes in about 2 seconds
    const stream = await openStream(platform, id, patient.token);
    expect(stream.response.status).toBe(200);
    expect((await stream.waitFor((e) => e.event === 'closed')).data).toEqual({ reason: 'The video visit closed 30 minutes after the appointment started' });
    await eventually(async () => expect(stream.ended()).toBe(true), 5000);
    expect((await platform.api('POST', `/video/${id}/signal`, { token: patient.token, body: offer })).status).toBe(403);
  });

  it('ends the stream within 5 s of a revocation of its session (a password change), not at its next heartbeat', async () => {
    const leaving = await signUpAndIn(platform, { firstname: 'Amani', lastname: 'Juma' });
    const id = await videoVisit(-1, true, leaving);
    const stream = await openStream(platform, id, leaving.token);
    await stream.waitFor((e) => e.event === 'ready');
    const revokedAt = Date.now();
    const changed = await platform.api('POST', '/user/change-password', { token: leaving.token, body: { currentPassword: leaving.details.password, newPassword: 'Another#2026pass' } });
    expect(changed.status).toBe(200);
    await eventually(async () => expect(stream.ended()).toBe(true), 5000);
    expect(Date.now() - revokedAt).toBeLessThan(5000);
  });

  it("records who joined and left, and when, in the patient's access log; nothing of the call", async () => {
    const id = await videoVisit(-2);
    const before = Date.now();
    const doctorStream = await openStream(platform, id, doctor.token);
    await doctorStream.waitFor((e) => e.event === 'ready');
    const patientStream = await openStream(platform, id, patient.token);
    await patientStream.waitFor((e) => e.event === 'ready');
    await platform.api('POST', `/video/${id}/signal`, { token: doctor.token, body: offer });
    patientStream.close();
    doctorStream.close();
    // The audit rows: one per join and leave, by each participant, with no fields (no content of the call).
    const rows = await eventually(async () => {
      const found = await sql(
        'prescription',
        `SELECT actor_user_id, actor_role, action, record_label, fields, occurred_at FROM audit_log WHERE record_label = $1 ORDER BY occurred_at, audit_id`,
        [`Video visit, appointment #${id}`],
      );
      expect(found).toHaveLength(4);
      return found;
    }, 15_000);
    expect(rows.map((r) => [r.actor_role, r.action]).sort()).toEqual([
      ['doctor', 'joined_video'],
      ['doctor', 'left_video'],
      ['user', 'joined_video'],
      ['user', 'left_video'],
    ]);
    for (const row of rows) {
      expect(row.fields).toEqual([]);
      expect(new Date(row.occurred_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(rows.find((r) => r.action === 'joined_video' && r.actor_role === 'doctor')!.actor_user_id).toBe(doctor.userId);
    // The patient's "who accessed my records": the doctor's and their own joins and leaves of the visit.
    const log = await platform.api('GET', '/medical-history/access-log?limit=50', { token: patient.token });
    expect(log.status).toBe(200);
    const visit = (log.body.entries as { action: string; record: string; actor_name: string; actor_role: string }[]).filter((e) => e.record === `Video visit, appointment #${id}`);
    expect(visit.map((e) => `${e.actor_role} ${e.action}`).sort()).toEqual(['doctor joined_video', 'doctor left_video', 'user joined_video', 'user left_video']);
    expect(visit.find((e) => e.actor_role === 'doctor')!.actor_name).toBe('Grace Wanjiku');
    // A refused join writes no "joined" row.
    await openStream(platform, id, otherPatient.token);
    const refused = await sql('prescription', `SELECT count(*)::int AS n FROM audit_log WHERE record_label = $1 AND actor_user_id = $2`, [`Video visit, appointment #${id}`, otherPatient.user.user_id]);
    expect(refused[0].n).toBe(0);
  });
});
