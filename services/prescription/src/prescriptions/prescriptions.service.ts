import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { badRequest, BusClient, conflict, forbidden, listTotal, notFound, PageRequest, pageOf, parsePayload, prescriptionsIssued, Principal, recordEvent, RowsPage, rowsPage, subject } from '@afya/service-shared';
import { AppointmentPatterns, type AppointmentReply } from '@afya/appointment-service/contracts';
import {
  CreatePrescriptionBodySchema,
  DeletePrescriptionPayload,
  DeletePrescriptionReply,
  PrescriptionEventData,
  PrescriptionEvents,
  PrescriptionMessages,
  PrescriptionReply,
  PrescriptionView,
  prescriptionNumber,
  UpdatePrescriptionPayloadSchema,
  WritableAppointmentsReply,
} from '../../contracts';
import type { VisitMode } from '@afya/appointment-service/contracts';
import { AccessLog } from '../audit/access-log';
import { FamilyAccess } from '../family/family-access';
import { CareAccess } from '../care/care-access';
import { applyAppointment, appointmentViewToEventData, visitStartSql } from '../directory/read-models';
import { CLINIC_TIME_ZONE, visitStartsAt } from '@afya/appointment-service/contracts';
import { canEditPrescription, canReadPrescription, canWriteFor, medicinesOf } from '../rules/prescription-rules';

export interface PrescriptionRow {
  prescription_id: number;
  appointment_id: number;
  patient_id: number;
  doctor_id: number;
  doctor_user_id: number;
  medicines: unknown;
  notes: string | null;
  issued_at: Date;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  patient_name: string | null;
  doctor_name: string | null;
  specialization: string | null;
  appointment_date: string | null;
  time_slot: string | null;
  appointment_type: string | null;
  visit_mode: VisitMode | null;
  appointment_status: string | null;
}

export const PRESCRIPTION_SELECT = `
  SELECT p.prescription_id, p.appointment_id, p.patient_id, p.doctor_id, p.doctor_user_id, p.medicines, p.notes, p.issued_at,
         p.created_at, p.updated_at, p.deleted_at,
         COALESCE(a.patient_name, NULLIF(trim(concat_ws(' ', pu.firstname, pu.lastname)), '')) AS patient_name,
         COALESCE(a.doctor_name, NULLIF(trim(concat_ws(' ', du.firstname, du.lastname)), '')) AS doctor_name,
         a.specialization, to_char(a.appointment_date, 'YYYY-MM-DD') AS appointment_date, a.time_slot, a.appointment_type, a.visit_mode, a.appointment_status
    FROM prescriptions p
    LEFT JOIN appointments a ON a.appointment_id = p.appointment_id
    LEFT JOIN user_directory pu ON pu.user_id = p.patient_id
    LEFT JOIN user_directory du ON du.user_id = p.doctor_user_id`;

const iso = (d: Date | string) => new Date(d).toISOString();

