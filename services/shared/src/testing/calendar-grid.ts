/**
 * The instants a calendar sweep runs the scheduling rules at (issue 33): every weekday, at the clinic's edges of the
 * day (00:00, 08:59, 09:00, 13:59, 14:00, 16:59, 23:59 Africa/Nairobi), in weeks that cross a month end, a year end
 * and 29 February. Kenya keeps East Africa Time (UTC+3) all year, so a Nairobi wall-clock time is written here with
 * its fixed offset; the rules under test read the offset from the time-zone database, and the sweep checks they agree.
 */
export const SWEEP_TIMES = ['00:00', '08:59', '09:00', '13:59', '14:00', '16:59', '23:59'] as const;

/** First days of the swept weeks: 2026-11-27 (month end), 2026-12-28 (year end), 2028-02-25 (29 February). */
export const SWEEP_WEEK_STARTS = ['2026-11-27', '2026-12-28', '2028-02-25'] as const;

export interface SweepInstant {
  /** The clinic date (YYYY-MM-DD) */
  date: string;
  /** The Nairobi wall-clock time (HH:MM) */
  time: string;
  now: Date;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date `days` after `date` (both YYYY-MM-DD), by the proleptic calendar alone. */
export function sweepAddDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** A Nairobi wall-clock time as an instant (UTC+3, no daylight saving). */
export function nairobi(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+03:00`);
}

/** Seven consecutive days from each week start, at each sweep time: 3 weeks × 7 days × 7 times. */
export function calendarSweep(): SweepInstant[] {
  const instants: SweepInstant[] = [];
  for (const start of SWEEP_WEEK_STARTS) {
    for (let day = 0; day < 7; day++) {
      const date = sweepAddDays(start, day);
      for (const time of SWEEP_TIMES) {
        const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
        instants.push({ date, time, now: nairobi(date, time), weekday, label: `${date} ${time} EAT` });
      }
    }
  }
  return instants;
}
