import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainEvent, EventConsumer } from '@afya/service-shared';
import { AppointmentEvents, CLINIC_TIME_ZONE, type AppointmentEventData, type AppointmentView, type AuditAccessBatchData, type AuditRecordedData } from '@afya/appointment-service/contracts';
import { AuthEvents, type UserEventData } from '@afya/auth-service/contracts';
import { ReportingEvents, type ReportExportedData } from '@afya/reporting-service/contracts';
import { SupportEvents, type SupportAuditData } from '@afya/support-service/contracts';
import { recordAccessEntries } from '../audit/access-log';
import { accessActionOf } from '../rules/prescription-rules';

/**
 * The instant a visit of the read model (alias `a`) starts, in SQL: its `starts_at`, else its clinic date and slot
 * (rows from events that did not carry it). What the care relationship and "the visit has started" count from, as
 * the appointment contract's visitStartsAt does. `zone`: an SQL expression (a literal, or a parameter such as $2).
 */
export const visitStartSql = (zone = `'${CLINIC_TIME_ZONE}'`) => `COALESCE(a.starts_at, (a.appointment_date + a.time_slot::time) AT TIME ZONE ${zone})`;
export const VISIT_START = visitStartSql();

/**
 * Upserts one appointment of the read model (an older event never overwrites a newer state). `starts_at` is null
 * for an event recorded before events carried it: readers then take the clinic date and slot (VISIT_START).
 */
export async function applyAppointment(manager: EntityManager, data: AppointmentEventData, at: string, deleted = false): Promise<void> {
  if (!data?.appointment_id) return;
  await manager.query(
    `INSERT INTO appointments (appointment_id, user_id, doctor_id, doctor_user_id, appointment_date, time_slot, appointment_type,
       appointment_status, diagnosis, treatment, notes, medications, patient_name, doctor_name, specialization, deleted, updated_at, visit_mode,
       starts_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
     ON CONFLICT (appointment_id) DO UPDATE SET user_id = EXCLUDED.user_id, doctor_id = EXCLUDED.doctor_id,
       doctor_user_id = EXCLUDED.doctor_user_id, appointment_date = EXCLUDED.appointment_date, time_slot = EXCLUDED.time_slot,
       appointment_type = EXCLUDED.appointment_type, visit_mode = EXCLUDED.visit_mode, appointment_status = EXCLUDED.appointment_status,
       starts_at = EXCLUDED.starts_at,
       diagnosis = EXCLUDED.diagnosis, treatment = EXCLUDED.treatment, notes = EXCLUDED.notes, medications = EXCLUDED.medications,
       patient_name = COALESCE(EXCLUDED.patient_name, appointments.patient_name),
       doctor_name = COALESCE(EXCLUDED.doctor_name, appointments.doctor_name),
       specialization = COALESCE(EXCLUDED.specialization, appointments.specialization),
       deleted = appointments.deleted OR EXCLUDED.deleted, updated_at = EXCLUDED.updated_at
     WHERE appointments.updated_at <= EXCLUDED.updated_at`,
    [
      data.appointment_id,
      data.user_id,
      data.doctor_id,
      data.doctor_user_id,
      data.appointment_date,
      data.time_slot,
      data.appointment_type,
      data.appointment_status,
      data.diagnosis ?? null,
      data.treatment ?? null,
      data.notes ?? null,
      data.medications ?? null,
      data.patient_name ?? null,
      data.doctor_name ?? null,
      data.doctor_specialization ?? null,
      deleted,
      at,
      data.visit_mode === 'video' ? 'video' : 'in_person',
      data.starts_at ?? null,
    ],
  );
}

/** The appointment service's fresh answer, as the read model keeps it. */
export function appointmentViewToEventData(view: AppointmentView, doctorUserId: number): AppointmentEventData {
  const name = (first?: string | null, last?: string | null) => [first, last].filter((p) => p && p.trim()).join(' ') || null;
  return {
    appointment_id: view.appointment_id,
    user_id: view.user_id,
    doctor_id: view.doctor_id,
    doctor_user_id: doctorUserId,
    appointment_date: view.appointment_date,
    time_slot: view.time_slot,
    starts_at: view.starts_at,
    appointment_type: view.appointment_type,
    visit_mode: view.visit_mode,
    total_amount: view.total_amount,
    appointment_status: view.appointment_status,
    paid: view.paid,
    diagnosis: view.diagnosis,
    treatment: view.treatment,
    notes: view.notes,
    medications: view.medications,
    patient_name: view.patient_full_name ?? name(view.user?.firstname, view.user?.lastname),
    doctor_name: name(view.doctor?.first_name, view.doctor?.last_name),
    doctor_specialization: view.doctor?.specialization ?? null,
  };
}

