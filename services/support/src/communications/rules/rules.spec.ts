import { appointmentCalendar, calendarStatus, calendarUid } from './calendar';
import { deliveryDecision } from './recipients';
import {
  emailContent,
  gsm7Units,
  kenyanMobile,
  maskRecipient,
  reminderSchedule,
  reminderStillValid,
  smsText,
  toGsm7,
  visitStart,
  vitalAlertEmail,
  vitalAlertSms,
  waitlistOfferEmail,
  waitlistOfferSms,
  type VisitFacts,
} from './messages';

const visit: VisitFacts = {
  appointment_id: 42,
  appointment_date: '2026-12-01',
  time_slot: '02:30 PM',
  doctor_name: 'Amina Wanjiku',
  patient_name: 'Jane Doe',
  appointment_type: 'Consultation',
};

describe('reminder timing', () => {
  it('a visit starts at its slot in clinic time (UTC+3)', () => {
    expect(visitStart('2026-12-01', '02:30 PM').toISOString()).toBe('2026-12-01T11:30:00.000Z');
    expect(visitStart('2026-12-01', '09:00 AM').toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(visitStart('2026-12-01', '12:00 PM').toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(() => visitStart('2026-12-01', '25:00')).toThrow();
  });

  it('reminders go 24 h and 2 h before the start; those already past are left out', () => {
    const booked = new Date('2026-11-27T08:00:00Z');
    expect(reminderSchedule('2026-12-01', '02:30 PM', booked).map((r) => [r.kind, r.at.toISOString()])).toEqual([
      ['reminder-24h', '2026-11-30T11:30:00.000Z'],
      ['reminder-2h', '2026-12-01T09:30:00.000Z'],
    ]);
    // booked 5 hours ahead: only the 2-hour reminder; 1 hour ahead: none
    expect(reminderSchedule('2026-12-01', '02:30 PM', new Date('2026-12-01T06:30:00Z')).map((r) => r.kind)).toEqual(['reminder-2h']);
    expect(reminderSchedule('2026-12-01', '02:30 PM', new Date('2026-12-01T10:30:00Z'))).toEqual([]);
    // exactly at the 24 h mark: that one is not in the future any more
    expect(reminderSchedule('2026-12-01', '02:30 PM', new Date('2026-11-30T11:30:00Z')).map((r) => r.kind)).toEqual(['reminder-2h']);
  });

  it('a reminder is dropped for a visit cancelled, completed, deleted or moved since it was planned', () => {
    const planned = visitStart('2026-12-01', '02:30 PM').toISOString();
    const base = { status: 'Confirmed', deleted: false, appointment_date: '2026-12-01', time_slot: '02:30 PM' };
    expect(reminderStillValid(base, planned)).toEqual({ ok: true });
    expect(reminderStillValid({ ...base, status: 'Pending' }, planned)).toEqual({ ok: true });
    expect(reminderStillValid({ ...base, status: 'Cancelled' }, planned)).toEqual({ ok: false, reason: 'appointment is Cancelled' });
    expect(reminderStillValid({ ...base, status: 'Completed' }, planned)).toEqual({ ok: false, reason: 'appointment is Completed' });
    expect(reminderStillValid({ ...base, deleted: true }, planned)).toEqual({ ok: false, reason: 'appointment deleted' });
    expect(reminderStillValid({ ...base, time_slot: '03:00 PM' }, planned)).toEqual({ ok: false, reason: 'appointment moved' });
  });
});

describe('recipients', () => {
  it('reads Kenyan mobile numbers as people type them; anything else is no number', () => {
    for (const raw of ['+254712345678', '254712345678', '0712345678', '0712 345 678', '+254-712-345-678', '(0712) 345678']) expect(kenyanMobile(raw)).toBe('+254712345678');
    expect(kenyanMobile('0110123456')).toBe('+254110123456');
    for (const raw of [null, '', '12345', '+14155550100', '0812345678', '07123456789', 'call me']) expect(kenyanMobile(raw)).toBeNull();
  });

  it('masks phones and emails for the admin log', () => {
    expect(maskRecipient('sms', '+254712345678')).toBe('+254712***78');
    expect(maskRecipient('email', 'jane.doe@example.com')).toBe('ja***@example.com');
  });
});

describe('SMS text', () => {
  it('names the doctor, date, time and a short link in one GSM-7 part', () => {
    const text = smsText('reminder-24h', visit, 'https://afya.test/a/42');
    expect(text).toBe('Afya reminder: tomorrow Dr Amina Wanjiku, Tue 1 Dec 02:30 PM. https://afya.test/a/42');
    expect(gsm7Units(text)).toBeLessThanOrEqual(160);
  });

  it('stays within 160 GSM-7 units with a very long or non-GSM doctor name, and carries no clinical text', () => {
    const long = { ...visit, doctor_name: `Ngʼangʼa Müller-Wanjikũ ${'Kamau '.repeat(30)}`, appointment_type: 'HIV test' };
    for (const kind of ['booking-confirmation', 'payment-confirmation', 'cancellation', 'reminder-24h', 'reminder-2h', 'reschedule', 'doctor-reschedule', 'new-time-needed'] as const) {
      const text = smsText(kind, { ...long, patient_name: long.doctor_name }, 'https://afya.test/a/42', { appointment_date: '2026-11-30', time_slot: '09:00 AM' });
      expect(gsm7Units(text)).not.toBeNull();
      expect(gsm7Units(text)!).toBeLessThanOrEqual(160);
      expect(text).toContain('https://afya.test/a/42');
      expect(text).toContain('02:30 PM');
      expect(text).not.toContain('HIV');
    }
    expect(toGsm7('Wanjikũ “Amina”')).toBe('Wanjiku "Amina"');
    expect(gsm7Units('€')).toBe(2);
    expect(gsm7Units('😀')).toBeNull();
  });
});

describe('a visit that needs a new time (issue 37)', () => {
  it('asks the patient to pick a new time with the same doctor, in their language, in one SMS part, with no calendar change', () => {
    expect(smsText('new-time-needed', visit, 'https://afya.test/a')).toBe('Afya: Dr Amina Wanjiku cannot see you on Tue 1 Dec 02:30 PM. Please pick a new time: https://afya.test/a');
    expect(smsText('new-time-needed', visit, 'https://afya.test/a', undefined, 'sw')).toBe('Afya: Dkt Amina Wanjiku hatakuona Jumanne, 1 Des 14:30. Tafadhali chagua muda mpya: https://afya.test/a');
    const email = emailContent('new-time-needed', visit, 'https://afya.test/a');
    expect(email.subject).toBe('Your appointment needs a new time');
    expect(email.text).toContain('Please pick a new time with the same doctor: your payment stays with the visit.');
    expect(emailContent('new-time-needed', visit, 'https://afya.test/a', undefined, 'sw').subject).toBe('Miadi yako inahitaji muda mpya');
  });
});

describe('reschedule messages', () => {
  const previous = { appointment_date: '2026-11-30', time_slot: '09:00 AM' };
  it('tell the patient the new time and the old, and tell the doctor which patient moved', () => {
    expect(smsText('reschedule', visit, 'https://afya.test/a', previous)).toBe('Afya: moved to Dr Amina Wanjiku, Tue 1 Dec 02:30 PM (was Mon 30 Nov 09:00 AM). https://afya.test/a');
    expect(smsText('doctor-reschedule', visit, 'https://afya.test/a', previous)).toBe('Afya: Jane Doe moved their visit to Tue 1 Dec 02:30 PM (was Mon 30 Nov 09:00 AM). https://afya.test/a');
    const doctorEmail = emailContent('doctor-reschedule', visit, 'https://afya.test/a', previous);
    expect(doctorEmail.subject).toBe('A patient moved their appointment');
    expect(doctorEmail.text).toContain('Hello Dr Amina Wanjiku,');
    expect(doctorEmail.text).toContain('Patient: Jane Doe');
    expect(doctorEmail.text).toContain('Was: Monday, 30 November 2026, 09:00 AM');
  });
});

describe('email', () => {
  it('has a subject, a text and an HTML body with the same facts, HTML-escaped', () => {
    const email = emailContent('booking-confirmation', { ...visit, patient_name: 'Jane <b>' }, 'https://afya.test/dashboard/appointments');
    expect(email.subject).toBe('Your appointment is booked');
    expect(email.text).toContain('Doctor: Dr Amina Wanjiku');
    expect(email.text).toContain('Date: Tuesday, 1 December 2026');
    expect(email.text).toContain('Time: 02:30 PM (East Africa Time)');
    expect(email.html).toContain('Jane &lt;b&gt;');
    expect(email.html).not.toContain('<b>,');
  });
});

describe('calendar file', () => {
  const calendarVisit = { ...visit, sequence: 0, cancelled: false, status: 'Confirmed', paid: true, duration: 25 };
  const options = { domain: 'afya.test', organizerEmail: 'no-reply@afya.test', url: 'https://afya.test/dashboard/appointments', now: new Date('2026-11-27T08:00:00Z') };

  it('is one VEVENT with a stable UID, the start in Africa/Nairobi with its VTIMEZONE, the visit\'s 25 minutes, CRLF lines', () => {
    const ics = appointmentCalendar(calendarVisit, options);
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(ics).toContain(`UID:${calendarUid(42, 'afya.test')}\r\n`);
    expect(ics).toContain('DTSTART;TZID=Africa/Nairobi:20261201T143000\r\n');
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Africa/Nairobi\r\n');
    expect(ics).toContain('TZOFFSETTO:+0300');
    expect(ics).toContain('DURATION:PT25M');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('SEQUENCE:0');
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('a Pending booking not paid is TENTATIVE; paid or confirmed it is CONFIRMED; the length is the visit\'s own (issue 44)', () => {
    const pending = appointmentCalendar({ ...calendarVisit, status: 'Pending', paid: false }, options);
    expect(pending).toContain('STATUS:TENTATIVE');
    expect(pending).toContain('DURATION:PT25M');
    expect(pending).not.toContain('PT30M');
    expect(appointmentCalendar({ ...calendarVisit, status: 'Pending', paid: true, sequence: 1 }, options)).toContain('STATUS:CONFIRMED');
    expect(appointmentCalendar({ ...calendarVisit, status: 'Confirmed', paid: false }, options)).toContain('STATUS:CONFIRMED');
    expect(appointmentCalendar({ ...calendarVisit, duration: 40 }, options)).toContain('DURATION:PT40M');
    // an older row without a duration: the booking default
    expect(appointmentCalendar({ ...calendarVisit, duration: null }, options)).toContain('DURATION:PT25M');
    expect(calendarStatus({ cancelled: true, status: 'Confirmed', paid: true })).toBe('CANCELLED');
    expect(calendarStatus({ cancelled: false, status: 'Completed', paid: false })).toBe('CONFIRMED');
  });

  it('a change keeps the UID with SEQUENCE+1; a cancellation is METHOD:CANCEL, STATUS:CANCELLED', () => {
    const moved = appointmentCalendar({ ...calendarVisit, time_slot: '09:00 AM', sequence: 1 }, options);
    expect(moved).toContain('UID:appointment-42@afya.test');
    expect(moved).toContain('SEQUENCE:1');
    expect(moved).toContain('DTSTART;TZID=Africa/Nairobi:20261201T090000');
    const cancelled = appointmentCalendar({ ...calendarVisit, sequence: 2, cancelled: true }, options);
    expect(cancelled).toContain('METHOD:CANCEL');
    expect(cancelled).toContain('STATUS:CANCELLED');
    expect(cancelled).toContain('SEQUENCE:2');
    expect(cancelled).toContain('UID:appointment-42@afya.test');
  });
});

describe('who gets a message', () => {
  const user = { email: 'jane@example.com', contact_phone: '0712 345 678', status: 'active', deleted: false };
  const appointment = { status: 'Confirmed', deleted: false, appointment_date: '2026-12-01', time_slot: '02:30 PM' };
  const plannedStart = visitStart('2026-12-01', '02:30 PM').toISOString();
  const decide = (overrides: Partial<Parameters<typeof deliveryDecision>[0]> = {}) =>
    deliveryDecision({ kind: 'reminder-24h', channel: 'sms', user, preferences: null, appointment, plannedStart, ...overrides });

  it('sends to the normalised phone or the email', () => {
    expect(decide()).toEqual({ send: true, address: '+254712345678' });
    expect(decide({ channel: 'email' })).toEqual({ send: true, address: 'jane@example.com' });
  });

  it('says why not: suspended or deleted user, channel off, unknown phone format, no email, appointment gone or moved', () => {
    expect(decide({ user: { ...user, status: 'suspended' } })).toEqual({ send: false, reason: 'user suspended' });
    expect(decide({ user: { ...user, deleted: true } })).toEqual({ send: false, reason: 'user deleted' });
    expect(decide({ preferences: { sms: false, email: true } })).toEqual({ send: false, reason: 'SMS turned off by the user' });
    expect(decide({ channel: 'email', preferences: { sms: true, email: false } })).toEqual({ send: false, reason: 'email turned off by the user' });
    expect(decide({ user: { ...user, contact_phone: '+1 415 555 0100' } })).toEqual({ send: false, reason: 'unknown phone format' });
    expect(decide({ channel: 'email', user: { ...user, email: null } })).toEqual({ send: false, reason: 'no email address' });
    // a child's profile (issue 36: no login, no mailbox) and any other reserved .invalid address
    expect(decide({ channel: 'email', user: { ...user, email: 'dependant-0a1b@dependants.invalid' } })).toEqual({ send: false, reason: 'no email address' });
    expect(decide({ appointment: { ...appointment, deleted: true } })).toEqual({ send: false, reason: 'appointment deleted' });
    expect(decide({ appointment: { ...appointment, time_slot: '09:00 AM' } })).toEqual({ send: false, reason: 'appointment moved' });
    // a confirmation of a cancellation still goes out; only reminders need the visit to be on
    expect(decide({ kind: 'cancellation', appointment: { ...appointment, status: 'Cancelled' } })).toEqual({ send: true, address: '+254712345678' });
  });
});

describe('waitlist offers', () => {
  const offer = { offer_id: 42, doctor_name: 'Grace Wanjiku', appointment_date: '2026-12-01', time_slot: '09:00 AM', expires_at: '2026-11-28T07:15:00.000Z' };
  const link = 'https://afya.example.co.ke/dashboard/waitlist/offers/42';

  it('the SMS is one GSM-7 part with the doctor, the slot, the hold’s end in clinic time and the link', () => {
    const text = waitlistOfferSms(offer, link);
    expect(text).toBe(`Afya: a slot opened with Dr Grace Wanjiku, Tue 1 Dec 09:00 AM. Held for you until 10:15 AM. Confirm: ${link}`);
    const long = waitlistOfferSms({ ...offer, doctor_name: 'Wanjiku-Mwangi Oloo Kiprotich Chebet Achieng Nyambura' }, link);
    expect(gsm7Units(long)).toBeLessThanOrEqual(160);
    expect(long).toContain(link);
  });

  it('in Kiswahili too, still one GSM-7 part, with the 24-hour clock', () => {
    const text = waitlistOfferSms({ ...offer, doctor_name: 'Wanjiku-Mwangi Oloo Kiprotich Chebet' }, link, 'sw');
    expect(text.startsWith('Afya: nafasi imepatikana na Dkt')).toBe(true);
    expect(text).toContain('hadi 10:15.');
    expect(gsm7Units(text)).toBeLessThanOrEqual(160);
    expect(text.endsWith(link)).toBe(true);
    expect(waitlistOfferEmail(offer, 'Amina Otieno', link, 'sw').subject).toBe('Nafasi imepatikana kwa ajili yako');
  });

  it('the email says how long it is held and where to confirm', () => {
    const email = waitlistOfferEmail(offer, 'Amina Otieno', link);
    expect(email.subject).toBe('A slot opened for you');
    expect(email.text).toContain('Held for you until: 10:15 AM (East Africa Time)');
    expect(email.html).toContain(`href="${link}"`);
  });

  it('is not sent once its hold has ended, and needs no appointment', () => {
    const user = { email: 'a@b.co', contact_phone: '0712345678', status: 'active', deleted: false };
    const decide = (now: string) => deliveryDecision({ kind: 'waitlist-offer', channel: 'sms', user, preferences: null, appointment: null, offerExpiresAt: offer.expires_at, now: new Date(now) });
    expect(decide('2026-11-28T07:14:00Z')).toEqual({ send: true, address: '+254712345678' });
    expect(decide('2026-11-28T07:15:00Z')).toEqual({ send: false, reason: 'offer no longer held' });
  });
});

describe('a critical reading’s alert to the doctor (issue 39)', () => {
  const link = 'https://afya.example.co.ke/dashboard/doctor/vital-alerts';

  it('says only where to look, in the doctor’s language, in one GSM-7 part: no value, no patient', () => {
    expect(vitalAlertSms(link)).toBe(`Afya: a patient in your care recorded a critical reading. See your alerts: ${link}`);
    expect(vitalAlertSms(link, 'sw')).toBe(`Afya: mgonjwa unayemhudumia ameweka kipimo cha hatari. Tazama tahadhari zako: ${link}`);
    for (const language of ['en', 'sw'] as const) expect(gsm7Units(vitalAlertSms(link, language))).toBeLessThanOrEqual(160);
    const email = vitalAlertEmail('Dr Grace Wanjiku', link);
    expect(email.subject).toBe('A patient in your care recorded a critical reading');
    expect(email.text).toContain('Hello Dr Grace Wanjiku,');
    expect(email.text).toContain(`Your alerts: ${link}`);
    expect(email.html).toContain(`href="${link}"`);
    expect(vitalAlertEmail('Grace Wanjiku', link, 'sw').subject).toBe('Mgonjwa unayemhudumia ameweka kipimo cha hatari');
  });

  it('needs no appointment, and still respects the doctor’s account and channel choices', () => {
    const user = { email: 'grace@afya.test', contact_phone: '0712345678', status: 'active', deleted: false };
    const decide = (overrides: Partial<Parameters<typeof deliveryDecision>[0]> = {}) =>
      deliveryDecision({ kind: 'vital-alert', channel: 'sms', user, preferences: null, appointment: null, ...overrides });
    expect(decide()).toEqual({ send: true, address: '+254712345678' });
    expect(decide({ channel: 'email' })).toEqual({ send: true, address: 'grace@afya.test' });
    expect(decide({ user: { ...user, status: 'suspended' } })).toEqual({ send: false, reason: 'user suspended' });
    expect(decide({ preferences: { sms: false, email: true } })).toEqual({ send: false, reason: 'SMS turned off by the user' });
  });
});
