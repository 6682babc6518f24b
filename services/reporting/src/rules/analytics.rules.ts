import { ANALYTICS_RANGES, AnalyticsRange, DEFAULT_ANALYTICS_RANGE, PeriodChange, StatusBreakdownEntry } from '../../contracts';

/** The range query (7, 30, 90 or 365 days; absent means 30); anything else is null (the caller answers 400). */
export function parseRange(value: unknown): AnalyticsRange | null {
  if (value === undefined || value === null || value === '') return DEFAULT_ANALYTICS_RANGE;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return (ANALYTICS_RANGES as readonly number[]).includes(n) ? (n as AnalyticsRange) : null;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** Percent change, one decimal; null when there is no base (previous = 0). */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return oneDecimal(((current - previous) / previous) * 100);
}

export function periodChange(current: number, previous: number): PeriodChange {
  return { current, previous, percent: percentChange(current, previous) };
}

/** Growth rate of each row's count against the row before (null for the first row and after a 0). */
export function growthRates(counts: number[]): (number | null)[] {
  return counts.map((count, i) => (i === 0 ? null : percentChange(count, counts[i - 1])));
}

/**
 * Each status's share in percent with one decimal, rounded so the shares sum to exactly 100 (largest
 * remainder): the pie's labels never read 33.3 + 33.3 + 33.3.
 */
export function statusShares(counts: { status: string; count: number }[]): StatusBreakdownEntry[] {
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  if (total === 0) return counts.map((c) => ({ ...c, percent: 0 }));
  const tenths = counts.map((c) => (c.count * 1000) / total);
  const floors = tenths.map(Math.floor);
  let missing = 1000 - floors.reduce((a, b) => a + b, 0);
  const order = tenths.map((t, i) => ({ i, rest: t - floors[i] })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0) break;
    floors[i] += 1;
    missing -= 1;
  }
  return counts.map((c, i) => ({ ...c, percent: floors[i] / 10 }));
}

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The `range` days ending with `today` (inclusive), oldest first. */
export function daysEnding(today: string, range: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: range }, (_, i) => new Date(end - (range - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The twelve months ending with `today`'s month, oldest first (YYYY-MM). */
export function monthsEnding(today: string, count = 12): string[] {
  const [y, m] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const index = y * 12 + (m - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** Zero-fills a sparse day → value map over the given days. */
export function series<K extends string>(days: string[], values: Map<string, number>, key: K): ({ date: string } & Record<K, number>)[] {
  return days.map((date) => ({ date, [key]: values.get(date) ?? 0 }) as { date: string } & Record<K, number>);
}
