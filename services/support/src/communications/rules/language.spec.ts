import { NOTIFICATION_KINDS, NOTIFICATION_TEXTS } from '@afya/service-shared';
import { appointmentCalendar } from './calendar';
import { emailContent, gsm7Units, MESSAGE_KINDS, resetEmailContent, resetSmsText, smsText, type VisitFacts } from './messages';

const visit: VisitFacts = {
  appointment_id: 42,
  appointment_date: '2026-12-01',
  time_slot: '02:30 PM',
  doctor_name: 'Amina Wanjiku',
  patient_name: 'Jane Doe',
  appointment_type: 'Consultation',
};
const previous = { appointment_date: '2026-11-30', time_slot: '09:00 AM' };
const LINK = 'https://afya.test/dashboard/appointments';

it('the catalogue has texts for every kind of message sent here, and for no other, in each language', () => {
  expect(MESSAGE_KINDS).toBe(NOTIFICATION_KINDS); // one list: the catalogue's
  for (const texts of Object.values(NOTIFICATION_TEXTS)) {
    for (const table of [texts.sms, texts.subjects, texts.leads]) expect(Object.keys(table).sort()).toEqual([...MESSAGE_KINDS].sort());
  }
});

describe('SMS in Kiswahili', () => {
  it('names the doctor, the day and the time (24-hour) in one GSM-7 part', () => {
    expect(smsText('booking-confirmation', visit, LINK, undefined, 'sw')).toBe(`Afya: miadi na Dkt Amina Wanjiku imewekwa, Jumanne, 1 Des 14:30. ${LINK}`);
    expect(smsText('reminder-2h', visit, LINK, undefined, 'sw')).toBe(`Afya kumbusho: baada ya saa 2, miadi na Dkt Amina Wanjiku, Jumanne, 1 Des 14:30. ${LINK}`);
    expect(smsText('reschedule', visit, LINK, previous, 'sw')).toBe(
      `Afya: miadi na Dkt Amina Wanjiku imehamishwa hadi Jumanne, 1 Des 14:30 (awali Jumatatu, 30 Nov 09:00). ${LINK}`,
    );
    expect(smsText('doctor-reschedule', visit, LINK, previous, 'sw')).toBe(`Afya: Jane Doe amehamisha miadi hadi Jumanne, 1 Des 14:30 (awali Jumatatu, 30 Nov 09:00). ${LINK}`);
  });

  it('drops the weekdays before a name is cut below ten letters (Kiswahili weekdays are long words)', () => {
    const longLink = 'https://appointments.afya-clinic.co.ke/dashboard/appointments';
    const text = smsText('reminder-2h', { ...visit, doctor_name: 'Wanjiku-Kamau Nyambura', appointment_date: '2026-09-30' }, longLink, previous, 'sw');
    expect(text).toBe(`Afya kumbusho: baada ya saa 2, miadi na Dkt Wanjiku-Kamau Nya., 30 Sep 14:30 (awali 30 Nov 09:00). ${longLink}`);
    expect(gsm7Units(text)!).toBeLessThanOrEqual(160);
  });

  it('stays within 160 GSM-7 units for every kind, with the longest names and the longest dates, and carries no clinical text', () => {
    const long = { ...visit, doctor_name: `Ngʼangʼa Müller-Wanjikũ ${'Kamau '.repeat(30)}`, appointment_type: 'HIV test' };
    // Wednesday and September: the longest weekday and month names in Kiswahili's short dates ("Jumatano, 30 Sep").
    const longest = { ...long, appointment_date: '2026-09-30', time_slot: '05:30 PM' };
    const longLink = 'https://appointments.afya-clinic.co.ke/dashboard/appointments';
    for (const kind of MESSAGE_KINDS) {
      for (const facts of [long, longest]) {
        const text = smsText(kind, { ...facts, patient_name: facts.doctor_name }, longLink, { appointment_date: '2026-09-23', time_slot: '11:30 AM' }, 'sw');
        expect(gsm7Units(text)).not.toBeNull();
        expect({ kind, units: gsm7Units(text)! <= 160 }).toEqual({ kind, units: true });
        expect(text).toContain(longLink);
        expect(text).not.toContain('HIV');
        expect(text).not.toMatch(/\b(booked|reminder|moved|cancelled)\b/);
      }
    }
  });

  it('every Kiswahili SMS text is plain GSM-7 by itself (no accent or curly quote can make two parts)', () => {
    for (const kind of MESSAGE_KINDS) {
      expect(gsm7Units(NOTIFICATION_TEXTS.sw.sms[kind]('Amina', 'Jumanne, 1 Des 14:30', NOTIFICATION_TEXTS.sw.smsWas('Jumatatu, 30 Nov 09:00')))).not.toBeNull();
    }
    const reset = resetSmsText('482913', 30, 'sw');
    expect(reset).toBe('Afya: msimbo wako wa kuweka upya nenosiri ni 482913. Ni halali kwa dakika 30. Kama hukuuomba, puuza ujumbe huu.');
    expect(gsm7Units(reset)!).toBeLessThanOrEqual(160);
    expect(gsm7Units(resetSmsText('482913', 30, 'en'))!).toBeLessThanOrEqual(160);
  });

  it('English stays exactly as it was', () => {
    expect(smsText('reminder-24h', visit, 'https://afya.test/a/42', undefined, 'en')).toBe('Afya reminder: tomorrow Dr Amina Wanjiku, Tue 1 Dec 02:30 PM. https://afya.test/a/42');
    expect(resetSmsText('482913', 30)).toBe('Afya: your password reset code is 482913. It is valid for 30 minutes. If you did not ask for it, ignore this message.');
  });
});

