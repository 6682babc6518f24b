import { EntityManager } from 'typeorm';
import type { DomainEvent, EventHandlers } from '@afya/service-shared';
import { CLINIC_TIME_ZONE } from '../../contracts';
import type {
  ReportingAppointmentData,
  ReportingDoctorData,
  ReportingPaymentData,
  ReportingPrescriptionData,
  ReportingTicketData,
  ReportingUserData,
} from './event-data';

/*
 * Each function applies one event to the read models inside the consumer's transaction, after the event's id
 * was recorded in processed_events (so a redelivered event never reaches here twice). They are also written
 * to be safe when state already matches (an upsert, a status that did not change), so the order in which
 * related events arrive on the one stream is all that matters.
 */

type Q = EntityManager;

const clinicDay = (at: string) => `(($${at})::timestamptz AT TIME ZONE '${CLINIC_TIME_ZONE}')::date`;

async function bumpDaily(m: Q, at: string, column: 'bookings' | 'revenue' | 'new_users' | 'new_doctors', by: number): Promise<void> {
  if (!by) return;
  await m.query(
    `INSERT INTO rm_daily (day, ${column}) VALUES (${clinicDay('1')}, $2)
     ON CONFLICT (day) DO UPDATE SET ${column} = rm_daily.${column} + EXCLUDED.${column}`,
    [at, by],
  );
}

async function bumpCount(m: Q, key: string, by: number): Promise<void> {
  await m.query(`INSERT INTO rm_counts (key, n) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET n = rm_counts.n + EXCLUDED.n`, [key, by]);
}

export const statusKey = (status: string) => `appointments:${status}`;

// ---------- users (auth) ----------

/**
 * Live users by role and status ('users:<role>:<status>', deleted users not counted): the analytics totals and
 * the overview read these few rows instead of counting rm_users (100,000+ rows at issue 12's scale).
 */
export const userKey = (role: string, status: string) => `users:${role}:${status}`;

interface StoredUser {
  role: string;
  status: string;
  deleted: boolean;
}

export async function applyUser(m: Q, event: DomainEvent<ReportingUserData>, deleted = false): Promise<void> {
  const d = event.data;
  if (!d?.user_id) return;
  const [before]: StoredUser[] = await m.query(`SELECT role, status, deleted FROM rm_users WHERE user_id = $1 FOR UPDATE`, [d.user_id]);
  const [after]: StoredUser[] = await m.query(
    `INSERT INTO rm_users (user_id, firstname, lastname, email, role, status, contact_phone, deleted, registered_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (user_id) DO UPDATE SET firstname = EXCLUDED.firstname, lastname = EXCLUDED.lastname,
       email = COALESCE(EXCLUDED.email, rm_users.email), role = EXCLUDED.role, status = EXCLUDED.status,
       contact_phone = EXCLUDED.contact_phone, deleted = rm_users.deleted OR EXCLUDED.deleted, updated_at = EXCLUDED.updated_at
     RETURNING role, status, deleted`,
    [d.user_id, d.firstname ?? '', d.lastname ?? '', d.email ?? null, d.role, d.status ?? 'active', d.contact_phone ?? null, deleted, event.occurredAt],
  );
  const keyBefore = before && !before.deleted ? userKey(before.role, before.status) : null;
  const keyAfter = after && !after.deleted ? userKey(after.role, after.status) : null;
  if (keyBefore !== keyAfter) {
    if (keyBefore) await bumpCount(m, keyBefore, -1);
    if (keyAfter) await bumpCount(m, keyAfter, 1);
  }
  if (!before) {
    await bumpDaily(m, event.occurredAt, 'new_users', 1);
    if (d.role === 'doctor') await bumpDaily(m, event.occurredAt, 'new_doctors', 1);
  }
}

// ---------- doctors (appointment) ----------

export async function applyDoctor(m: Q, event: DomainEvent<ReportingDoctorData>): Promise<void> {
  const d = event.data;
  if (!d?.doctor_id) return;
  await m.query(
    `INSERT INTO rm_doctors (doctor_id, user_id, first_name, last_name, specialization, approval_status)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (doctor_id) DO UPDATE SET user_id = EXCLUDED.user_id, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       specialization = EXCLUDED.specialization, approval_status = EXCLUDED.approval_status`,
    [d.doctor_id, d.user_id, d.first_name ?? '', d.last_name ?? '', d.specialization ?? null, d.approval_status],
  );
}

// ---------- appointments (appointment) ----------

interface StoredAppointment {
  status: string;
  booked_at: Date;
}

