import { formatKsh, initials } from './format';

describe('formatKsh', () => {
  it.each([
    [1500, 'Ksh 1,500'],
    [0, 'Ksh 0'],
    [150, 'Ksh 150'],
    [1234567, 'Ksh 1,234,567'],
    [2500.5, 'Ksh 2,500.5'],
    ['4821500', 'Ksh 4,821,500'],
    [-300, '-Ksh 300'],
  ])('formats %p as %p', (input, expected) => {
    expect(formatKsh(input as number)).toBe(expected);
  });

  it('treats missing or invalid values as Ksh 0', () => {
    expect(formatKsh(null)).toBe('Ksh 0');
    expect(formatKsh(undefined)).toBe('Ksh 0');
    expect(formatKsh('abc')).toBe('Ksh 0');
  });

  it('builds initials', () => {
    expect(initials('Amina', 'Wanjiru')).toBe('AW');
    expect(initials('', '')).toBe('?');
  });
});