export async function applyUser(manager: EntityManager, data: Partial<UserEventData>, deleted = false): Promise<void> {
  if (!data?.user_id) return;
  await manager.query(
    `INSERT INTO user_directory (user_id, firstname, lastname, role, contact_phone, deleted, updated_at) VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (user_id) DO UPDATE SET firstname = EXCLUDED.firstname, lastname = EXCLUDED.lastname, role = EXCLUDED.role,
       contact_phone = COALESCE(EXCLUDED.contact_phone, user_directory.contact_phone), deleted = EXCLUDED.deleted, updated_at = now()`,
    [data.user_id, data.firstname ?? '', data.lastname ?? '', data.role ?? 'user', data.contact_phone ?? null, deleted],
  );
}

/**
 * An erased account (user.deleted with `erased`): the names this read model copied from appointment events go, so
 * prescriptions, their PDFs and the history show the anonymised directory name. Prescriptions and the access log
 * stay, keyed by user id (medical records are kept without direct identifiers; the log is append-only).
 */
export async function applyErasedUser(manager: EntityManager, data: Partial<UserEventData> | undefined): Promise<void> {
  if (!data?.erased || !data.user_id) return;
  await manager.query(`UPDATE appointments SET patient_name = NULL WHERE user_id = $1 AND patient_name IS NOT NULL`, [data.user_id]);
  await manager.query(`UPDATE appointments SET doctor_name = NULL WHERE doctor_user_id = $1 AND doctor_name IS NOT NULL`, [data.user_id]);
}

/** What an access-log row names: one appointment, or several of one patient's in one access. */
export function appointmentRecordLabel(action: string, appointmentIds: number[]): string {
  if (!appointmentIds.length) return 'Appointments';
  if (action === 'video_joined' || action === 'video_left') return `Video visit, appointment #${appointmentIds[0]}`;
  if (appointmentIds.length === 1) return `Appointment #${appointmentIds[0]}`;
  return `Appointments ${appointmentIds.map((id) => `#${id}`).join(', ')}`;
}

/**
 * The appointment service's audit events into the durable access log: one row per (access, patient), naming the
 * patient's appointments the access touched. A patient's list of 50 is one row, not 50: at one row per record the
 * log's inserts were most of the database's work on the hot read (issue 25). The row key is the event id, the
 * access's position and the patient, so a redelivered event (or one replayed from the 7-day stream) adds nothing
 * (unique event_key, ON CONFLICT DO NOTHING), on top of the consumer's processed_events.
 */
export async function applyAppointmentAudit(manager: EntityManager, eventId: string, accesses: AuditRecordedData[]): Promise<void> {
  const rows = accesses.flatMap((access, i) => {
    const records = access.records?.length ? access.records : [{ patient_user_id: access.patient_user_id, appointment_id: access.appointment_id }];
    const byPatient = new Map<number | null, number[]>();
    for (const record of records) {
      const patient = record.patient_user_id ?? null;
      const ids = byPatient.get(patient) ?? [];
      if (record.appointment_id) ids.push(record.appointment_id);
      byPatient.set(patient, ids);
    }
    return [...byPatient].map(([patient, appointmentIds]) => ({
      event_key: `${eventId}:${i}:p${patient ?? ''}`,
      source: access.service ?? 'appointment',
      actor_user_id: access.actor_user_id,
      actor_role: access.actor_role,
      action: accessActionOf(access.action),
      resource: access.resource ?? 'appointment',
      record_label: appointmentRecordLabel(access.action, appointmentIds),
      patient_user_id: patient,
      outcome: access.outcome,
      fields: access.fields ?? [],
      request_id: access.request_id ?? null,
      occurred_at: access.at,
      via: access.via ?? null,
    }));
  });
  await recordAccessEntries(manager, rows);
}

