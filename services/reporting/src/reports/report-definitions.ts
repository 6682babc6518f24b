import { REPORT_HEADERS_SW } from '@afya/service-shared';
import { CLINIC_TIME_ZONE, ReportLanguage, ReportType } from '../../contracts';

export interface ReportDefinition {
  /** Readable column names, the CSV's header row (English: the columns' keys; ?lang=sw reads them in Kiswahili). */
  headers: string[];
  /** The row query; $1/$2 are the from/to instants when filtered. Rows come back as arrays (rowMode array). */
  sql(filtered: boolean): string;
  /** The number of rows the same filter selects (for the page's progress). */
  countSql(filtered: boolean): string;
  /** The patients whose rows the same filter selects: each gets an entry in their access log (issue 22 item 5). */
  patientsSql(filtered: boolean): string;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** $1 (a from day) and $2 (a to day, inclusive) as the clinic's day boundaries, sargable on `column`. */
const between = (column: string) =>
  `${column} >= ($1::date::timestamp AT TIME ZONE '${CLINIC_TIME_ZONE}') AND ${column} < (($2::date + 1)::timestamp AT TIME ZONE '${CLINIC_TIME_ZONE}')`;

export const REPORTS: Record<ReportType, ReportDefinition> = {
  appointments: {
    headers: ['Appointment ID', 'Patient', 'Patient Email', 'Doctor', 'Appointment Date', 'Time Slot', 'Type', 'Visit', 'Status', 'Amount (Ksh)', 'Paid', 'Booked At'],
    sql: (filtered) => `
      SELECT a.appointment_id, trim(concat_ws(' ', p.firstname, p.lastname)), p.email,
             trim(concat_ws(' ', 'Dr.', COALESCE(d.first_name, du.firstname), COALESCE(d.last_name, du.lastname))),
             a.appointment_date::text, a.time_slot, a.appointment_type,
             CASE a.visit_mode WHEN 'video' THEN 'Video' ELSE 'In person' END, a.status, a.total_amount::float8,
             CASE WHEN a.paid THEN 'yes' ELSE 'no' END, ${iso('a.booked_at')}
        FROM rm_appointments a
        LEFT JOIN rm_users p ON p.user_id = a.user_id
        LEFT JOIN rm_doctors d ON d.doctor_id = a.doctor_id
        LEFT JOIN rm_users du ON du.user_id = a.doctor_user_id
       ${filtered ? 'WHERE a.appointment_date BETWEEN $1::date AND $2::date' : ''}
       ORDER BY a.appointment_id`,
    countSql: (filtered) => `SELECT count(*) AS n FROM rm_appointments a ${filtered ? 'WHERE a.appointment_date BETWEEN $1::date AND $2::date' : ''}`,
    patientsSql: (filtered) => `SELECT DISTINCT a.user_id FROM rm_appointments a ${filtered ? 'WHERE a.appointment_date BETWEEN $1::date AND $2::date' : ''}`,
  },
  users: {
    headers: ['User ID', 'First Name', 'Last Name', 'Email', 'Phone', 'Role', 'Status', 'Registered At'],
    sql: (filtered) => `
      SELECT u.user_id, u.firstname, u.lastname, u.email, u.contact_phone, u.role, u.status, ${iso('u.registered_at')}
        FROM rm_users u WHERE NOT u.deleted ${filtered ? `AND ${between('u.registered_at')}` : ''}
       ORDER BY u.user_id`,
    countSql: (filtered) => `SELECT count(*) AS n FROM rm_users u WHERE NOT u.deleted ${filtered ? `AND ${between('u.registered_at')}` : ''}`,
    patientsSql: (filtered) => `SELECT u.user_id FROM rm_users u WHERE NOT u.deleted AND u.role = 'user' ${filtered ? `AND ${between('u.registered_at')}` : ''}`,
  },
  revenue: {
    // Issue 38: the last three columns split the money: a self-pay visit's payment, a covered visit's co-pay (its first
    // payment) or the rest after its cover failed; the payer; what the payer is expected to pay (on the co-pay's row,
    // 0 once the desk rejected the cover or the patient paid themself). Added at the end: the columns before are as they were.
    headers: ['Payment ID', 'Appointment ID', 'Patient', 'Method', 'Status', 'Amount (Ksh)', 'Refunded (Ksh)', 'Net (Ksh)', 'Provider Reference', 'Date', 'Paid As', 'Payer', 'Insurer Expected (Ksh)'],
    sql: (filtered) => `
      SELECT p.payment_id, p.appointment_id, trim(concat_ws(' ', u.firstname, u.lastname)),
             CASE p.method WHEN 'mpesa' THEN 'M-Pesa' WHEN 'card' THEN 'Card' ELSE p.method END, p.status,
             p.amount::float8, p.refunded_amount::float8,
             (CASE WHEN p.status IN ('completed', 'refunded') THEN p.amount - p.refunded_amount ELSE 0 END)::float8,
             p.provider_reference, ${iso('p.occurred_at')},
             CASE WHEN a.payer_code IS NULL THEN 'Self-pay' WHEN first_charge.payment_id = p.payment_id THEN 'Co-pay' ELSE 'Rest after cover' END,
             a.payer_code,
             (CASE WHEN a.payer_code IS NOT NULL AND first_charge.payment_id = p.payment_id AND a.cover_check NOT IN ('rejected', 'self_pay')
                   THEN a.cover_amount ELSE 0 END)::float8
        FROM rm_payments p LEFT JOIN rm_users u ON u.user_id = p.patient_id
        LEFT JOIN rm_appointments a ON a.appointment_id = p.appointment_id
        LEFT JOIN LATERAL (SELECT min(f.payment_id) AS payment_id FROM rm_payments f
                            WHERE f.appointment_id = p.appointment_id AND f.status IN ('completed', 'refunded')) AS first_charge ON true
       ${filtered ? `WHERE ${between('p.occurred_at')}` : ''}
       ORDER BY p.payment_id`,
    countSql: (filtered) => `SELECT count(*) AS n FROM rm_payments p ${filtered ? `WHERE ${between('p.occurred_at')}` : ''}`,
    patientsSql: (filtered) => `SELECT DISTINCT p.patient_id FROM rm_payments p WHERE p.patient_id IS NOT NULL ${filtered ? `AND ${between('p.occurred_at')}` : ''}`,
  },
  prescriptions: {
    headers: ['Prescription ID', 'Appointment ID', 'Patient', 'Doctor', 'Medicines', 'Issued At'],
    sql: (filtered) => `
      SELECT r.prescription_id, r.appointment_id, r.patient_name, r.doctor_name,
             (SELECT string_agg(CASE jsonb_typeof(m) WHEN 'object' THEN concat_ws(' ', m->>'name', m->>'dosage', m->>'frequency') ELSE m #>> '{}' END, '; ')
                FROM jsonb_array_elements(CASE jsonb_typeof(r.medicines) WHEN 'array' THEN r.medicines ELSE '[]'::jsonb END) AS m),
             ${iso('r.created_at')}
        FROM rm_prescriptions r
       ${filtered ? `WHERE ${between('r.created_at')}` : ''}
       ORDER BY r.prescription_id`,
    countSql: (filtered) => `SELECT count(*) AS n FROM rm_prescriptions r ${filtered ? `WHERE ${between('r.created_at')}` : ''}`,
    patientsSql: (filtered) => `SELECT DISTINCT r.patient_id FROM rm_prescriptions r WHERE r.patient_id IS NOT NULL ${filtered ? `AND ${between('r.created_at')}` : ''}`,
  },
};

/** The header row in the language asked for: only the names change, never the columns or their order. */
export function headerRow(definition: ReportDefinition, lang: ReportLanguage): string[] {
  return lang === 'sw' ? definition.headers.map((name) => REPORT_HEADERS_SW[name] ?? name) : definition.headers;
}
