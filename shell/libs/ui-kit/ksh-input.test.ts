import { readKshInput, zeroNeedsConfirmation } from './ksh-input';

describe('readKshInput', () => {
  it.each([
    [2500, 2500],
    ['1,500', 1500],
    [' 350 ', 350],
    [0, 0],
    ['0', 0],
    [99.999, 100],
    [-0, 0],
  ])('reads %p as %p', (input, amount) => {
    expect(readKshInput(input)).toEqual({ ok: true, amount });
  });

  it('refuses negative amounts instead of saving them as 0', () => {
    expect(readKshInput(-1)).toEqual({ ok: false, reason: 'negative' });
    expect(readKshInput('-500')).toEqual({ ok: false, reason: 'negative' });
  });

  it('refuses more than the service accepts', () => {
    expect(readKshInput(10_000_000)).toEqual({ ok: true, amount: 10_000_000 });
    expect(readKshInput(10_000_001)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses empty and non-numeric input', () => {
    expect(readKshInput(null)).toEqual({ ok: false, reason: 'empty' });
    expect(readKshInput(undefined)).toEqual({ ok: false, reason: 'empty' });
    expect(readKshInput('  ')).toEqual({ ok: false, reason: 'empty' });
    expect(readKshInput('ten')).toEqual({ ok: false, reason: 'not-a-number' });
    expect(readKshInput(Number.NaN)).toEqual({ ok: false, reason: 'not-a-number' });
  });
});

describe('zeroNeedsConfirmation', () => {
  it('asks before setting 0 over another amount or over nothing', () => {
    expect(zeroNeedsConfirmation(0, 3500)).toBe(true);
    expect(zeroNeedsConfirmation(0, null)).toBe(true);
    expect(zeroNeedsConfirmation(0, undefined)).toBe(true);
  });
  it('does not ask for other amounts, nor when it already is 0', () => {
    expect(zeroNeedsConfirmation(100, 3500)).toBe(false);
    expect(zeroNeedsConfirmation(0, 0)).toBe(false);
  });
});
