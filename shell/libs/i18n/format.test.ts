import { detectLanguage, formatDate, formatKsh, formatNumber, formatSlot, languageOfTag } from 'shell/i18n';

// A non-breaking or narrow space is what Intl may put in some locales; the assertions spell plain text, so any
// such space would fail them: these are the exact strings a reader sees.
describe('money (Ksh with thousands grouping)', () => {
  it.each([
    ['en', 1500, 'Ksh 1,500'],
    ['sw', 1500, 'Ksh 1,500'],
    ['en', 1234567.5, 'Ksh 1,234,567.5'],
    ['sw', 1234567.5, 'Ksh 1,234,567.5'],
    ['en', '2500.00', 'Ksh 2,500'],
    ['sw', -300, '-Ksh 300'],
    ['sw', 0.256, 'Ksh 0.26'],
    ['en', null, 'Ksh 0'],
    ['sw', 'not a number', 'Ksh 0'],
  ] as const)('%s: %p → %s', (language, amount, text) => {
    expect(formatKsh(amount, language)).toBe(text);
  });

  it('follows the page language when none is given (English in tests)', () => {
    expect(formatKsh(12000)).toBe('Ksh 12,000');
  });
});

describe('numbers', () => {
  it.each([
    ['en', 1200, '1,200'],
    ['sw', 1200, '1,200'],
    ['sw', 1234567, '1,234,567'],
  ] as const)('%s: %p → %s', (language, n, text) => expect(formatNumber(n, language)).toBe(text));
});

describe('dates and times (clinic time, Africa/Nairobi)', () => {
  // 11:05 UTC is 14:05 in Nairobi (UTC+3, no daylight saving).
  const instant = '2026-11-28T11:05:00.000Z';
  it.each([
    ['en', 'day', '2026-11-28', 'Sat, 28 Nov 2026'],
    ['sw', 'day', '2026-11-28', 'Jumamosi, 28 Nov 2026'],
    ['en', 'dayLong', '2026-11-28', 'Saturday, 28 November 2026'],
    ['sw', 'dayLong', '2026-11-28', 'Jumamosi, 28 Novemba 2026'],
    ['en', 'date', '2026-03-02', '2 Mar 2026'],
    ['sw', 'dateLong', '2026-03-02', '2 Machi 2026'],
    ['en', 'dateTime', instant, '28 Nov 2026, 14:05'],
    ['sw', 'dateTime', instant, '28 Nov 2026, 14:05'],
    ['en', 'time', instant, '14:05'],
    ['sw', 'time', instant, '14:05'],
  ] as const)('%s %s: %s → %s', (language, style, value, text) => {
    expect(formatDate(value, style, language)).toBe(text);
  });

  it('shows a calendar date as that day, whatever the clock (no time-zone shift)', () => {
    expect(formatDate('2026-01-01', 'date', 'en')).toBe('1 Jan 2026');
  });

  it('shows an instant on the Nairobi clock: 22:30 UTC is already the next day there', () => {
    expect(formatDate('2026-11-28T22:30:00Z', 'date', 'sw')).toBe('29 Nov 2026');
  });

  it('writes a dash for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('soon', 'date', 'sw')).toBe('—');
  });
});

describe('time slots', () => {
  it('English exactly as the API writes them (CONTRACT.md §9)', () => {
    for (const slot of ['09:00 AM', '12:00 PM', '02:30 PM', '04:30 PM']) expect(formatSlot(slot, 'en')).toBe(slot);
  });

  it('Kiswahili on the 24-hour clock, as the PDFs, emails and SMS', () => {
    expect(formatSlot('09:00 AM', 'sw')).toBe('09:00');
    expect(formatSlot('12:00 PM', 'sw')).toBe('12:00');
    expect(formatSlot('12:30 AM', 'sw')).toBe('00:30');
    expect(formatSlot('02:30 PM', 'sw')).toBe('14:30');
    expect(formatSlot('4:30 pm', 'sw')).toBe('16:30');
  });

  it('anything else as it is, a missing slot as a dash', () => {
    expect(formatSlot('soon', 'sw')).toBe('soon');
    expect(formatSlot(null, 'sw')).toBe('—');
    expect(formatSlot('', 'en')).toBe('—');
  });
});

describe('the language of a visit', () => {
  it('keeps the remembered choice', () => expect(detectLanguage('sw', ['en-US'])).toBe('sw'));
  it('follows the browser on a first visit', () => {
    expect(detectLanguage(null, ['sw-KE', 'en'])).toBe('sw');
    expect(detectLanguage(null, ['fr-FR', 'en-GB'])).toBe('en');
  });
  it('falls back to English', () => {
    expect(detectLanguage('fr', ['de'])).toBe('en');
    expect(languageOfTag('SW_tz')).toBe('sw');
  });
});
