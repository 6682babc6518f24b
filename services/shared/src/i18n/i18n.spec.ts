import { runWithRequestContext } from '../context/request-context';
import { formatClinicDate, formatKsh, languageFromAcceptLanguage, requestLanguage } from './language';
import { translateMessage } from './translate';

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['sw', 'sw'],
    ['sw-KE', 'sw'],
    ['SW-ke', 'sw'],
    ['en-KE,en;q=0.9,sw;q=0.8', 'en'],
    ['sw;q=0.9, en;q=0.8', 'sw'],
    ['en;q=0.5, sw;q=0.9', 'sw'],
    ['fr-FR, sw;q=0.5, en;q=0.4', 'sw'],
    ['fr-FR, de', 'en'],
    ['sw;q=0, en', 'en'],
    ['sw;q=0', 'en'],
    ['*', 'en'],
    ['sw;q=banana', 'en'],
    ['sw, en', 'sw'],
    ['swahili', 'en'],
    [['sw', 'en'], 'sw'],
  ])('%p → %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header as string | string[] | undefined)).toBe(expected);
  });

  it("reads the request context's language, English when it holds none or nonsense", () => {
    expect(requestLanguage()).toBe('en');
    expect(runWithRequestContext({ language: 'sw' }, requestLanguage)).toBe('sw');
    expect(runWithRequestContext({ language: 'fr' }, requestLanguage)).toBe('en');
  });
});

describe('server messages in Kiswahili', () => {
  it('translates a catalogue message and leaves English and unknown text exactly as written', () => {
    expect(translateMessage('Appointment not found', 'sw')).toBe('Miadi haikupatikana');
    expect(translateMessage('Appointment not found', 'en')).toBe('Appointment not found');
    expect(translateMessage('Amlodipine 5 mg once daily', 'sw')).toBe('Amlodipine 5 mg once daily');
  });

  it('puts the values of a parameterised message into its translation, weekdays in Kiswahili', () => {
    expect(translateMessage('Title must be at most 200 characters', 'sw')).toBe('Kichwa kisizidi herufi 200');
    expect(translateMessage('Dr. Amina Wanjiru does not see patients on Mondays. Please choose another date.', 'sw')).toBe(
      'Dkt. Amina Wanjiru haoni wagonjwa siku ya Jumatatu. Tafadhali chagua tarehe nyingine.',
    );
    expect(translateMessage('limit must be from 1 to 100', 'sw')).toBe('limit lazima iwe kuanzia 1 hadi 100');
    expect(translateMessage('page is out of range', 'sw')).toBe('page iko nje ya kiwango kinachokubalika');
  });

  it('puts clock times on the 24-hour clock, as Kiswahili screens show slots', () => {
    expect(translateMessage('On Saturdays the clinic is open 9:00 AM - 2:00 PM. Please choose a time within those hours.', 'sw')).toBe(
      'Siku ya Jumamosi kliniki iko wazi 09:00 - 14:00. Tafadhali chagua muda ndani ya saa hizo.',
    );
    expect(translateMessage('Emergency appointment: Amina Yusuf at 02:30 PM', 'sw')).toBe('Miadi ya dharura: Amina Yusuf saa 14:30');
    expect(translateMessage('Emergency appointment: Amina Yusuf at 02:30 PM', 'en')).toBe('Emergency appointment: Amina Yusuf at 02:30 PM');
  });
});

describe('money and dates through Intl (en-KE / sw-KE, clinic time)', () => {
  // 06:30 UTC is 09:30 in Nairobi; 21:30 UTC on the 28th is already the 29th there.
  it('formats Ksh with thousands grouping in both languages', () => {
    // Intl puts a no-break space after the symbol: the amount never wraps away from "Ksh".
    expect(formatKsh(2500, 'en')).toBe('Ksh\u00a02,500.00');
    expect(formatKsh(1234567.5, 'sw')).toBe('Ksh\u00a01,234,567.50');
  });

  it('writes dates in Nairobi time with the month in the reader’s language', () => {
    expect(formatClinicDate(new Date('2026-11-28T06:30:00Z'), 'en', true)).toBe('28 November 2026 at 09:30');
    expect(formatClinicDate(new Date('2026-11-28T06:30:00Z'), 'sw', true)).toBe('28 Novemba 2026 saa 09:30');
    expect(formatClinicDate(new Date('2026-11-28T21:30:00Z'), 'sw')).toBe('29 Novemba 2026');
  });
});
