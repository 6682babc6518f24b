import type { AdminSearchQuery } from './admin-search-query';

/**
 * From PostgreSQL's statistics (which ANALYZE and autovacuum keep): appointments per patient and per doctor
 * (reltuples and n_distinct), the statuses' shares and the spread of appointment dates. A common name's total is its
 * people times these, an estimate made without reading any row.
 */
export const APPOINTMENT_STATS_SQL = `
  WITH s AS (SELECT attname, n_distinct, most_common_vals::text::text[] AS vals, most_common_freqs AS freqs, histogram_bounds::text::text[] AS bounds
               FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'appointments')
  SELECT c.reltuples::float8 AS appointments,
         (SELECT n_distinct FROM s WHERE attname = 'user_id') AS patients,
         (SELECT n_distinct FROM s WHERE attname = 'doctor_id') AS doctors,
         (SELECT vals FROM s WHERE attname = 'appointment_status') AS statuses,
         (SELECT freqs FROM s WHERE attname = 'appointment_status') AS status_shares,
         (SELECT n_distinct FROM s WHERE attname = 'appointment_date') AS days,
         (SELECT bounds FROM s WHERE attname = 'appointment_date') AS day_bounds
    FROM pg_class c WHERE c.oid = 'appointments'::regclass`;

/** How many people a name matched. */
export interface ManyPeople {
  patient_count: number;
  doctor_count: number;
}

export interface AppointmentStats {
  appointments: number;
  patients: number | null;
  doctors: number | null;
  /** The statuses' shares of all appointments (most_common_vals / most_common_freqs). */
  statuses: string[] | null;
  status_shares: number[] | null;
  /** Distinct appointment dates, and the dates' histogram (equal shares of the appointments between bounds). */
  days: number | null;
  day_bounds: string[] | null;
}

/** n_distinct is a count, or minus a fraction of the rows when it grows with the table (-1 for a table never analysed). */
export const distinctCount = (nDistinct: number | null, rows: number) => (nDistinct === null ? 0 : nDistinct < 0 ? -nDistinct * rows : nDistinct);

/**
 * The share of all appointments a date filter keeps, from the statistics: one day is 1 / the distinct dates; before
 * or after a day, the buckets of the dates' histogram (each holds an equal share) on that side of it.
 */
export function dateShare(date: AdminSearchQuery['date'], stats: Pick<AppointmentStats, 'appointments' | 'days' | 'day_bounds'>): number {
  if (!date) return 1;
  const days = distinctCount(stats.days, stats.appointments);
  const oneDay = days > 0 ? 1 / days : 0;
  if (date.op === 'on') return oneDay;
  const bounds = stats.day_bounds ?? [];
  if (bounds.length < 2) return 0.5;
  // ISO dates compare as text; the day itself sits half a bucket into its bucket.
  const boundsBefore = bounds.filter((bound) => bound < date.day).length;
  const before = Math.min(Math.max((boundsBefore - 0.5) / (bounds.length - 1), 0), 1);
  return date.op === 'before' ? before : Math.max(1 - before - oneDay, 0);
}
