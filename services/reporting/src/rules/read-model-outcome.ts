import type { Money } from './money';

// What one rule returns: the row an event leaves and what it moves in rm_counts and rm_daily.

export type DailyColumn = 'bookings' | 'revenue' | 'new_users' | 'new_doctors';

/** A change of one daily roll-up on the clinic day of `at`; PostgreSQL computes that day, as it always has. */
export interface DailyDelta {
  at: string;
  column: DailyColumn;
  by: Money;
}

/** A change of one rm_counts counter. */
export interface CountDelta {
  key: string;
  by: number;
}

export interface Outcome<Row> {
  row: Row | null;
  counts: CountDelta[];
  daily: DailyDelta[];
}

/** A roll-up change; none when it is zero (the per-event handlers never wrote a zero, so no row appears for it). */
export function daily(at: string, column: DailyColumn, by: Money): DailyDelta[] {
  return by ? [{ at, column, by }] : [];
}

/** Prescription and ticket deletions: the row goes, nothing else moves. */
export function removeRow<Row>(): Outcome<Row> {
  return { row: null, counts: [], daily: [] };
}