/** The support service's audit of doctors' ticket reads (and refused attempts): one row per ticket, idempotent by event id. */
export async function applySupportAudit(manager: EntityManager, eventId: string, data: SupportAuditData | undefined): Promise<void> {
  const rows = (data?.tickets ?? []).map((ticket, i) => ({
    event_key: `${eventId}:${i}`,
    source: 'support',
    actor_user_id: data!.actor_user_id,
    actor_role: data!.actor_role,
    action: accessActionOf(data!.action),
    resource: 'support_ticket',
    record_label: `Support ticket #${ticket.ticket_id}`,
    patient_user_id: ticket.patient_user_id,
    outcome: data!.outcome,
    fields: [],
    request_id: data!.request_id ?? null,
    occurred_at: data!.at,
  }));
  await recordAccessEntries(manager, rows);
}

const REPORT_NAMES: Record<string, string> = { appointments: 'Appointments', users: 'Users', revenue: 'Revenue', prescriptions: 'Prescriptions' };

/** What the patient reads for an admin's CSV download that holds their rows: 'CSV export: Appointments report (2026-11-01 to 2026-11-30)'. */
export function reportExportLabel(data: Pick<ReportExportedData, 'report' | 'from' | 'to'>): string {
  const days = data.from || data.to ? ` (${data.from ?? 'the start'} to ${data.to ?? 'today'})` : '';
  return `CSV export: ${REPORT_NAMES[data.report] ?? data.report} report${days}`;
}

/** The reporting service's CSV downloads: one access-log row per patient whose rows the file holds, idempotent by event id. */
export async function applyReportExport(manager: EntityManager, eventId: string, data: ReportExportedData | undefined): Promise<void> {
  if (!data?.patient_user_ids?.length) return;
  const label = reportExportLabel(data);
  const rows = data.patient_user_ids.map((patient) => ({
    event_key: `${eventId}:${patient}`,
    source: 'reporting',
    actor_user_id: data.actor_user_id,
    actor_role: data.actor_role,
    action: 'downloaded' as const,
    resource: 'report_export',
    record_label: label,
    patient_user_id: patient,
    outcome: 'success',
    fields: [],
    request_id: null,
    occurred_at: data.at,
  }));
  await recordAccessEntries(manager, rows);
}

@Injectable()
export class ReadModelConsumers implements OnApplicationBootstrap {
  constructor(private readonly events: EventConsumer) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.consume('prescription-appointments', {
      [AppointmentEvents.created]: (e: DomainEvent<AppointmentEventData>, m) => applyAppointment(m, e.data, e.occurredAt),
      [AppointmentEvents.updated]: (e: DomainEvent<AppointmentEventData>, m) => applyAppointment(m, e.data, e.occurredAt),
      [AppointmentEvents.cancelled]: (e: DomainEvent<AppointmentEventData>, m) => applyAppointment(m, e.data, e.occurredAt),
      [AppointmentEvents.deleted]: (e: DomainEvent<AppointmentEventData>, m) => applyAppointment(m, e.data, e.occurredAt, true),
    });
    await this.events.consume('prescription-users', {
      [AuthEvents.registered]: (e: DomainEvent<UserEventData>, m) => applyUser(m, e.data),
      [AuthEvents.updated]: (e: DomainEvent<UserEventData>, m) => applyUser(m, e.data),
      [AuthEvents.deleted]: async (e: DomainEvent<UserEventData>, m) => {
        await applyUser(m, e.data, true);
        await applyErasedUser(m, e.data);
      },
    });
    await this.events.consume('prescription-audit', {
      [AppointmentEvents.auditRecorded]: (e: DomainEvent<AuditRecordedData>, m) => applyAppointmentAudit(m, e.id, [e.data]),
      [AppointmentEvents.auditAccessBatch]: (e: DomainEvent<AuditAccessBatchData>, m) => applyAppointmentAudit(m, e.id, e.data?.accesses ?? []),
    });
    await this.events.consume('prescription-report-exports', {
      [ReportingEvents.reportExported]: (e: DomainEvent<ReportExportedData>, m) => applyReportExport(m, e.id, e.data),
    });
    await this.events.consume('prescription-support-audit', {
      [SupportEvents.auditRecorded]: (e: DomainEvent<SupportAuditData>, m) => applySupportAudit(m, e.id, e.data),
    });
  }
}
