import { randomInt } from 'node:crypto';
import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { DEPENDANT_CONSENT, FamilyMessages } from '@afya/auth-service/contracts';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { familyClock } from '@afya/auth-service/src/family/family-clock';
import { PrescriptionModule } from '@afya/prescription-service/src/prescription.module';
import { eventually } from '@afya/service-shared/testing';
import { bookAs, booking, createDoctor, openClinicDate, sql, TestDoctor } from '../appointments/support';
import { createAdmin } from '../support/admin';
import { startTestPlatform, TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

jest.setTimeout(180_000);

type Session = Awaited<ReturnType<typeof signUpAndIn>>;
type Member = { member_id: number | null; link_id: number; full_name: string; kind: string; scopes: string[]; status: string; ended_reason?: string; relationship: string };

/** A Kenyan mobile number no other test patient has (test patients share one phone unless given their own). */
const newPhone = () => `+2547${String(randomInt(10_000_000, 99_999_999))}`;
const medicines = [{ name: 'Amoxicillin', dosage: '250mg', frequency: 'Three times daily', instructions: 'After meals, for 5 days' }];

/**
 * Issue 36, family care, through the gateway, NATS and PostgreSQL: children a parent adds (with consent), adults
 * linked by invitation with the scopes they grant, booking for a member, the member's records and access log, ending
 * links, and the 18th birthday with the family clock set by the test.
 */
describe('family care (real NATS + PostgreSQL)', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;
  let otherDoctor: TestDoctor;
  let mother: Session;
  let stranger: Session;

  const family = async (who: Session) => {
    const response = await platform.api('GET', '/family', { token: who.token });
    expect(response.status).toBe(200);
    return response.body as { members: Member[]; invitations: { invitation_id: number; from_name: string; relationship: string; scopes: string[] }[]; carers: { link_id: number; carer_name: string; scopes: string[] }[] };
  };
  const addChild = (who: Session, body: Record<string, unknown>) => platform.api('POST', '/family/dependants', { token: who.token, body });
  const memberRead = (who: Session, memberId: number, what: 'appointments' | 'prescriptions' | 'medical-history') =>
    platform.api('GET', `/family/members/${memberId}/${what}`, { token: who.token });
  const accessLogOf = async (userId: number) => {
    const response = await platform.api('GET', `/medical-history/access-log?user_id=${userId}&limit=100`, { token: admin.token });
    expect(response.status).toBe(200);
    return response.body.entries as { actor_user_id: number; actor_name: string | null; record: string; via: string | null; outcome: string }[];
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ auth: AuthModule, appointment: AppointmentModule, prescription: PrescriptionModule });
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
    otherDoctor = await createDoctor(platform, admin.token, { firstname: 'Ibrahim', lastname: 'Abdi' });
    mother = await signUpAndIn(platform, { firstname: 'Wanjiru', lastname: 'Kamau', contact_phone: newPhone() });
    stranger = await signUpAndIn(platform, { firstname: 'Otieno', lastname: 'Okoth', contact_phone: newPhone() });
  });

  afterAll(async () => {
    familyClock.now = () => new Date();
    await platform?.close();
  });

  describe('a child', () => {
    let childId: number;

    it('without the consent tick: 400 and nothing saved; an adult’s date of birth: 400 "invite them instead"', async () => {
      const before = (await family(mother)).members.length;
      const noConsent = await addChild(mother, { full_name: 'Baraka Kamau', date_of_birth: '2019-04-02', relationship: 'mother' });
      expect(noConsent.status).toBe(400);
      expect(noConsent.body.message).toBe(FamilyMessages.consent);
      const falseConsent = await addChild(mother, { full_name: 'Baraka Kamau', date_of_birth: '2019-04-02', relationship: 'mother', consent: false });
      expect(falseConsent.status).toBe(400);
      const adult = await addChild(mother, { full_name: 'Baraka Kamau', date_of_birth: '1990-04-02', relationship: 'mother', consent: true });
      expect(adult.status).toBe(400);
      expect(adult.body.message).toBe('An adult needs their own account; invite them instead');
      const aunt = await addChild(mother, { full_name: 'Baraka Kamau', date_of_birth: '2019-04-02', relationship: 'aunt', consent: true });
      expect(aunt.status).toBe(400);
      expect((await family(mother)).members).toHaveLength(before);
      expect(await sql('auth', `SELECT 1 FROM users WHERE firstname = 'Baraka'`)).toHaveLength(0);
    });

    it('with consent: 201, a member with every scope; the consent kept with its text, version and time; no login', async () => {
      const added = await addChild(mother, { full_name: 'Baraka Kamau', date_of_birth: '2019-04-02', relationship: 'mother', consent: true });
      expect(added.status).toBe(201);
      expect(added.body.member).toMatchObject({ full_name: 'Baraka Kamau', date_of_birth: '2019-04-02', relationship: 'mother', kind: 'dependant', status: 'active', scopes: ['book', 'reminders', 'records'] });
      childId = added.body.member.member_id;
      expect((await family(mother)).members.find((m) => m.member_id === childId)).toMatchObject({ status: 'active', kind: 'dependant' });
      const [consent] = await sql('auth', `SELECT text_version, text, given_by_user_id, given_at FROM family_consents WHERE member_user_id = $1`, [childId]);
      expect(consent).toMatchObject({ text_version: DEPENDANT_CONSENT.version, text: DEPENDANT_CONSENT.text, given_by_user_id: mother.user.user_id });
      expect(consent.given_at).toBeInstanceOf(Date);
      // The consent row is append-only: a new wording never rewrites it.
      await expect(sql('auth', `UPDATE family_consents SET text = 'changed' WHERE member_user_id = $1`, [childId])).rejects.toThrow(/append-only/);
      // The child's account cannot sign in: no usable email or password.
      const [row] = await sql('auth', `SELECT email, password_hash FROM users WHERE user_id = $1`, [childId]);
      expect(row.email).toMatch(/@dependants\.invalid$/);
    });

    it('the mother books for the child: the child is the patient, the mother who booked; not in her own list', async () => {
      const response = await platform.api('POST', '/appointments', { token: mother.token, body: booking(doctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '09:00 AM', member_id: childId }) });
      expect(response.status).toBe(201);
      expect(response.body.appointment.user_id).toBe(childId);
      expect(response.body.appointment.booked_by).toEqual({ user_id: mother.user.user_id, name: 'Wanjiru Kamau', relationship: 'mother' });
      const appointmentId = response.body.appointment_id;
      const own = await platform.api('GET', '/appointments', { token: mother.token });
      expect((own.body as { appointment_id: number }[]).map((a) => a.appointment_id)).not.toContain(appointmentId);
      const childs = await memberRead(mother, childId, 'appointments');
      expect(childs.status).toBe(200);
      expect((childs.body as { appointment_id: number; patient_full_name: string }[]).find((a) => a.appointment_id === appointmentId)).toBeDefined();
      // The doctor sees the child's name and who booked.
      await eventually(async () => {
        const agenda = await platform.api('GET', '/appointments/doctor', { token: doctor.token });
        const visit = (agenda.body as { appointment_id: number; patient_full_name: string | null; booked_by: unknown }[]).find((a) => a.appointment_id === appointmentId);
        expect(visit?.patient_full_name).toBe('Baraka Kamau');
        expect(visit?.booked_by).toEqual({ user_id: mother.user.user_id, name: 'Wanjiru Kamau', relationship: 'mother' });
      }, 15000);
      // The read is in the child's access log: the mother, via the family link.
      await eventually(async () => {
        const entries = await accessLogOf(childId);
        expect(entries.some((e) => e.actor_user_id === mother.user.user_id && e.via === 'family')).toBe(true);
      }, 15000);
    });

    it('the child cannot hold two visits at the same time (409); a booking without member_id is the caller’s, as before', async () => {
      const busy = await platform.api('POST', '/appointments', { token: mother.token, body: booking(otherDoctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '09:00 AM', member_id: childId }) });
      expect(busy.status).toBe(409);
      expect(busy.body.message).toBe('This person already has an appointment at that time. Please choose another.');
      const own = await bookAs<{ user_id: number; booked_by: unknown }>(platform, mother.token, otherDoctor.doctorId, { appointment_date: openClinicDate(3), time_slot: '09:00 AM' });
      expect(own.user_id).toBe(mother.user.user_id);
      expect(own.booked_by).toBeNull();
    });

    it('the child’s prescription is the child’s: under the member, never in the mother’s own; each read in the child’s access log', async () => {
      const visit = await bookAs<{ appointment_id: number }>(platform, mother.token, doctor.doctorId, { appointment_date: openClinicDate(4), time_slot: '10:00 AM', member_id: childId });
      expect((await platform.api('PATCH', `/appointments/${visit.appointment_id}/override`, { token: admin.token, body: { status: 'Completed' } })).status).toBe(200);
      const written = await eventually(async () => {
        const response = await platform.api('POST', '/prescriptions', { token: doctor.token, body: { appointment_id: visit.appointment_id, medicines } });
        if (response.status !== 201) throw new Error(`prescription: ${response.status} ${JSON.stringify(response.body)}`);
        return response.body.prescription;
      }, 15000);
      expect(written.patient_id).toBe(childId);
      const mine = await platform.api('GET', '/prescriptions/user', { token: mother.token });
      expect((mine.body as { prescription_id: number }[]).map((p) => p.prescription_id)).not.toContain(written.prescription_id);
      const myHistory = await platform.api('GET', '/medical-history/self', { token: mother.token });
      expect((myHistory.body.prescriptions as { id: number }[]).length).toBe(0);
      const childs = await memberRead(mother, childId, 'prescriptions');
      expect(childs.status).toBe(200);
      expect((childs.body as { prescription_id: number }[]).map((p) => p.prescription_id)).toContain(written.prescription_id);
      const history = await memberRead(mother, childId, 'medical-history');
      expect(history.status).toBe(200);
      expect((history.body.records as { type: string }[]).some((r) => r.type === 'prescription')).toBe(true);
      const entries = await accessLogOf(childId);
      expect(entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ actor_user_id: mother.user.user_id, actor_name: 'Wanjiru Kamau', record: 'Prescriptions (family link: mother)', via: 'family' }),
          expect.objectContaining({ actor_user_id: mother.user.user_id, record: 'Medical history (family link: mother)', via: 'family' }),
        ]),
      );
    });

    it('another person’s member answers 404 everywhere', async () => {
      expect((await memberRead(stranger, childId, 'appointments')).status).toBe(404);
      expect((await memberRead(stranger, childId, 'prescriptions')).status).toBe(404);
      expect((await memberRead(stranger, childId, 'medical-history')).status).toBe(404);
      const booked = await platform.api('POST', '/appointments', { token: stranger.token, body: booking(doctor.doctorId, { appointment_date: openClinicDate(6), member_id: childId }) });
      expect(booked.status).toBe(404);
      expect((await platform.api('DELETE', `/family/members/${childId}`, { token: stranger.token })).status).toBe(404);
    });

    it('the mother ends the link: access stops at once (403), the member shows ended', async () => {
      const other = await addChild(mother, { full_name: 'Neema Kamau', date_of_birth: '2021-08-30', relationship: 'mother', consent: true });
      const id = other.body.member.member_id;
      expect((await memberRead(mother, id, 'appointments')).status).toBe(200);
      expect((await platform.api('DELETE', `/family/members/${id}`, { token: mother.token })).status).toBe(200);
      expect((await memberRead(mother, id, 'appointments')).status).toBe(403);
      expect((await memberRead(mother, id, 'prescriptions')).status).toBe(403);
      const booked = await platform.api('POST', '/appointments', { token: mother.token, body: booking(doctor.doctorId, { appointment_date: openClinicDate(6), member_id: id }) });
      expect(booked.status).toBe(403);
      expect((await family(mother)).members.find((m) => m.member_id === id)).toMatchObject({ status: 'ended', ended_reason: 'ended_by_carer', scopes: [] });
    });
  });

  describe('the 18th birthday, Africa/Nairobi, with the family clock set by the test', () => {
    it('the day before, the carer reads; from 00:00 Nairobi on the birthday, 403 and "turned 18"', async () => {
      familyClock.now = () => new Date('2030-06-14T20:59:59Z'); // 23:59:59 on 14 June in Nairobi
      try {
        const adult = await addChild(mother, { full_name: 'Imani Kamau', date_of_birth: '2012-06-14', relationship: 'mother', consent: true });
        expect(adult.status).toBe(400);
        expect(adult.body.message).toBe(FamilyMessages.adult);
        const added = await addChild(mother, { full_name: 'Imani Kamau', date_of_birth: '2012-06-15', relationship: 'mother', consent: true });
        expect(added.status).toBe(201);
        const id = added.body.member.member_id;
        expect((await memberRead(mother, id, 'appointments')).status).toBe(200);
        expect((await memberRead(mother, id, 'medical-history')).status).toBe(200);

        familyClock.now = () => new Date('2030-06-14T21:00:00Z'); // 00:00 on 15 June in Nairobi: the 18th birthday
        expect((await memberRead(mother, id, 'appointments')).status).toBe(403);
        expect((await memberRead(mother, id, 'prescriptions')).status).toBe(403);
        expect((await memberRead(mother, id, 'medical-history')).status).toBe(403);
        expect((await family(mother)).members.find((m) => m.member_id === id)).toMatchObject({ status: 'ended', ended_reason: 'turned_18', scopes: [] });
      } finally {
        familyClock.now = () => new Date();
      }
    });
  });

  describe('linked adults', () => {
    let grandmother: Session;
    let carer: Session;

    beforeAll(async () => {
      grandmother = await signUpAndIn(platform, { firstname: 'Njeri', lastname: 'Mwangi', contact_phone: newPhone() });
      carer = await signUpAndIn(platform, { firstname: 'Akinyi', lastname: 'Mwangi', contact_phone: newPhone() });
    });

    it('inviting yourself: 400; a scope outside the list: 400', async () => {
      const self = await platform.api('POST', '/family/invitations', { token: carer.token, body: { phone: carer.details.contact_phone, relationship: 'child', scopes: ['book'] } });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe(FamilyMessages.selfInvite);
      const bad = await platform.api('POST', '/family/invitations', { token: carer.token, body: { phone: newPhone(), relationship: 'child', scopes: ['book', 'everything'] } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(FamilyMessages.scopes);
    });

    it('the reply never tells whether the phone has an account', async () => {
      const toAccount = await platform.api('POST', '/family/invitations', { token: carer.token, body: { phone: grandmother.details.contact_phone, relationship: 'child', scopes: ['book', 'records'] } });
      const toNobody = await platform.api('POST', '/family/invitations', { token: carer.token, body: { phone: newPhone(), relationship: 'child', scopes: ['book', 'records'] } });
      expect(toAccount.status).toBe(201);
      expect(toNobody.status).toBe(201);
      expect(toAccount.body).toEqual({ message: 'Invitation sent' });
      expect(toNobody.body).toEqual(toAccount.body);
      // The carer sees both waiting, named by the phone they typed (never by an account's name).
      const waiting = (await family(carer)).members.filter((m) => m.status === 'pending');
      expect(waiting).toHaveLength(2);
      expect(waiting.every((m) => m.member_id === null && m.full_name.startsWith('+254'))).toBe(true);
    });

    it('nothing is shared before acceptance; another person’s invitation is 404; accepting grants at most what was asked', async () => {
      expect((await memberRead(carer, grandmother.user.user_id, 'appointments')).status).toBe(404);
      const invitation = (await family(grandmother)).invitations[0];
      expect(invitation).toMatchObject({ from_name: 'Akinyi Mwangi', relationship: 'child', scopes: ['book', 'records'] });
      expect((await platform.api('POST', `/family/invitations/${invitation.invitation_id}/accept`, { token: stranger.token, body: { scopes: ['book'] } })).status).toBe(404);
      const more = await platform.api('POST', `/family/invitations/${invitation.invitation_id}/accept`, { token: grandmother.token, body: { scopes: ['book', 'reminders'] } });
      expect(more.status).toBe(400);
      expect(more.body.message).toBe(FamilyMessages.scopesNotAsked);
      const accepted = await platform.api('POST', `/family/invitations/${invitation.invitation_id}/accept`, { token: grandmother.token, body: { scopes: ['book'] } });
      expect(accepted.status).toBe(200);
      expect((await family(carer)).members.find((m) => m.member_id === grandmother.user.user_id)).toMatchObject({ kind: 'linked_adult', status: 'active', scopes: ['book'] });
      expect((await family(grandmother)).carers).toEqual([expect.objectContaining({ carer_name: 'Akinyi Mwangi', scopes: ['book'] })]);
    });

    it('with `book` only: the carer books for her (201) but her records are refused (403)', async () => {
      const member = grandmother.user.user_id;
      const booked = await bookAs<{ user_id: number; appointment_id: number }>(platform, carer.token, doctor.doctorId, { appointment_date: openClinicDate(7), time_slot: '02:00 PM', member_id: member });
      expect(booked.user_id).toBe(member);
      for (const what of ['appointments', 'prescriptions', 'medical-history'] as const) expect((await memberRead(carer, member, what)).status).toBe(403);
      // Her own list shows the visit the carer booked for her.
      const hers = await platform.api('GET', '/appointments', { token: grandmother.token });
      expect((hers.body as { appointment_id: number }[]).map((a) => a.appointment_id)).toContain(booked.appointment_id);
      // `book` also lets the carer move and cancel it as she could; anyone else: 404, as before.
      const moved = await platform.api('PATCH', `/appointments/${booked.appointment_id}/reschedule`, { token: carer.token, body: { appointment_date: openClinicDate(9), time_slot: '02:30 PM' } });
      expect(moved.status).toBe(200);
      expect(moved.body.appointment).toMatchObject({ user_id: member, appointment_date: openClinicDate(9), time_slot: '02:30 PM' });
      expect((await platform.api('PATCH', `/appointments/${booked.appointment_id}/status`, { token: stranger.token, body: { status: 'Cancelled' } })).status).toBe(404);
      const cancelled = await platform.api('PATCH', `/appointments/${booked.appointment_id}/status`, { token: carer.token, body: { status: 'Cancelled' } });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.appointment.appointment_status).toBe('Cancelled');
    });

    it('she ends the carer’s link: booking for her is refused at once', async () => {
      const [link] = (await family(grandmother)).carers;
      expect((await platform.api('DELETE', `/family/carers/${link.link_id}`, { token: carer.token })).status).toBe(404);
      expect((await platform.api('DELETE', `/family/carers/${link.link_id}`, { token: grandmother.token })).status).toBe(200);
      const booked = await platform.api('POST', '/appointments', { token: carer.token, body: booking(doctor.doctorId, { appointment_date: openClinicDate(8), member_id: grandmother.user.user_id }) });
      expect(booked.status).toBe(403);
      expect((await family(carer)).members.find((m) => m.member_id === grandmother.user.user_id)).toMatchObject({ status: 'ended', ended_reason: 'ended_by_member' });
    });

    it('a declined invitation grants nothing', async () => {
      const aunt = await signUpAndIn(platform, { firstname: 'Halima', lastname: 'Hassan', contact_phone: newPhone() });
      await platform.api('POST', '/family/invitations', { token: carer.token, body: { phone: aunt.details.contact_phone, relationship: 'relative', scopes: ['records'] } });
      const [invitation] = (await family(aunt)).invitations;
      expect((await platform.api('POST', `/family/invitations/${invitation.invitation_id}/decline`, { token: aunt.token })).status).toBe(200);
      expect((await family(aunt)).invitations).toHaveLength(0);
      // The inviter sees it declined, still named by the phone they typed: never the account's name or id.
      const declined = (await family(carer)).members.find((m) => m.link_id === invitation.invitation_id);
      expect(declined).toMatchObject({ status: 'ended', ended_reason: 'declined', member_id: null, full_name: `+254${aunt.details.contact_phone.slice(4)}` });
      expect((await memberRead(carer, aunt.user.user_id, 'appointments')).status).toBe(403);
    });

    it('at most 10 invitations waiting and 20 sent a day (429, nothing saved)', async () => {
      const sender = await signUpAndIn(platform, { firstname: 'Chebet', lastname: 'Kiprop', contact_phone: newPhone() });
      const invite = () => platform.api('POST', '/family/invitations', { token: sender.token, body: { phone: newPhone(), relationship: 'relative', scopes: ['reminders'] } });
      for (let i = 0; i < 10; i++) expect((await invite()).status).toBe(201);
      const eleventh = await invite();
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.message).toBe(FamilyMessages.tooManyPending);
      // The ten are answered (declined), so none wait: ten more may go today, then the day's twenty are used.
      await sql('auth', `UPDATE family_links SET status = 'declined' WHERE carer_user_id = $1`, [sender.user.user_id]);
      for (let i = 0; i < 10; i++) expect((await invite()).status).toBe(201);
      await sql('auth', `UPDATE family_links SET status = 'declined' WHERE carer_user_id = $1`, [sender.user.user_id]);
      const twentyFirst = await invite();
      expect(twentyFirst.status).toBe(429);
      expect(twentyFirst.body.message).toBe(FamilyMessages.tooManyToday);
      expect(await sql('auth', `SELECT 1 FROM family_links WHERE carer_user_id = $1`, [sender.user.user_id])).toHaveLength(20);
    });
  });
});
