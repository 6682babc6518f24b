import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { WaitlistMessages } from '@afya/appointment-service/contracts/catalog';
import { eventually } from '@afya/service-shared/testing';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';
import { bookAs, booking, clinicDate, createDoctor, openClinicDate, sql, type TestDoctor } from '../appointments/support';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';

// The waitlist end to end: gateway → NATS → appointment (holds, offers, the expiry job in pg-boss) → support
// (SMS through the Africa's Talking sandbox, email through MailDev) → PostgreSQL.
jest.setTimeout(120_000);

interface OfferRow {
  offer_id: number;
  user_id: number;
  status: string;
}

describe('the waitlist (real NATS + PostgreSQL + SMS sandbox + MailDev)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;
  let admin: { token: string };
  let doctor: TestDoctor;

  beforeAll(async () => {
    inbox = await startMailInbox();
    platform = await startPaymentPlatform(
      { auth: AuthModule, appointment: AppointmentModule, support: SupportModule },
      { SMTP_URL: inbox.smtpUrl, MESSAGE_POLL_SECONDS: '1', WAITLIST_POLL_SECONDS: '1', PUBLIC_APP_URL: 'https://afya.test' },
    );
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
  });

  afterAll(async () => {
    await platform?.close();
    await inbox?.close();
  });

  const smsTo = (phone: string) => platform.sandboxes.sms.messages.filter((m) => m.to === phone);
  const offersOf = (doctorId: number, date: string, slot: string) =>
    sql<OfferRow>('appointment', `SELECT offer_id, user_id, status FROM waitlist_offers WHERE doctor_id = $1 AND appointment_date = $2 AND time_slot = $3 ORDER BY offer_id`, [
      doctorId,
      date,
      slot,
    ]);
  const join = (token: string, body: Record<string, unknown>) =>
    platform.api('POST', '/waitlist', {
      token,
      body: { doctor_id: doctor.doctorId, appointment_type: 'Consultation', notes: 'Recurring chest pain, want the earliest visit.', ...body },
    });
  /** What time would do: the hold's 15 minutes are over and its expiry job is due. */
  const lapse = async (offerId: number) => {
    await sql('appointment', `UPDATE waitlist_offers SET expires_at = now() - interval '1 second' WHERE offer_id = $1`, [offerId]);
    await sql('appointment', `UPDATE job SET start_after = now() WHERE name = 'waitlist-offer-expiry' AND (data->>'offer_id')::int = $1 AND state = 'created'`, [offerId]);
  };

  it('a cancellation offers the slot to the first waiting patient, the hold blocks others, expiry passes it on, claim books it', async () => {
    const day = openClinicDate(4);
    const slot = { appointment_date: day, time_slot: '10:00 AM' };
    const holder = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Holder', contact_phone: '+254722200101' });
    const first = await signUpAndIn(platform, { firstname: 'Baraka', lastname: 'First', contact_phone: '+254722200102' });
    const second = await signUpAndIn(platform, { firstname: 'Chebet', lastname: 'Second', contact_phone: '+254722200103' });
    const other = await signUpAndIn(platform, { firstname: 'Dan', lastname: 'Other', contact_phone: '+254722200104' });
    const booked = await bookAs(platform, holder.token, doctor.doctorId, slot);

    expect(await join(first.token, { date_from: day, date_to: openClinicDate(6) })).toMatchObject({ status: 201, body: { message: WaitlistMessages.joined, entry: { status: 'waiting', position: 1 } } });
    expect(await join(second.token, { date_from: openClinicDate(3), date_to: day })).toMatchObject({ status: 201, body: { entry: { position: 2 } } });

    expect((await platform.api('PATCH', `/appointments/${booked.appointment_id}/status`, { token: holder.token, body: { status: 'Cancelled' } })).status).toBe(200);

    // the first waiting patient is offered it at once (same commit as the cancellation), by SMS and email
    const [offer] = await offersOf(doctor.doctorId, day, '10:00 AM');
    expect(offer).toMatchObject({ user_id: first.user.user_id, status: 'held' });
    const sms = await eventually(async () => {
      const found = smsTo('+254722200102').find((m) => m.message.startsWith('Afya: a slot opened with Dr Grace Wanjiku'));
      if (!found) throw new Error('no offer SMS yet');
      return found;
    }, 20_000);
    expect(sms.message).toContain(`https://afya.test/dashboard/waitlist/offers/${offer.offer_id}`);
    expect(sms.message.length).toBeLessThanOrEqual(160);
    await eventually(async () => {
      const email = (await inbox.emails()).find((e) => e.to.some((t) => t.address === first.details.email) && e.subject === 'A slot opened for you');
      if (!email) throw new Error('no offer email yet');
      expect(email.text).toContain(`https://afya.test/dashboard/waitlist/offers/${offer.offer_id}`);
    }, 20_000);

    // held: nobody else sees it free or can book it (20 at once, all refused), re-open the cancelled visit or move into it
    const seen = await platform.api('GET', `/appointments/availability?doctor_id=${doctor.doctorId}&date=${day}`, { token: other.token });
    expect(seen.body.slots.find((s: { time_slot: string }) => s.time_slot === '10:00 AM')).toEqual({ time_slot: '10:00 AM', available: false });
    const own = await platform.api('GET', `/appointments/availability?doctor_id=${doctor.doctorId}&date=${day}`, { token: first.token });
    expect(own.body.slots.find((s: { time_slot: string }) => s.time_slot === '10:00 AM')).toEqual({ time_slot: '10:00 AM', available: true });
    const racers = await Promise.all(Array.from({ length: 20 }, (_, i) => signUpAndIn(platform, { firstname: `Racer${i}`, lastname: 'Patient' })));
    const raced = await Promise.all(racers.map((p) => platform.api('POST', '/appointments', { token: p.token, body: booking(doctor.doctorId, slot) })));
    expect(raced.map((r) => r.status)).toEqual(Array(20).fill(409));
    expect(raced[0].body.message).toBe(WaitlistMessages.slotHeld);
    expect((await platform.api('PATCH', `/appointments/${booked.appointment_id}/override`, { token: admin.token, body: { status: 'Pending' } })).status).toBe(409);

    // opening the offer (what a link scanner does) claims nothing; only its patient sees it
    expect(await platform.api('GET', `/waitlist/offers/${offer.offer_id}`, { token: first.token })).toMatchObject({
      status: 200,
      body: { offer_id: offer.offer_id, status: 'held', appointment_date: day, time_slot: '10:00 AM', doctor: { doctor_id: doctor.doctorId } },
    });
    expect((await platform.api('GET', `/waitlist/offers/${offer.offer_id}`, { token: second.token })).status).toBe(404);
    expect((await platform.api('POST', `/waitlist/offers/${offer.offer_id}/claim`, { token: second.token })).status).toBe(404);
    expect((await offersOf(doctor.doctorId, day, '10:00 AM'))[0].status).toBe('held');

    // unclaimed: the durable expiry job passes it to the next patient in line
    await lapse(offer.offer_id);
    const next = await eventually(async () => {
      const offers = await offersOf(doctor.doctorId, day, '10:00 AM');
      expect(offers.map((o) => [o.user_id, o.status])).toEqual([
        [first.user.user_id, 'expired'],
        [second.user.user_id, 'held'],
      ]);
      return offers[1];
    }, 20_000);
    await eventually(async () => expect(smsTo('+254722200103').some((m) => m.message.includes(`/dashboard/waitlist/offers/${next.offer_id}`))).toBe(true), 20_000);
    expect(await platform.api('POST', `/waitlist/offers/${offer.offer_id}/claim`, { token: first.token })).toMatchObject({ status: 409, body: { message: WaitlistMessages.offerExpired } });

    // the second patient claims it after signing in: their booking, with the type and reason they gave when joining
    const claimed = await platform.api('POST', `/waitlist/offers/${next.offer_id}/claim`, { token: second.token });
    expect(claimed).toMatchObject({
      status: 201,
      body: { message: WaitlistMessages.claimed, appointment: { user_id: second.user.user_id, ...slot, appointment_type: 'Consultation', appointment_status: 'Pending' } },
    });
    expect(await platform.api('POST', `/waitlist/offers/${next.offer_id}/claim`, { token: second.token })).toMatchObject({ status: 409, body: { message: WaitlistMessages.offerClaimed } });
    expect((await offersOf(doctor.doctorId, day, '10:00 AM')).map((o) => o.status)).toEqual(['expired', 'claimed']);
    const mine = await platform.api('GET', '/waitlist', { token: second.token });
    expect(mine.body).toEqual([expect.objectContaining({ status: 'booked', offer: null })]);
    // the first patient waits again (for other slots), still first in line
    expect((await platform.api('GET', '/waitlist', { token: first.token })).body).toEqual([expect.objectContaining({ status: 'waiting', position: 1 })]);

    // the admin sees the waitlist's length per doctor
    const lengths = await platform.api('GET', '/admin/waitlist', { token: admin.token });
    expect(lengths.body).toContainEqual({ doctor_id: doctor.doctorId, doctor_name: 'Grace Wanjiku', specialization: 'Cardiology', waiting: 1, held_offers: 0 });
    expect((await platform.api('GET', '/admin/waitlist', { token: first.token })).status).toBe(403);
  });

  it('a reschedule away and an admin delete free slots too; declining or leaving passes an offer on; with nobody left the slot is free', async () => {
    const day = openClinicDate(7);
    const waiting = await signUpAndIn(platform, { firstname: 'Esther', lastname: 'Waiting', contact_phone: '+254722200201' });
    const mover = await signUpAndIn(platform, { firstname: 'Faith', lastname: 'Mover' });
    const walkIn = await signUpAndIn(platform, { firstname: 'George', lastname: 'WalkIn' });
    expect((await join(waiting.token, { date_from: day, date_to: day })).status).toBe(201);

    const moved = await bookAs(platform, mover.token, doctor.doctorId, { appointment_date: day, time_slot: '02:00 PM' });
    expect((await platform.api('PATCH', `/appointments/${moved.appointment_id}/reschedule`, { token: mover.token, body: { appointment_date: openClinicDate(8), time_slot: '02:00 PM' } })).status).toBe(200);
    const [fromMove] = await offersOf(doctor.doctorId, day, '02:00 PM');
    expect(fromMove).toMatchObject({ user_id: waiting.user.user_id, status: 'held' });
    // declined: nobody else waits for that day, so the slot is free for anyone
    expect(await platform.api('POST', `/waitlist/offers/${fromMove.offer_id}/decline`, { token: waiting.token })).toMatchObject({ status: 200, body: { message: WaitlistMessages.declined } });
    await bookAs(platform, walkIn.token, doctor.doctorId, { appointment_date: day, time_slot: '02:00 PM' });

    const deleted = await bookAs(platform, mover.token, doctor.doctorId, { appointment_date: day, time_slot: '03:00 PM' });
    expect((await platform.api('DELETE', `/appointments/${deleted.appointment_id}`, { token: admin.token })).status).toBe(200);
    const [fromDelete] = await offersOf(doctor.doctorId, day, '03:00 PM');
    expect(fromDelete).toMatchObject({ user_id: waiting.user.user_id, status: 'held' });
    // leaving the waitlist while an offer is held withdraws it; the slot is then free
    const [entry] = (await platform.api('GET', '/waitlist', { token: waiting.token })).body as { entry_id: number; offer: { offer_id: number } }[];
    expect(entry.offer.offer_id).toBe(fromDelete.offer_id);
    expect(await platform.api('DELETE', `/waitlist/${entry.entry_id}`, { token: waiting.token })).toMatchObject({ status: 200, body: { message: WaitlistMessages.left } });
    expect((await offersOf(doctor.doctorId, day, '03:00 PM'))[0].status).toBe('withdrawn');
    await bookAs(platform, walkIn.token, doctor.doctorId, { appointment_date: day, time_slot: '03:00 PM' });
    expect((await platform.api('GET', '/waitlist', { token: waiting.token })).body).toEqual([expect.objectContaining({ status: 'left', position: null, offer: null })]);
  });

  it('an erased patient leaves every waitlist: the slot held for them passes to the next patient', async () => {
    const day = openClinicDate(9);
    const erased = await signUpAndIn(platform, { firstname: 'Imani', lastname: 'Erased' });
    const next = await signUpAndIn(platform, { firstname: 'Jabari', lastname: 'Next' });
    const holder = await signUpAndIn(platform, { firstname: 'Kioko', lastname: 'Holder' });
    expect((await join(erased.token, { date_from: day, date_to: day })).status).toBe(201);
    expect((await join(next.token, { date_from: day, date_to: day })).status).toBe(201);
    const booked = await bookAs(platform, holder.token, doctor.doctorId, { appointment_date: day, time_slot: '04:30 PM' });
    expect((await platform.api('PATCH', `/appointments/${booked.appointment_id}/status`, { token: holder.token, body: { status: 'Cancelled' } })).status).toBe(200);
    expect((await offersOf(doctor.doctorId, day, '04:30 PM')).map((o) => [o.user_id, o.status])).toEqual([[erased.user.user_id, 'held']]);

    expect((await platform.api('DELETE', `/admin/users/${erased.user.user_id}`, { token: admin.token })).status).toBe(200);
    await eventually(
      async () =>
        expect((await offersOf(doctor.doctorId, day, '04:30 PM')).map((o) => [o.user_id, o.status])).toEqual([
          [erased.user.user_id, 'withdrawn'],
          [next.user.user_id, 'held'],
        ]),
      20_000,
    );
    const entries = await sql<{ status: string }>('appointment', `SELECT status FROM waitlist_entries WHERE user_id = $1`, [erased.user.user_id]);
    expect(entries).toEqual([{ status: 'left' }]);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Halima', lastname: 'Input' });
    const count = async () => (await sql<{ n: number }>('appointment', `SELECT count(*)::int AS n FROM waitlist_entries WHERE user_id = $1`, [patient.user.user_id]))[0].n;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ date_from: clinicDate(6), date_to: clinicDate(5) }, 400, WaitlistMessages.rangeOrder],
      [{ date_from: 'soon', date_to: clinicDate(5) }, 400, WaitlistMessages.range],
      [{ date_from: clinicDate(5), date_to: clinicDate(5), notes: 'short' }, 400, 'Please provide a reason (at least 10 characters)'],
      [{ date_from: clinicDate(5), date_to: clinicDate(5), appointment_type: 'Spa' }, 400, 'Please select appointment type'],
      [{ date_from: clinicDate(5), date_to: clinicDate(5), doctor_id: 'one' }, 400, 'Please select a doctor'],
      [{ date_from: clinicDate(5), date_to: clinicDate(45) }, 400, 'Please choose a date from tomorrow up to 30 days ahead'],
      [{ date_from: clinicDate(5), date_to: clinicDate(5), doctor_id: 999999 }, 404, 'Doctor not found'],
      [{ date_from: clinicDate(5), date_to: clinicDate(5), notes: 'Bad \u0000 byte in here' }, 400, 'The request contains characters that are not allowed'],
    ];
    for (const [body, status, message] of cases) {
      const response = await join(patient.token, body);
      expect({ body, status: response.status, message: response.body.message }).toEqual({ body, status, message });
    }
    expect(await count()).toBe(0);
    expect((await join(patient.token, { date_from: clinicDate(5), date_to: clinicDate(6) })).status).toBe(201);
    expect(await join(patient.token, { date_from: clinicDate(7), date_to: clinicDate(8) })).toMatchObject({ status: 409, body: { message: WaitlistMessages.alreadyWaiting } });
    expect(await count()).toBe(1);
    expect((await platform.api('GET', '/waitlist/offers/abc', { token: patient.token })).status).toBe(400);
    expect((await platform.api('GET', '/waitlist/offers/99999999', { token: patient.token })).status).toBe(404);
    expect((await platform.api('DELETE', '/waitlist/99999999', { token: patient.token })).status).toBe(404);
    expect((await platform.api('POST', '/waitlist', { token: doctor.token, body: {} })).status).toBe(403);
  });
});
