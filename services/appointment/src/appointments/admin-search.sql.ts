import { APPOINTMENT_JSON } from './appointment.sql';

// The admin search's statements' parts (admin-search.ts puts them together).

export const ADMIN_ORDER = 'ORDER BY a.created_at DESC, a.appointment_id DESC';
/**
 * The same order when one status is asked for: status first (one value, so no change) lets PostgreSQL read
 * appointments_status_walk_idx in order. Ordered by created_at alone it walked the whole list, where the newest are
 * mostly Pending: 29,000 rows for one page of Completed ones of a surname.
 */
export const ADMIN_ORDER_ONE_STATUS = 'ORDER BY a.appointment_status, a.created_at DESC, a.appointment_id DESC';

/** One page of the CTE `matched` (appointment_id, created_at), in list order. */
export const matchedPageIdsSql = (limit: string, offset: string) =>
  `SELECT appointment_id FROM matched ORDER BY created_at DESC, appointment_id DESC LIMIT ${limit} OFFSET ${offset}`;

/**
 * The page's JSON (body) and who it shows (ids, users: for the audit), for the ids `pageIds` chose (one page at
 * most), in list order. Each row is read by its key in a LATERAL subquery (LIMIT 1: one row an id), which PostgreSQL
 * plans as a lookup: joined to the page's ids, it weighed join orders over the whole tables on every request
 * (planning the name search cost 0.4 ms more).
 */
export function pageJsonSql(pageIds: string): string {
  const order = 'ORDER BY x.created_at DESC, x.appointment_id DESC';
  return `
    SELECT json_build_object('appointments', COALESCE(json_agg(x.doc ${order}), '[]'::json))::text AS body,
           COALESCE(array_agg(x.appointment_id ${order}), '{}') AS ids,
           COALESCE(array_agg(x.user_id ${order}), '{}') AS users
      FROM (${pageIds}) p
      CROSS JOIN LATERAL (
        SELECT ${APPOINTMENT_JSON} AS doc, a.appointment_id, a.user_id, a.created_at
          FROM appointments a
          JOIN doctors d ON d.doctor_id = a.doctor_id
          LEFT JOIN user_directory u ON u.user_id = a.user_id
          LEFT JOIN appointment_ratings r ON r.appointment_id = a.appointment_id
         WHERE a.appointment_id = p.appointment_id
         LIMIT 1) x`;
}

/** Patients and doctors whose "first last" matches the search (trigram indexes on the two small name tables). */
export const MATCHED_PEOPLE_SQL = (pattern: string) => `
  SELECT ARRAY(SELECT user_id FROM user_directory WHERE firstname || ' ' || lastname ILIKE ${pattern}) AS patients,
         ARRAY(SELECT doctor_id FROM doctors WHERE first_name || ' ' || last_name ILIKE ${pattern}) AS doctors`;

export interface MatchedPeople {
  patients: number[];
  doctors: number[];
}
