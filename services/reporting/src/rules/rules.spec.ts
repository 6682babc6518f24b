import { csvCell, isCalendarDate } from './csv.rules';
import { daysEnding, growthRates, monthsEnding, parseRange, percentChange, statusShares } from './analytics.rules';

describe('analytics rules (hand-computed fixtures)', () => {
  it('accepts only the four ranges, 30 by default', () => {
    expect(parseRange(undefined)).toBe(30);
    expect(parseRange('7')).toBe(7);
    expect(parseRange(365)).toBe(365);
    for (const bad of ['8', '-7', '30.0', 'abc', 0, 31]) expect(parseRange(bad)).toBeNull();
  });

  it('growth rate: percent change against the row before, one decimal; none for the first row or a zero base', () => {
    // 10 → 15: +50%; 15 → 12: -20%; 12 → 0: -100%; 0 → 5: no base; 5 → 6: +20%; 3 → 4: 33.3%
    expect(growthRates([10, 15, 12, 0, 5, 6])).toEqual([null, 50, -20, -100, null, 20]);
    expect(percentChange(4, 3)).toBe(33.3);
    expect(percentChange(2, 3)).toBe(-33.3);
  });

  it("status shares are real percentages that sum to 100", () => {
    expect(statusShares([{ status: 'Pending', count: 1 }, { status: 'Completed', count: 1 }, { status: 'Cancelled', count: 1 }]).map((s) => s.percent)).toEqual([33.4, 33.3, 33.3]);
    expect(statusShares([{ status: 'Pending', count: 3 }, { status: 'Completed', count: 1 }]).map((s) => s.percent)).toEqual([75, 25]);
    expect(statusShares([{ status: 'Pending', count: 0 }]).map((s) => s.percent)).toEqual([0]);
    const shares = statusShares([7, 5, 3, 11].map((count, i) => ({ status: `s${i}`, count })));
    expect(shares.reduce((sum, s) => sum + s.percent * 10, 0)).toBe(1000);
  });

  it('days and months', () => {
    expect(daysEnding('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(monthsEnding('2026-02-15', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });
});

describe('CSV cells', () => {
  it('escapes values a spreadsheet would run as formulas, and nothing else', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+254700000000')).toBe("'+254700000000");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('Wanjiku')).toBe('Wanjiku');
    expect(csvCell(-5)).toBe(-5);
    expect(csvCell(null)).toBe('');
  });

  it('dates are real calendar days', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
  });
});
