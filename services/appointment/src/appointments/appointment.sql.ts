import { CLINIC_TIME_ZONE, type AppointmentCover, type AppointmentEventData, type AppointmentStatus, type AppointmentView, type NeedsNewTimeFlag, type VisitMode } from '../../contracts';

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The visit's open "needs a new time" record (issue 37) as JSON, or null: a primary-key lookup per row. Only an open
 * (Pending or Confirmed) visit waits for a new time; the leave's reason is private to staff and never read here.
 */
const NEEDS_NEW_TIME_JSON = `(SELECT json_build_object('cause', n.cause, 'since', ${ISO('n.created_at')}, 'closure_name', c.name)
       FROM appointment_new_time_needed n
       LEFT JOIN clinic_closures c ON c.closure_id = n.closure_id
      WHERE n.appointment_id = a.appointment_id AND n.resolved_at IS NULL AND a.appointment_status IN ('Pending', 'Confirmed'))`;

/**
 * Issue 38: the cover the visit was booked with, as it was then, and its check at the desk (a primary-key lookup per
 * row), or null for a self-pay visit. Shown to the patient, the visit's doctor and admins, like the visit itself.
 */
const COVER_JSON = `(SELECT json_build_object('cover_id', c.cover_id, 'payer_id', c.payer_id, 'payer_code', c.payer_code, 'payer_name', c.payer_name,
         'payer_kind', c.payer_kind, 'member_number', c.member_number, 'scheme', c.scheme, 'relationship', c.relationship,
         'principal_name', c.principal_name, 'principal_member_number', c.principal_member_number, 'valid_until', c.valid_until::text,
         'priority', c.priority, 'fee', c.fee::float8, 'copay_kind', c.copay_kind, 'copay_value', c.copay_value::float8,
         'copay_amount', c.copay_amount::float8, 'cover_amount', c.cover_amount::float8, 'paid_amount', c.paid_amount::float8,
         'check_status', c.check_status, 'check_reason', c.check_reason, 'checked_by', c.checked_by,
         'checked_at', CASE WHEN c.checked_at IS NULL THEN NULL ELSE ${ISO('c.checked_at')} END)
       FROM appointment_covers c WHERE c.appointment_id = a.appointment_id)`;

/**
 * Issue 38: what a payment is for now (Ksh). Nothing once paid or when the visit is no longer Pending or Confirmed;
 * with cover, what the patient owes of the co-pay (of the whole fee once the cover is rejected or self-pay is chosen)
 * less what they paid; without, the amount. The rule in words: insurance-rules.ts; the payment service charges it.
 */
const AMOUNT_DUE_NOW = `(CASE WHEN a.paid OR a.appointment_status NOT IN ('Pending', 'Confirmed') THEN 0
         ELSE COALESCE((SELECT GREATEST(0, CASE WHEN c.check_status IN ('rejected', 'self_pay') THEN c.fee ELSE c.copay_amount END - c.paid_amount)::float8
                          FROM appointment_covers c WHERE c.appointment_id = a.appointment_id), a.total_amount::float8) END)`;

/**
 * One SQL shape for every appointment read: the appointment, its doctor's summary, the patient's names
 * (from the user directory) and the rating, in one indexed query: no N+1, no entity mapping on hot reads.
 */
export const APPOINTMENT_SELECT = `
  SELECT a.appointment_id, a.user_id, a.doctor_id, a.appointment_date::text AS appointment_date, a.time_slot,
         a.appointment_type, a.visit_mode, a.total_amount::float8 AS total_amount, a.appointment_status, a.paid, a.notes, a.duration,
         a.patient_full_name, a.diagnosis, a.treatment, a.medications, a.starts_at, a.created_at, a.updated_at,
         d.user_id AS doctor_user_id, d.first_name AS doctor_first_name, d.last_name AS doctor_last_name,
         d.specialization AS doctor_specialization,
         u.firstname AS user_firstname, u.lastname AS user_lastname,
         r.rating, r.comment AS rating_comment,
         ${NEEDS_NEW_TIME_JSON} AS needs_new_time,
         a.booked_by_user_id, a.booked_by_name, a.booked_by_relationship,
         ${COVER_JSON} AS cover, ${AMOUNT_DUE_NOW} AS amount_due_now
    FROM appointments a
    JOIN doctors d ON d.doctor_id = a.doctor_id
    LEFT JOIN user_directory u ON u.user_id = a.user_id
    LEFT JOIN appointment_ratings r ON r.appointment_id = a.appointment_id`;

/**
 * The same view as toAppointmentView, built by PostgreSQL as JSON (hot lists): the service passes the text on
 * and the gateway sends it as it is, so a 50-row list is never parsed into objects and serialized again.
 * Keep in step with toAppointmentView (a test compares both).
 */
