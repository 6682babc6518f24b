import { CARER_NOTIFICATION_KINDS, NOTIFICATION_TEXTS } from '@afya/service-shared';
import { carerLinkProblem, type CarerLinkFacts, carersToTell, MEMBER_NAME_MAX, memberName } from './carers';
import { emailContent, gsm7Units, MESSAGE_KINDS, smsText, type VisitFacts } from './messages';
import { deliveryDecision } from './recipients';

// Issue 36, decision 0118: who besides the patient hears about a visit, and what the carer's message says.

const child = (over: Partial<CarerLinkFacts> = {}): CarerLinkFacts => ({ kind: 'dependant', status: 'active', scopes: ['book', 'reminders', 'records'], ends_on: '2037-04-02', ...over });
const adult = (scopes: string[], over: Partial<CarerLinkFacts> = {}): CarerLinkFacts => ({ kind: 'linked_adult', status: 'active', scopes, ends_on: null, ...over });
/** 00:00 in Nairobi (UTC+3) on a day. */
const nairobiMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`);

describe('the carers a member’s visit messages go to', () => {
  const now = new Date('2026-12-03T09:00:00Z');

  it('every active carer of a child; a linked adult’s carer only with `reminders`', () => {
    expect(carerLinkProblem(child(), now)).toBeNull();
    expect(carerLinkProblem(child({ scopes: [] }), now)).toBeNull(); // a child's carers need no scope
    expect(carerLinkProblem(adult(['reminders']), now)).toBeNull();
    expect(carerLinkProblem(adult(['book', 'records']), now)).toBe('family link without reminders');
  });

  it('an ended or unknown link sends nothing', () => {
    expect(carerLinkProblem(child({ status: 'ended' }), now)).toBe('family link ended');
    expect(carerLinkProblem(adult(['reminders'], { status: 'ended' }), now)).toBe('family link ended');
    expect(carerLinkProblem(null, now)).toBe('family link ended');
  });

  it('a child’s link stops at 00:00 Nairobi on their 18th birthday (the day before it still holds)', () => {
    const link = child({ ends_on: '2027-03-01' });
    expect(carerLinkProblem(link, new Date(nairobiMidnight('2027-03-01').getTime() - 1))).toBeNull();
    expect(carerLinkProblem(link, nairobiMidnight('2027-03-01'))).toBe('family link ended: turned 18');
    expect(carerLinkProblem(child({ ends_on: null }), now)).toBe('family link ended: turned 18');
  });

  it('only visit messages (confirmation, reminders, moved, cancelled, needs a new time) are copied to carers', () => {
    const links = [child(), adult(['reminders']), adult(['book'])];
    for (const kind of CARER_NOTIFICATION_KINDS) expect(carersToTell(kind, links, now)).toEqual(links.slice(0, 2));
    for (const kind of MESSAGE_KINDS.filter((k) => !(CARER_NOTIFICATION_KINDS as readonly string[]).includes(k))) expect(carersToTell(kind, links, now)).toEqual([]);
  });

  it('the send re-checks the link: an ended link or one without `reminders` is skipped with its reason', () => {
    const base = {
      kind: 'reminder-24h' as const,
      channel: 'sms' as const,
      user: { email: 'mama@example.com', contact_phone: '0722100201', status: 'active', deleted: false },
      preferences: null,
      appointment: { status: 'Pending', deleted: false, appointment_date: '2026-12-10', time_slot: '09:00 AM' },
      plannedStart: new Date('2026-12-10T06:00:00.000Z').toISOString(),
      now,
    };
    expect(deliveryDecision({ ...base, carerLink: child() })).toEqual({ send: true, address: '+254722100201' });
    expect(deliveryDecision({ ...base, carerLink: child({ status: 'ended' }) })).toEqual({ send: false, reason: 'family link ended' });
    expect(deliveryDecision({ ...base, carerLink: adult(['book']) })).toEqual({ send: false, reason: 'family link without reminders' });
    expect(deliveryDecision({ ...base, carerLink: null })).toEqual({ send: false, reason: 'family link ended' });
    // the patient's own message knows nothing of links
    expect(deliveryDecision(base)).toEqual({ send: true, address: '+254722100201' });
  });
});

describe('the carer’s message', () => {
  const visit: VisitFacts = { appointment_id: 7, appointment_date: '2026-12-01', time_slot: '02:30 PM', doctor_name: 'Dr Grace Wanjiku', patient_name: 'Amani Kamau', appointment_type: 'HIV test' };
  const LINK = 'https://afya.test/dashboard/family';

  it('names whose visit it is, in the carer’s language', () => {
    expect(smsText('reminder-24h', visit, LINK, undefined, 'en', 'Amani')).toBe(`Afya: reminder for Amani's visit with Dr Grace Wanjiku tomorrow, Tue 1 Dec 02:30 PM. ${LINK}`);
    expect(smsText('booking-confirmation', visit, LINK, undefined, 'sw', 'Amani')).toBe(`Afya: miadi ya Amani na Dkt Grace Wanjiku imewekwa, Jumanne, 1 Des 14:30. ${LINK}`);
    const email = emailContent('booking-confirmation', visit, LINK, undefined, 'en', { member: 'Amani', name: 'Wanjiru Kamau' });
    expect(email.subject).toBe("Amani's appointment is booked");
    expect(email.text).toContain('Hello Wanjiru Kamau,');
    expect(email.text).toContain('Patient: Amani');
    expect(email.text).not.toContain('HIV'); // nothing clinical, not even the visit's type
    expect(email.text).not.toContain('Kamau\n');
  });

  it('stays one GSM-7 part with the longest names, dates and link, in both languages, and says nothing clinical', () => {
    const long = { ...visit, doctor_name: `Ngʼangʼa Müller-Wanjikũ ${'Kamau '.repeat(30)}`, appointment_date: '2026-09-30', time_slot: '05:30 PM' };
    const longLink = 'https://appointments.afya-clinic.co.ke/dashboard/family';
    const member = memberName(`Nyawĩra-Wambũi-Njeri-Kamau Otieno`, 'A patient');
    expect(member.length).toBeLessThanOrEqual(MEMBER_NAME_MAX);
    for (const language of ['en', 'sw'] as const) {
      for (const kind of CARER_NOTIFICATION_KINDS) {
        // only a move carries where the visit was
        const was = kind === 'reschedule' ? { appointment_date: '2026-09-23', time_slot: '11:30 AM' } : undefined;
        const text = smsText(kind, long, longLink, was, language, member);
        expect({ language, kind, units: (gsm7Units(text) ?? Infinity) <= 160 }).toEqual({ language, kind, units: true });
        expect(text).toContain(member);
        expect(text).toContain(longLink);
        expect(text).not.toContain('HIV');
      }
      for (const kind of CARER_NOTIFICATION_KINDS) expect(gsm7Units(NOTIFICATION_TEXTS[language].carer.sms[kind]('Amani', 'Amina', '1 Des 14:30', ''))).not.toBeNull();
    }
  });

  it('names the member by their first name only, GSM-7', () => {
    expect(memberName('Amani Wanjiru', 'A patient')).toBe('Amani');
    expect(memberName('Wanjikũ', 'A patient')).toBe('Wanjiku');
    expect(memberName('', 'Mgonjwa')).toBe('Mgonjwa');
  });
});