describe('email in Kiswahili', () => {
  it('subject, greeting, facts with the date in Kiswahili and the type translated; names as written', () => {
    const email = emailContent('payment-confirmation', visit, LINK, undefined, 'sw');
    expect(email.subject).toBe('Malipo ya miadi yako yamepokelewa');
    expect(email.text).toContain('Habari Jane Doe,');
    expect(email.text).toContain('Tumepokea malipo yako. Miadi yako imethibitishwa.');
    expect(email.text).toContain('Daktari: Dkt Amina Wanjiku');
    expect(email.text).toContain('Tarehe: Jumanne, 1 Desemba 2026');
    expect(email.text).toContain('Saa: 14:30 (saa za Afrika Mashariki)');
    expect(email.text).toContain('Aina: Ushauri wa daktari');
    expect(email.text).toContain(`Miadi yako: ${LINK}`);
    expect(email.html).toContain('<html lang="sw">');
    expect(email.html).toContain('Tazama miadi yako');
    const moved = emailContent('doctor-reschedule', visit, LINK, previous, 'sw');
    expect(moved.text).toContain('Habari Dkt Amina Wanjiku,');
    expect(moved.text).toContain('Mgonjwa: Jane Doe');
    expect(moved.text).toContain('Awali: Jumatatu, 30 Novemba 2026, 09:00');
  });

  it('the password reset email', () => {
    const email = resetEmailContent('Wanjiru', 'https://afya.test/reset-password?token=abc', 30, 'sw');
    expect(email.subject).toBe('Weka upya nenosiri lako la Afya');
    expect(email.text).toContain('Habari Wanjiru,');
    expect(email.text).toContain('https://afya.test/reset-password?token=abc');
    expect(email.text).toContain('dakika 30');
    expect(resetEmailContent('Wanjiru', 'https://x', 30).subject).toBe('Reset your Afya password');
  });

  it('the calendar event', () => {
    const ics = appointmentCalendar({ ...visit, sequence: 0, cancelled: false, status: 'Confirmed', paid: true }, { domain: 'afya.test', organizerEmail: 'no-reply@afya.test', url: LINK, language: 'sw' });
    expect(ics).toContain('SUMMARY:Miadi na Dkt Amina Wanjiku');
    expect(ics).toContain('Ushauri wa daktari katika Afya');
  });
});