export const APPOINTMENT_JSON = `json_build_object(
    'appointment_id', a.appointment_id, 'user_id', a.user_id, 'doctor_id', a.doctor_id,
    'appointment_date', a.appointment_date::text, 'time_slot', a.time_slot, 'starts_at', ${ISO('a.starts_at')},
    'appointment_type', a.appointment_type, 'type', a.appointment_type, 'visit_mode', a.visit_mode, 'total_amount', a.total_amount::float8,
    'appointment_status', a.appointment_status, 'paid', a.paid, 'notes', a.notes, 'duration', a.duration,
    'patient_full_name', COALESCE(NULLIF(concat_ws(' ', NULLIF(trim(u.firstname), ''), NULLIF(trim(u.lastname), '')), ''), a.patient_full_name),
    'diagnosis', a.diagnosis, 'treatment', a.treatment, 'medications', a.medications,
    'rating', r.rating, 'rating_comment', r.comment,
    'created_at', ${ISO('a.created_at')}, 'updated_at', ${ISO('a.updated_at')},
    'doctor', json_build_object('doctor_id', a.doctor_id, 'first_name', d.first_name, 'last_name', d.last_name, 'specialization', d.specialization),
    'user', json_build_object('firstname', u.firstname, 'lastname', u.lastname),
    'needs_new_time', ${NEEDS_NEW_TIME_JSON},
    'booked_by', CASE WHEN a.booked_by_user_id IS NULL THEN NULL
                      ELSE json_build_object('user_id', a.booked_by_user_id, 'name', a.booked_by_name, 'relationship', a.booked_by_relationship) END,
    'payment_route', CASE WHEN EXISTS (SELECT 1 FROM appointment_covers c WHERE c.appointment_id = a.appointment_id) THEN 'insurance' ELSE 'self_pay' END,
    'amount_due_now', ${AMOUNT_DUE_NOW},
    'cover', ${COVER_JSON})`;

/**
 * One statement for a list page: the body, the bare JSON array of the page's appointments, as JSON text, and
 * who/what it shows (for the audit). `where` and `order` are fixed SQL fragments of this service, never input.
 */
export function appointmentListJsonSql(where: string, order: string, limit: string, offset = '0', counted = false): string {
  // `counted`: the list's total in the same statement (a caller's own list: an indexed count of one person's rows).
  return `
  SELECT COALESCE(json_agg(t.doc ORDER BY t.ord), '[]'::json)::text AS body,${counted ? `
         (SELECT count(*)::int FROM appointments a ${where}) AS total,` : ''}
         COALESCE(array_agg(t.appointment_id ORDER BY t.ord), '{}') AS ids,
         COALESCE(array_agg(t.user_id ORDER BY t.ord), '{}') AS users
    FROM (SELECT ${APPOINTMENT_JSON} AS doc, a.appointment_id, a.user_id, row_number() OVER (${order}) AS ord
            FROM appointments a
            JOIN doctors d ON d.doctor_id = a.doctor_id
            LEFT JOIN user_directory u ON u.user_id = a.user_id
            LEFT JOIN appointment_ratings r ON r.appointment_id = a.appointment_id
           ${where}
           ${order}
           LIMIT ${limit} OFFSET ${offset}) AS t`;
}

export interface AppointmentListJsonRow {
  body: string;
  /** With `counted`: rows in the whole list. */
  total?: number;
  ids: number[];
  users: number[];
}

/** A patient's list: newest first, by clinic date, then slot start. */
export const APPOINTMENT_ORDER = `ORDER BY a.appointment_date DESC, a.starts_at DESC, a.appointment_id DESC`;

/** Today's date in the clinic's zone, in SQL. */
const CLINIC_TODAY = `(now() AT TIME ZONE '${CLINIC_TIME_ZONE}')::date`;

/**
 * A doctor's list is their agenda (issue 8 §6): today and the days ahead first, soonest day first; then the
 * past days, the most recent first. Within a day, visits run by slot start (starts_at, the instant the slot
 * begins: '09:30 AM' before '02:00 PM', which comparing the labels as text would get wrong).
 * Past days go last, not first, so a doctor with a long history still sees what is coming, and the list's
 * limit drops the oldest visits rather than the next ones.
 */
export const DOCTOR_AGENDA_ORDER = `ORDER BY (a.appointment_date < ${CLINIC_TODAY}),
    CASE WHEN a.appointment_date >= ${CLINIC_TODAY} THEN a.appointment_date END ASC,
    a.appointment_date DESC, a.starts_at ASC, a.appointment_id ASC`;