export async function applyAppointment(m: Q, event: DomainEvent<ReportingAppointmentData>): Promise<void> {
  const d = event.data;
  if (!d?.appointment_id) return;
  const [existing]: StoredAppointment[] = await m.query(
    `SELECT status, booked_at FROM rm_appointments WHERE appointment_id = $1 FOR UPDATE`,
    [d.appointment_id],
  );
  const values = [
    d.appointment_id, d.user_id, d.doctor_id, d.doctor_user_id ?? null, d.appointment_date, d.time_slot, d.appointment_type,
    d.total_amount ?? 0, d.appointment_status, d.paid ?? false, event.occurredAt,
  ];
  if (!existing) {
    await m.query(
      `INSERT INTO rm_appointments (appointment_id, user_id, doctor_id, doctor_user_id, appointment_date, time_slot, appointment_type,
                                    total_amount, status, paid, booked_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
      values,
    );
    await bumpDaily(m, event.occurredAt, 'bookings', 1);
    await bumpCount(m, statusKey(d.appointment_status), 1);
    return;
  }
  await m.query(
    `UPDATE rm_appointments SET user_id = $2, doctor_id = $3, doctor_user_id = $4, appointment_date = $5, time_slot = $6,
       appointment_type = $7, total_amount = $8, status = $9, paid = $10, updated_at = $11
     WHERE appointment_id = $1`,
    values,
  );
  if (existing.status !== d.appointment_status) {
    await bumpCount(m, statusKey(existing.status), -1);
    await bumpCount(m, statusKey(d.appointment_status), 1);
  }
}

export async function removeAppointment(m: Q, event: DomainEvent<Pick<ReportingAppointmentData, 'appointment_id'>>): Promise<void> {
  const [removed]: StoredAppointment[] = await m.query(
    `DELETE FROM rm_appointments WHERE appointment_id = $1 RETURNING status, booked_at`,
    [event.data?.appointment_id],
  ).then((result: unknown) => (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as StoredAppointment[]);
  if (!removed) return;
  await bumpDaily(m, new Date(removed.booked_at).toISOString(), 'bookings', -1);
  await bumpCount(m, statusKey(removed.status), -1);
}

// ---------- payments (payment) ----------

interface StoredPayment {
  status: string;
  amount: string;
}

export async function applyPayment(m: Q, event: DomainEvent<ReportingPaymentData>): Promise<void> {
  const d = event.data;
  if (!d?.payment_id) return;
  const at = d.occurred_at ?? event.occurredAt;
  const type = event.type;
  const [existing]: StoredPayment[] = await m.query(`SELECT status, amount FROM rm_payments WHERE payment_id = $1 FOR UPDATE`, [d.payment_id]);
  const status = type === 'payment.completed.v1' ? 'completed' : type === 'payment.failed.v1' ? 'failed' : type === 'payment.refunded.v1' ? 'refunded' : (existing?.status ?? d.status ?? 'pending');
  await m.query(
    `INSERT INTO rm_payments (payment_id, appointment_id, patient_id, doctor_id, amount, method, status, provider_reference, occurred_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (payment_id) DO UPDATE SET
       appointment_id = COALESCE(EXCLUDED.appointment_id, rm_payments.appointment_id),
       patient_id = COALESCE(EXCLUDED.patient_id, rm_payments.patient_id),
       doctor_id = COALESCE(EXCLUDED.doctor_id, rm_payments.doctor_id),
       amount = CASE WHEN $11 THEN EXCLUDED.amount ELSE rm_payments.amount END,
       method = COALESCE(EXCLUDED.method, rm_payments.method), status = EXCLUDED.status,
       provider_reference = COALESCE(EXCLUDED.provider_reference, rm_payments.provider_reference),
       occurred_at = CASE WHEN $12 THEN EXCLUDED.occurred_at ELSE rm_payments.occurred_at END, updated_at = EXCLUDED.updated_at`,
    [
      d.payment_id, d.appointment_id ?? null, d.patient_id ?? null, d.doctor_id ?? null, d.amount ?? 0, d.method ?? null, status,
      d.provider_reference ?? null, at, event.occurredAt, d.amount !== undefined, type === 'payment.completed.v1',
    ],
  );
  if (type === 'payment.completed.v1' && existing?.status !== 'completed') await bumpDaily(m, at, 'revenue', d.amount ?? 0);
  if (type === 'payment.refunded.v1') {
    const refund = d.refund_amount ?? d.amount ?? 0;
    await m.query(`UPDATE rm_payments SET refunded_amount = refunded_amount + $2 WHERE payment_id = $1`, [d.payment_id, refund]);
    await bumpDaily(m, at, 'revenue', -refund);
  }
  if (type === 'payment.disputed.v1') {
    await m.query(`UPDATE rm_payments SET disputed = true, dispute_reason = $2 WHERE payment_id = $1`, [d.payment_id, d.reason ?? null]);
  }
}

// ---------- prescriptions (prescription) ----------

export async function applyPrescription(m: Q, event: DomainEvent<ReportingPrescriptionData>): Promise<void> {
  const d = event.data;
  if (!d?.prescription_id) return;
  const medicines = typeof d.medicines === 'string' ? d.medicines : JSON.stringify(d.medicines ?? []);
  await m.query(
    `INSERT INTO rm_prescriptions (prescription_id, appointment_id, patient_id, patient_name, doctor_id, doctor_name, medicines, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)
     ON CONFLICT (prescription_id) DO UPDATE SET appointment_id = EXCLUDED.appointment_id, patient_id = EXCLUDED.patient_id,
       patient_name = EXCLUDED.patient_name, doctor_id = EXCLUDED.doctor_id, doctor_name = EXCLUDED.doctor_name,
       medicines = EXCLUDED.medicines, updated_at = EXCLUDED.updated_at`,
    [
      d.prescription_id, d.appointment_id ?? null, d.patient_id ?? null, d.patient_name ?? null, d.doctor_id ?? null, d.doctor_name ?? null,
      jsonOrEmpty(medicines), d.created_at ?? event.occurredAt, d.updated_at ?? event.occurredAt,
    ],
  );
}

function jsonOrEmpty(text: string): string {
  try {
    JSON.parse(text);
    return text;
  } catch {
    return JSON.stringify([text]);
  }
}

// ---------- support tickets (support) ----------

export async function applyTicket(m: Q, event: DomainEvent<ReportingTicketData>): Promise<void> {
  const d = event.data;
  if (!d?.ticket_id) return;
  await m.query(
    `INSERT INTO rm_tickets (ticket_id, user_id, status, priority, category, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (ticket_id) DO UPDATE SET user_id = COALESCE(EXCLUDED.user_id, rm_tickets.user_id), status = EXCLUDED.status,
       priority = COALESCE(EXCLUDED.priority, rm_tickets.priority), category = COALESCE(EXCLUDED.category, rm_tickets.category),
       updated_at = EXCLUDED.updated_at`,
    [d.ticket_id, d.user_id ?? null, d.status ?? 'open', d.priority ?? null, d.category ?? null, d.created_at ?? event.occurredAt, d.updated_at ?? event.occurredAt],
  );
}

const removeRow = (table: string, key: string) => async (m: Q, event: DomainEvent<Record<string, unknown>>) => {
  await m.query(`DELETE FROM ${table} WHERE ${key} = $1`, [event.data?.[key]]);
};

/** Every event type the reporting service consumes and how it is applied. */
export const READ_MODEL_HANDLERS: EventHandlers = {
  'auth.user.registered.v1': (e, m) => applyUser(m, e),
  'auth.user.updated.v1': (e, m) => applyUser(m, e),
  'auth.user.deleted.v1': (e, m) => applyUser(m, e, true),
  'appointment.doctor.approved.v1': (e, m) => applyDoctor(m, e),
  'appointment.doctor.updated.v1': (e, m) => applyDoctor(m, e),
  'appointment.created.v1': (e, m) => applyAppointment(m, e),
  'appointment.updated.v1': (e, m) => applyAppointment(m, e),
  'appointment.cancelled.v1': (e, m) => applyAppointment(m, e),
  'appointment.deleted.v1': (e, m) => removeAppointment(m, e),
  'payment.completed.v1': (e, m) => applyPayment(m, e),
  'payment.refunded.v1': (e, m) => applyPayment(m, e),
  'payment.failed.v1': (e, m) => applyPayment(m, e),
  'payment.disputed.v1': (e, m) => applyPayment(m, e),
  'prescription.created.v1': (e, m) => applyPrescription(m, e),
  'prescription.updated.v1': (e, m) => applyPrescription(m, e),
  'prescription.deleted.v1': (e, m) => removeRow('rm_prescriptions', 'prescription_id')(m, e),
  'support.ticket.created.v1': (e, m) => applyTicket(m, e),
  'support.ticket.updated.v1': (e, m) => applyTicket(m, e),
  'support.ticket.deleted.v1': (e, m) => removeRow('rm_tickets', 'ticket_id')(m, e),
};

/** Tables rebuilt from events (report_downloads is the service's own data and is kept). */
export const READ_MODEL_TABLES = ['rm_users', 'rm_doctors', 'rm_appointments', 'rm_payments', 'rm_prescriptions', 'rm_tickets', 'rm_daily', 'rm_counts'];

export const REPORTING_CONSUMER = 'reporting-read-models';