export function toView(row: PrescriptionRow): PrescriptionView {
  return {
    prescription_id: row.prescription_id,
    prescription_number: prescriptionNumber(row.prescription_id),
    appointment_id: row.appointment_id,
    doctor_id: row.doctor_id,
    doctor_user_id: row.doctor_user_id,
    patient_id: row.patient_id,
    patient_name: row.patient_name,
    doctor_name: row.doctor_name,
    specialization: row.specialization,
    appointment_date: row.appointment_date,
    time_slot: row.time_slot,
    appointment_type: row.appointment_type,
    visit_mode: row.visit_mode,
    appointment_status: row.appointment_status,
    medicines: medicinesOf(row.medicines),
    notes: row.notes,
    issued_at: iso(row.issued_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function toEventData(view: PrescriptionView, deletedAt?: string): PrescriptionEventData {
  return {
    prescription_id: view.prescription_id,
    appointment_id: view.appointment_id,
    patient_id: view.patient_id,
    patient_name: view.patient_name,
    doctor_id: view.doctor_id,
    doctor_name: view.doctor_name,
    medicines: view.medicines,
    notes: view.notes,
    created_at: view.created_at,
    updated_at: view.updated_at,
    ...(deletedAt ? { deleted_at: deletedAt } : {}),
  };
}

const label = (id: number) => `Prescription ${prescriptionNumber(id)}`;


/** The visit has started: its start (starts_at, else the clinic date and slot in the zone passed as $2) is past. */
const VISIT_STARTED = `(${visitStartSql('$2')} <= now())`;

@Injectable()
export class PrescriptionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bus: BusClient,
    private readonly audit: AccessLog,
    private readonly care: CareAccess,
    private readonly family: FamilyAccess,
  ) {}

  /** POST /prescriptions: the doctor's own, not cancelled appointment; one per appointment (409). */
  async create(actor: Principal, request: unknown, requestId?: string): Promise<PrescriptionReply> {
    if (actor.role !== 'doctor') throw forbidden();
    const { appointment_id: appointmentId, medicines, notes = null } = parsePayload(CreatePrescriptionBodySchema, request);
    // A fresh answer from the appointment service: its access rules (another doctor's appointment is a 404 there).
    const { appointment } = await this.bus.request<AppointmentReply>(subject(AppointmentPatterns.get), { id: appointmentId }, { principal: actor, requestId, via: 'prescription' });
    if (appointment.appointment_status === 'Cancelled') throw badRequest(PrescriptionMessages.cancelledAppointment);
    const view = await this.dataSource.transaction(async (manager) => {
      await applyAppointment(manager, appointmentViewToEventData(appointment, actor.userId), appointment.updated_at);
      const [owned]: { doctor_user_id: number }[] = await manager.query(`SELECT a.doctor_user_id FROM appointments a WHERE a.appointment_id = $1`, [appointmentId]);
      // Status and start as the appointment service answered just now (the read model may lag, or predate a move).
      const started = visitStartsAt(appointment) <= Date.now();
      const check = owned ? canWriteFor(actor, { doctor_user_id: owned.doctor_user_id, appointment_status: appointment.appointment_status, started }) : 'not_found';
      if (check === 'not_found') throw notFound(PrescriptionMessages.appointmentNotFound);
      if (check === 'cancelled') throw badRequest(PrescriptionMessages.cancelledAppointment);
      if (check === 'not_started') throw badRequest(PrescriptionMessages.visitNotStarted);
      const inserted: { prescription_id: number }[] = await manager.query(
        `INSERT INTO prescriptions (appointment_id, patient_id, doctor_id, doctor_user_id, medicines, notes)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6) ON CONFLICT (appointment_id) WHERE deleted_at IS NULL DO NOTHING RETURNING prescription_id`,
        [appointmentId, appointment.user_id, appointment.doctor_id, actor.userId, JSON.stringify(medicines), notes],
      );
      if (!inserted.length) throw conflict(PrescriptionMessages.alreadyExists);
      const created = await this.findView(manager, inserted[0].prescription_id);
      await recordEvent(manager, PrescriptionEvents.created, toEventData(created));
      await this.audit.record(actor, 'created', 'prescription', label(created.prescription_id), [created.patient_id], { manager, requestId });
      return created;
    });
    prescriptionsIssued.inc(); // committed: the transaction above resolved
    return { prescription: view, message: PrescriptionMessages.created };
  }

  /** PATCH /prescriptions/{id}: the issuing doctor or an admin; medicines and notes only. */
  async update(actor: Principal, request: unknown, requestId?: string): Promise<PrescriptionReply> {
    const payload = parsePayload(UpdatePrescriptionPayloadSchema, request);
    const { medicines, notes } = payload;
    const view = await this.dataSource.transaction(async (manager) => {
      const current = await this.readable(manager, actor, payload.id, true);
      if (!canEditPrescription(actor, current)) throw actor.role === 'user' ? forbidden() : notFound(PrescriptionMessages.notFound);
      await manager.query(
        `UPDATE prescriptions SET medicines = COALESCE($2::jsonb, medicines), notes = CASE WHEN $3::boolean THEN $4 ELSE notes END, updated_at = now()
          WHERE prescription_id = $1`,
        [payload.id, medicines ? JSON.stringify(medicines) : null, notes !== undefined, notes ?? null],
      );
      const updated = await this.findView(manager, payload.id);
      await recordEvent(manager, PrescriptionEvents.updated, toEventData(updated));
      const fields = [...(medicines ? ['medicines'] : []), ...(notes !== undefined ? ['notes'] : [])];
      await this.audit.record(actor, 'updated', 'prescription', label(payload.id), [updated.patient_id], { manager, requestId, fields });
      return updated;
    });
    return { prescription: view, message: PrescriptionMessages.updated };
  }

  /** DELETE /prescriptions/{id}: admins only, a soft delete (the record is kept, hidden), audited. */
  async remove(actor: Principal, payload: DeletePrescriptionPayload, requestId?: string): Promise<DeletePrescriptionReply> {
    if (actor.role !== 'admin') throw forbidden();
    const reason = typeof payload.reason === 'string' ? payload.reason.trim().slice(0, 500) : '';
    await this.dataSource.transaction(async (manager) => {
      const current = await this.readable(manager, actor, payload.id, true);
      const deletedAt = new Date().toISOString();
      await manager.query(`UPDATE prescriptions SET deleted_at = $4, deleted_by = $2, delete_reason = $3 WHERE prescription_id = $1`, [
        payload.id,
        actor.userId,
        reason || null,
        deletedAt,
      ]);
      await recordEvent(manager, PrescriptionEvents.deleted, toEventData(current, deletedAt));
      await this.audit.record(actor, 'deleted', 'prescription', label(payload.id), [current.patient_id], { manager, requestId });
    });
    return { message: PrescriptionMessages.deleted, prescription_id: payload.id };
  }

  async get(actor: Principal, id: number, requestId?: string): Promise<PrescriptionReply> {
    const view = await this.readable(this.dataSource.manager, actor, id, false, requestId);
    await this.audit.record(actor, 'viewed', 'prescription', label(id), [view.patient_id], { requestId });
    return { prescription: view };
  }

  /** The prescription of an appointment the caller may see ('No prescription found for this appointment.'). */
  async byAppointment(actor: Principal, appointmentId: number, requestId?: string): Promise<PrescriptionReply> {
    const [row]: { prescription_id: number }[] = await this.dataSource.query(
      `SELECT prescription_id FROM prescriptions WHERE appointment_id = $1 AND deleted_at IS NULL`,
      [appointmentId],
    );
    if (!row) throw notFound(PrescriptionMessages.prescriptionNotFound);
    try {
      return await this.get(actor, row.prescription_id, requestId);
    } catch {
      throw notFound(PrescriptionMessages.prescriptionNotFound);
    }
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * A readable prescription (not deleted) or a 404. A doctor other than its author reads it only within a care
   * relationship with its patient (CareAccess). A refused attempt on an existing prescription goes in the patient's
   * access log as denied.
   */
  async readable(manager: EntityManager, actor: Principal, id: number, lock = false, requestId?: string): Promise<PrescriptionView> {
    if (!Number.isInteger(id) || id < 1) throw notFound(PrescriptionMessages.notFound);
    if (lock) await manager.query(`SELECT 1 FROM prescriptions WHERE prescription_id = $1 FOR UPDATE`, [id]);
    const [row]: PrescriptionRow[] = await manager.query(`${PRESCRIPTION_SELECT} WHERE p.prescription_id = $1 AND p.deleted_at IS NULL`, [id]);
    if (!row) throw notFound(PrescriptionMessages.notFound);
    const inCare = actor.role === 'doctor' && row.doctor_user_id !== actor.userId && (await this.care.doctorMayRead(actor.userId, row.patient_id, manager));
    if (!canReadPrescription(actor, row, inCare)) {
      const denial = this.audit.record(actor, 'viewed', 'prescription', label(id), [row.patient_id], { outcome: 'denied', requestId });
      // Inside a transaction, waiting for another pooled connection could starve the pool: the entry is written beside it.
      if (manager === this.dataSource.manager) await denial;
      else denial.catch(() => undefined);
      throw notFound(PrescriptionMessages.notFound);
    }
    return toView(row);
  }

  private async findView(manager: EntityManager, id: number): Promise<PrescriptionView> {
    const [row]: PrescriptionRow[] = await manager.query(`${PRESCRIPTION_SELECT} WHERE p.prescription_id = $1`, [id]);
    return toView(row);
  }

  /** GET /prescriptions/user: the patient's own, newest first. */
  listUser(actor: Principal, request: PageRequest = {}, requestId?: string): Promise<RowsPage<PrescriptionView>> {
    return this.list(actor, `p.patient_id = $1`, [actor.userId], request, requestId);
  }

  /** GET /prescriptions/doctor: those the doctor issued, newest first. */
  listDoctor(actor: Principal, request: PageRequest = {}, requestId?: string): Promise<RowsPage<PrescriptionView>> {
    if (actor.role !== 'doctor') throw forbidden();
    return this.list(actor, `p.doctor_user_id = $1`, [actor.userId], request, requestId);
  }

  /** GET /prescriptions: admins all; a doctor their own and those of the patients in their care now; a patient their own. */
  async listAll(actor: Principal, request: PageRequest = {}, requestId?: string): Promise<RowsPage<PrescriptionView>> {
    if (actor.role === 'admin') return this.list(actor, `TRUE`, [], request, requestId);
    if (actor.role === 'doctor') {
      const patients = await this.care.patientsInCare(actor.userId);
      return this.list(actor, `(p.doctor_user_id = $1 OR p.patient_id = ANY($2::int[]))`, [actor.userId, patients], request, requestId);
    }
    return this.listUser(actor, request, requestId);
  }

  /**
   * GET /family/members/{member_id}/prescriptions (issue 36): the member's own prescriptions (a child's are theirs,
   * never in the carer's list), for a carer the auth service says holds `records` now; in the member's access log as
   * the carer's read, via the family link.
   */
  async listForMember(actor: Principal, request: PageRequest & { member_id?: unknown }, requestId?: string): Promise<RowsPage<PrescriptionView>> {
    const memberId = Number(request.member_id);
    if (!Number.isInteger(memberId) || memberId <= 0) throw badRequest('Invalid id');
    const link = await this.family.check(actor, memberId, 'records', requestId);
    return this.list(actor, `p.patient_id = $1`, [link.member_id], request, requestId, { label: `Prescriptions (family link: ${link.relationship})`, via: 'family' });
  }

  /** One page, newest first, and the number of prescriptions in the whole list. */
  private async list(
    actor: Principal,
    where: string,
    params: unknown[],
    request: PageRequest,
    requestId?: string,
    read: { label: string; via?: string } = { label: 'Prescriptions list' },
  ): Promise<RowsPage<PrescriptionView>> {
    const { limit, offset } = pageOf(request);
    const n = params.length;
    const [rows, { total }] = await Promise.all([
      this.dataSource.query(
        `${PRESCRIPTION_SELECT} WHERE p.deleted_at IS NULL AND ${where} ORDER BY p.issued_at DESC, p.prescription_id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, limit, offset],
      ) as Promise<PrescriptionRow[]>,
      listTotal((text, values) => this.dataSource.query(text, values), `FROM prescriptions p WHERE p.deleted_at IS NULL AND ${where}`, params),
    ]);
    const prescriptions = rows.map(toView);
    // A list read is a read of every patient's prescriptions in it (one entry per patient, not per row).
    const others = [...new Set(prescriptions.map((p) => p.patient_id))];
    if (others.length) await this.audit.record(actor, 'viewed', 'prescription', read.label, others, { requestId, via: read.via });
    return rowsPage(prescriptions, total);
  }

  /**
   * Write Prescription's picker: the doctor's own visits that can have a prescription (canWriteFor: not cancelled,
   * started or completed) and have none yet.
   */
  async writable(actor: Principal): Promise<WritableAppointmentsReply> {
    if (actor.role !== 'doctor') throw forbidden();
    const appointments = await this.dataSource.query(
      `SELECT a.appointment_id, a.user_id AS patient_id, a.patient_name, to_char(a.appointment_date, 'YYYY-MM-DD') AS appointment_date,
              a.time_slot, a.appointment_type, a.visit_mode, a.appointment_status, u.contact_phone AS patient_phone
         FROM appointments a LEFT JOIN user_directory u ON u.user_id = a.user_id
        WHERE a.doctor_user_id = $1 AND NOT a.deleted AND a.appointment_status <> 'Cancelled'
          AND (a.appointment_status = 'Completed' OR ${VISIT_STARTED})
          AND NOT EXISTS (SELECT 1 FROM prescriptions p WHERE p.appointment_id = a.appointment_id AND p.deleted_at IS NULL)
        ORDER BY a.appointment_date DESC, a.appointment_id DESC LIMIT 200`,
      [actor.userId, CLINIC_TIME_ZONE],
    );
    return { appointments };
  }
}