export interface AppointmentRow {
  appointment_id: number;
  user_id: number;
  doctor_id: number;
  appointment_date: string;
  time_slot: string;
  appointment_type: string;
  visit_mode: VisitMode;
  total_amount: number;
  appointment_status: AppointmentStatus;
  paid: boolean;
  notes: string | null;
  duration: number;
  patient_full_name: string | null;
  diagnosis: string | null;
  treatment: string | null;
  medications: string | null;
  starts_at: Date;
  created_at: Date;
  updated_at: Date;
  doctor_user_id: number;
  doctor_first_name: string;
  doctor_last_name: string;
  doctor_specialization: string | null;
  user_firstname: string | null;
  user_lastname: string | null;
  rating: number | null;
  rating_comment: string | null;
  /** The open "needs a new time" record (PostgreSQL's JSON, parsed by the driver), or null. */
  needs_new_time: NeedsNewTimeFlag | null;
  /** Family care: the carer who booked for the patient (null: the patient booked). */
  booked_by_user_id?: number | null;
  booked_by_name?: string | null;
  booked_by_relationship?: string | null;
  /** Issue 38: the cover snapshot (PostgreSQL's JSON, parsed by the driver), or null for self-pay. */
  cover?: AppointmentCover | null;
  amount_due_now?: number;
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

export function fullName(first: string | null | undefined, last: string | null | undefined): string | null {
  const name = [first, last].filter((part) => part && part.trim()).join(' ');
  return name || null;
}

/** CONTRACT.md §3's appointment, with nested doctor and user. */
export function toAppointmentView(row: AppointmentRow): AppointmentView {
  return {
    appointment_id: row.appointment_id,
    user_id: row.user_id,
    doctor_id: row.doctor_id,
    appointment_date: row.appointment_date,
    time_slot: row.time_slot,
    starts_at: iso(row.starts_at),
    appointment_type: row.appointment_type,
    type: row.appointment_type,
    visit_mode: row.visit_mode,
    total_amount: Number(row.total_amount),
    appointment_status: row.appointment_status,
    paid: row.paid,
    notes: row.notes,
    duration: row.duration,
    patient_full_name: fullName(row.user_firstname, row.user_lastname) ?? row.patient_full_name,
    diagnosis: row.diagnosis,
    treatment: row.treatment,
    medications: row.medications,
    rating: row.rating === null || row.rating === undefined ? null : Number(row.rating),
    rating_comment: row.rating_comment ?? null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    doctor: {
      doctor_id: row.doctor_id,
      first_name: row.doctor_first_name,
      last_name: row.doctor_last_name,
      specialization: row.doctor_specialization,
    },
    user: { firstname: row.user_firstname, lastname: row.user_lastname },
    needs_new_time: row.needs_new_time ?? null,
    booked_by:
      row.booked_by_user_id === null || row.booked_by_user_id === undefined
        ? null
        : { user_id: row.booked_by_user_id, name: row.booked_by_name ?? null, relationship: row.booked_by_relationship ?? null },
    payment_route: row.cover ? 'insurance' : 'self_pay',
    amount_due_now: row.amount_due_now === undefined ? (row.paid ? 0 : Number(row.total_amount)) : Number(row.amount_due_now),
    cover: row.cover ?? null,
  };
}

/** The data of appointment.* events (other services keep read models from it). */
export function toEventData(
  row: AppointmentRow,
  previousStatus?: AppointmentStatus,
  previousVisit?: { appointment_date: string; time_slot: string },
): AppointmentEventData {
  return {
    appointment_id: row.appointment_id,
    user_id: row.user_id,
    doctor_id: row.doctor_id,
    doctor_user_id: row.doctor_user_id,
    appointment_date: row.appointment_date,
    time_slot: row.time_slot,
    starts_at: iso(row.starts_at),
    duration: row.duration,
    appointment_type: row.appointment_type,
    visit_mode: row.visit_mode,
    total_amount: Number(row.total_amount),
    appointment_status: row.appointment_status,
    ...(previousStatus ? { previous_status: previousStatus } : {}),
    ...(previousVisit ? { previous_appointment_date: previousVisit.appointment_date, previous_time_slot: previousVisit.time_slot } : {}),
    paid: row.paid,
    diagnosis: row.diagnosis,
    treatment: row.treatment,
    notes: row.notes,
    medications: row.medications,
    patient_name: fullName(row.user_firstname, row.user_lastname) ?? row.patient_full_name,
    doctor_name: fullName(row.doctor_first_name, row.doctor_last_name),
    doctor_specialization: row.doctor_specialization,
    ...(row.cover
      ? { payer_code: row.cover.payer_code, copay_amount: row.cover.copay_amount, cover_amount: row.cover.cover_amount, cover_check: row.cover.check_status }
      : {}),
  };
}
