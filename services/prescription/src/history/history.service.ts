import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppointmentPatterns, type AppointmentReply, visitStartsAt } from '@afya/appointment-service/contracts';
import { badRequest, BusClient, forbidden, notFound, Principal, subject } from '@afya/service-shared';
import {
  HistoryRemovePayload,
  RemoveRecordReply,
  MedicalHistoryAggregateReply,
  MedicalHistoryReply,
  MedicalHistorySelfReply,
  MedicalRecord,
  PrescriptionMessages,
} from '../../contracts';
import { AccessLog } from '../audit/access-log';
import { CareAccess, type FreshVisit } from '../care/care-access';
import { FamilyAccess } from '../family/family-access';
import { canEditRecord, medicinesOf, parseRecordId } from '../rules/prescription-rules';

export interface RecordRow {
  id: string;
  type: 'appointment' | 'prescription';
  patient_id: number;
  patient_name: string | null;
  doctor_name: string | null;
  specialization: string | null;
  date: string | null;
  diagnosis: string | null;
  treatment: string | null;
  notes: string | null;
  medicines: unknown;
  appointment_id: number;
  prescription_id: number | null;
  appointment_status: string | null;
  doctor_user_id: number | null;
}

export const RECORDS_SQL = `
  SELECT * FROM (
    SELECT 'appt-' || a.appointment_id AS id, 'appointment' AS type, a.user_id AS patient_id, a.patient_name, a.doctor_name, a.specialization,
           to_char(a.appointment_date, 'YYYY-MM-DD') AS date, a.diagnosis, a.treatment, a.notes,
           (SELECT p.medicines FROM prescriptions p WHERE p.appointment_id = a.appointment_id AND p.deleted_at IS NULL) AS medicines,
           a.appointment_id, (SELECT p.prescription_id FROM prescriptions p WHERE p.appointment_id = a.appointment_id AND p.deleted_at IS NULL) AS prescription_id,
           a.appointment_status, a.doctor_user_id
      FROM appointments a
     WHERE NOT a.deleted AND a.appointment_status <> 'Cancelled' AND ($1::int IS NULL OR a.user_id = $1)
       AND ($2::int IS NULL OR a.doctor_user_id = $2)
    UNION ALL
    SELECT 'presc-' || p.prescription_id, 'prescription', p.patient_id, a.patient_name, a.doctor_name, a.specialization,
           to_char(p.issued_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD'), a.diagnosis, a.treatment, p.notes, p.medicines,
           p.appointment_id, p.prescription_id, a.appointment_status, p.doctor_user_id
      FROM prescriptions p LEFT JOIN appointments a ON a.appointment_id = p.appointment_id
     WHERE p.deleted_at IS NULL AND ($1::int IS NULL OR p.patient_id = $1)
       AND ($2::int IS NULL OR p.doctor_user_id = $2)
  ) r
  WHERE NOT EXISTS (SELECT 1 FROM medical_record_removals m WHERE m.record_id = r.id)
  ORDER BY r.date DESC NULLS LAST, r.id DESC
  LIMIT 1000`;

/** A row as the caller sees it: whether they may edit it is decided here, so screens offer Edit only where it works. */
export const toRecord =
  (actor: Principal) =>
  ({ doctor_user_id, ...r }: RecordRow): MedicalRecord => ({
    ...r,
    condition: r.type === 'appointment' ? 'Appointment' : 'Prescription',
    medicines: medicinesOf(r.medicines ?? []),
    can_edit: canEditRecord(actor, { type: r.type, doctor_user_id }),
  });

/** The aggregate shape: the records split by kind, and all of them (newest first) under records. */
function aggregate(records: MedicalRecord[]): MedicalHistorySelfReply {
  return {
    appointments: records.filter((r) => r.type === 'appointment'),
    prescriptions: records.filter((r) => r.type === 'prescription'),
    records,
  };
}

@Injectable()
export class HistoryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AccessLog,
    private readonly care: CareAccess,
    private readonly bus: BusClient,
    private readonly family: FamilyAccess,
  ) {}

  /**
   * GET /medical-history/self, in the aggregate shape (appointments, prescriptions; records holds both). A patient
   * gets their own; a doctor the records of their own appointments and the prescriptions they issued.
   */
  async self(actor: Principal, requestId?: string): Promise<MedicalHistorySelfReply> {
    if (actor.role === 'doctor') {
      const records = ((await this.dataSource.query(RECORDS_SQL, [null, actor.userId])) as RecordRow[]).map(toRecord(actor));
      const patients = [...new Set(records.map((r) => r.patient_id))];
      if (patients.length) await this.audit.record(actor, 'viewed', 'medical_history', 'Medical history', patients, { requestId });
      return aggregate(records);
    }
    if (actor.role !== 'user') throw forbidden();
    return aggregate((await this.forPatient(actor, actor.userId, requestId)).records);
  }

  /**
   * GET /medical-history/user/{userId}: the patient themself, a doctor in a care relationship with them now (CareAccess),
   * an admin. A refused attempt goes in the patient's access log as denied.
   *
   * A doctor may name their visit with the patient (`appointmentId`: the video visit's history panel). That visit is
   * asked of the appointment service now (as writing a prescription does), and the care rule judges it by its current
   * start and state, not by what the events have brought so far. Refused then, the doctor is told plainly why (403
   * with the windows): the visit shows they know the patient.
   */
  async user(actor: Principal, userId: number, requestId?: string, appointmentId?: number): Promise<MedicalHistoryReply> {
    const fresh = actor.role === 'doctor' && appointmentId !== undefined && actor.userId !== userId ? await this.visitWith(actor, userId, appointmentId, requestId) : undefined;
    const visitWithPatient = fresh !== undefined;
    const allowed =
      actor.role === 'admin' ||
      actor.userId === userId ||
      (actor.role === 'doctor' && (await this.care.doctorMayRead(actor.userId, userId, undefined, undefined, fresh)));
    if (!allowed) {
      const [known] = Number.isInteger(userId) && userId > 0 ? await this.dataSource.query(`SELECT 1 FROM user_directory WHERE user_id = $1`, [userId]) : [];
      if (known || visitWithPatient) await this.audit.record(actor, 'viewed', 'medical_history', 'Medical history', [userId], { outcome: 'denied', requestId });
      if (visitWithPatient) throw forbidden(PrescriptionMessages.notInCare(this.care.windows));
      throw notFound(PrescriptionMessages.recordNotFound);
    }
    return this.forPatient(actor, userId, requestId);
  }

  /**
   * The doctor's appointment as the appointment service holds it now, asked as the doctor (another doctor's is its 404,
   * passed on); undefined when it is not with this patient.
   */
  private async visitWith(actor: Principal, userId: number, appointmentId: number, requestId?: string): Promise<FreshVisit | undefined> {
    if (!Number.isInteger(appointmentId) || appointmentId <= 0) throw badRequest('Invalid id');
    const { appointment } = await this.bus.request<AppointmentReply>(subject(AppointmentPatterns.get), { id: appointmentId }, { principal: actor, requestId, via: 'prescription' });
    if (appointment.user_id !== userId) return undefined;
    return { appointment_id: appointment.appointment_id, appointment_status: appointment.appointment_status, starts_at: new Date(visitStartsAt(appointment)) };
  }

  /**
   * GET /family/members/{member_id}/medical-history (issue 36): the member's records for a carer the auth service says
   * holds `records` now, in the member's access log as the carer's read via the family link.
   */
  async forMember(actor: Principal, request: { member_id?: unknown }, requestId?: string): Promise<MedicalHistoryReply> {
    const memberId = Number(request?.member_id);
    if (!Number.isInteger(memberId) || memberId <= 0) throw badRequest('Invalid id');
    const link = await this.family.check(actor, memberId, 'records', requestId);
    return this.forPatient(actor, link.member_id, requestId, { label: `Medical history (family link: ${link.relationship})`, via: 'family' });
  }

  private async forPatient(actor: Principal, patientId: number, requestId?: string, read: { label: string; via?: string } = { label: 'Medical history' }): Promise<MedicalHistoryReply> {
    const rows: RecordRow[] = await this.dataSource.query(RECORDS_SQL, [patientId, null]);
    await this.audit.record(actor, 'viewed', 'medical_history', read.label, [patientId], { requestId, via: read.via });
    return { records: rows.map(toRecord(actor)) };
  }

  /** GET /medical-history: admins, every patient (history: {appointments, prescriptions}). */
  async all(actor: Principal, requestId?: string): Promise<MedicalHistoryAggregateReply> {
    if (actor.role !== 'admin') throw forbidden();
    const records = ((await this.dataSource.query(RECORDS_SQL, [null, null])) as RecordRow[]).map(toRecord(actor));
    await this.audit.record(actor, 'viewed', 'medical_history', 'Medical history', [...new Set(records.map((r) => r.patient_id))], { requestId });
    const { appointments, prescriptions } = aggregate(records);
    return { history: { appointments, prescriptions }, appointments, prescriptions, records };
  }

  /** DELETE /medical-history/{recordId}: admins; a soft delete with a reason (the record is kept, hidden), audited. */
  async remove(actor: Principal, payload: HistoryRemovePayload, requestId?: string): Promise<RemoveRecordReply> {
    if (actor.role !== 'admin') throw forbidden();
    const { type, id } = parseRecordId(payload?.record_id);
    const reason = typeof payload.reason === 'string' ? payload.reason.trim() : '';
    if (!reason) throw badRequest(PrescriptionMessages.reasonRequired);
    const recordId = `${type === 'appointment' ? 'appt' : 'presc'}-${id}`;
    await this.dataSource.transaction(async (manager) => {
      const [row]: { patient_id: number }[] =
        type === 'appointment'
          ? await manager.query(`SELECT user_id AS patient_id FROM appointments WHERE appointment_id = $1 AND NOT deleted`, [id])
          : await manager.query(`SELECT patient_id FROM prescriptions WHERE prescription_id = $1 AND deleted_at IS NULL`, [id]);
      if (!row) throw notFound(PrescriptionMessages.recordNotFound);
      await manager.query(
        `INSERT INTO medical_record_removals (record_id, patient_id, reason, removed_by) VALUES ($1, $2, $3, $4) ON CONFLICT (record_id) DO NOTHING`,
        [recordId, row.patient_id, reason.slice(0, 500), actor.userId],
      );
      await this.audit.record(actor, 'deleted', 'medical_record', type === 'appointment' ? `Appointment #${id}` : `Prescription record ${recordId}`, [row.patient_id], {
        manager,
        requestId,
      });
    });
    return { message: PrescriptionMessages.recordDeleted, record_id: recordId };
  }
}
