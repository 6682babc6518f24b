import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PayloadOf } from '@afya/service-shared/calls';
import { DataSource, EntityManager } from 'typeorm';
import { AppointmentPatterns, type AppointmentReply } from '@afya/appointment-service/contracts';
import { badRequest, BusClient, forbidden, notFound, parsePayload, Principal, recordEvents, requestLanguage, subject } from '@afya/service-shared';
import {
  AcknowledgeAlertBodySchema,
  adviceText,
  bmiOf,
  type FhirObservationBundle,
  levelOf,
  ListVitalsQuerySchema,
  PrescriptionEvents,
  RecordVitalPayloadSchema,
  VITAL_THRESHOLDS,
  type VitalAlert,
  type VitalAlertCreatedEventData,
  type VitalAlertReply,
  type VitalAlertsReply,
  VitalMessages,
  type VitalReading,
  type VitalReadingReply,
  type VitalsListReply,
  type VitalsCalls,
} from '../../contracts';
import { AccessLog } from '../audit/access-log';
import { CareAccess } from '../care/care-access';
import { bmiObservation, observationBundle, readingObservations } from './observations';

export interface ReadingRow {
  reading_id: number;
  patient_id: number;
  kind: VitalReading['kind'];
  values: Record<string, number>;
  unit: string;
  context: VitalReading['context'];
  entered_value: string | null;
  entered_unit: string | null;
  level: VitalReading['level'];
  source: VitalReading['source'];
  status: VitalReading['status'];
  appointment_id: number | null;
  recorded_by: number;
  recorded_by_role: string;
  measured_at: Date;
  entered_at: Date;
  thresholds_version: string;
}

export const READING_COLUMNS = `r.reading_id, r.patient_id, r.kind, r."values", r.unit, r.context, r.entered_value, r.entered_unit, r.level, r.source, r.status,
  r.appointment_id, r.recorded_by, r.recorded_by_role, r.measured_at, r.entered_at, r.thresholds_version`;

export function toReading(row: ReadingRow): VitalReading {
  return {
    reading_id: row.reading_id,
    patient_id: row.patient_id,
    kind: row.kind,
    values: row.values,
    unit: row.unit,
    context: row.context,
    entered_value: row.entered_value === null ? null : Number(row.entered_value),
    entered_unit: row.entered_unit,
    level: row.level,
    source: row.source,
    status: row.status,
    appointment_id: row.appointment_id,
    recorded_by: row.recorded_by,
    recorded_by_role: row.recorded_by_role,
    measured_at: new Date(row.measured_at).toISOString(),
    entered_at: new Date(row.entered_at).toISOString(),
    thresholds_version: row.thresholds_version,
  };
}

/** A measurement may be stamped a few minutes ahead (a phone's clock); later is a typing mistake. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
const LABEL = 'Vital readings';

/**
 * Health monitoring (issue 39): readings, their levels and the patient's advice, the alerts of critical readings for
 * the doctors caring for the patient (the care-relationship rule, CareAccess), the FHIR export. Every read by someone
 * other than the patient goes in the patient's access log before the data leaves.
 */
@Injectable()
export class VitalsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AccessLog,
    private readonly care: CareAccess,
    private readonly bus: BusClient,
  ) {}

  /** POST /vitals. `now` is the clock (tests give their own). */
  async record(actor: Principal, payload: unknown, requestId?: string, now = new Date()): Promise<VitalReadingReply> {
    const body = parsePayload(RecordVitalPayloadSchema, payload);
    const measuredAt = body.measured_at ? new Date(body.measured_at) : now;
    if (measuredAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) throw badRequest(VitalMessages.measuredInFuture);
    let patientId: number;
    let source: 'home' | 'clinic';
    let appointmentId: number | null = null;
    if (actor.role === 'user') {
      // A patient records their own (a carer's scope is the family issue's); naming someone else finds no one.
      if (body.patient_id !== undefined && body.patient_id !== actor.userId) throw notFound(VitalMessages.patientNotFound);
      patientId = actor.userId;
      source = 'home';
    } else if (actor.role === 'doctor') {
      if (body.patient_id === undefined) throw badRequest(VitalMessages.patientRequired);
      if (body.appointment_id === undefined) throw badRequest(VitalMessages.visitRequired);
      patientId = body.patient_id;
      appointmentId = await this.visitOf(actor, patientId, body.appointment_id, requestId);
      source = 'clinic';
    } else {
      throw forbidden();
    }
    const { level, advice } = levelOf(body);
    return this.dataSource.transaction(async (manager) => {
      const [row]: ReadingRow[] = await manager.query(
        `INSERT INTO vital_readings AS r (patient_id, kind, "values", unit, context, entered_value, entered_unit, level, thresholds_version, source, status,
           appointment_id, recorded_by, recorded_by_role, measured_at, entered_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         RETURNING ${READING_COLUMNS}`,
        [
          patientId,
          body.kind,
          JSON.stringify(body.values),
          body.unit,
          body.context,
          body.entered_value,
          body.entered_unit,
          level,
          VITAL_THRESHOLDS.version,
          source,
          source === 'home' ? 'preliminary' : 'final',
          appointmentId,
          actor.userId,
          actor.role,
          measuredAt.toISOString(),
          now.toISOString(),
        ],
      );
      const reading = toReading(row);
      let alerted = 0;
      if (level === 'critical') {
        const doctors = (await this.care.doctorsCaringFor(patientId, manager, now)).filter((doctor) => doctor !== actor.userId);
        if (doctors.length) {
          const created: { alert_id: number; doctor_user_id: number }[] = await manager.query(
            `INSERT INTO vital_alerts (reading_id, patient_id, doctor_user_id, level, created_at)
             SELECT $1, $2, d, $3, $4 FROM unnest($5::int[]) AS d ON CONFLICT DO NOTHING
             RETURNING alert_id, doctor_user_id`,
            [reading.reading_id, patientId, level, now.toISOString(), doctors],
          );
          // Each alert's SMS and email to its doctor go through the support service (decision 0107): ids only.
          await recordEvents(
            manager,
            created.map((alert): { type: string; data: VitalAlertCreatedEventData } => ({
              type: PrescriptionEvents.vitalAlertCreated,
              data: { alert_id: alert.alert_id, reading_id: reading.reading_id, patient_id: patientId, doctor_user_id: alert.doctor_user_id, level: 'critical' },
            })),
          );
        }
        alerted = doctors.length + (actor.role === 'doctor' ? 1 : 0);
      }
      if (actor.role === 'doctor') {
        await this.audit.record(actor, 'created', 'vital_readings', `${LABEL}: ${body.kind}`, [patientId], { manager, requestId });
      }
      const language = requestLanguage();
      const message = advice
        ? level === 'critical' && alerted === 0
          ? `${adviceText(advice, language)} ${adviceText('no_doctor', language)}`
          : adviceText(advice, language)
        : undefined;
      return { reading: message ? { ...reading, message } : reading };
    });
  }

  /** GET /vitals: oldest first, and the BMI from the latest weight and height not entered in error. */
  async list(actor: Principal, payload: unknown, requestId?: string): Promise<VitalsListReply> {
    const query = parsePayload(ListVitalsQuerySchema, payload);
    const patientId = await this.readablePatient(actor, query.patient_id, requestId);
    const rows: ReadingRow[] = await this.dataSource.query(
      `SELECT ${READING_COLUMNS} FROM vital_readings r
        WHERE r.patient_id = $1 AND ($2::text IS NULL OR r.kind = $2) AND ($3::timestamptz IS NULL OR r.measured_at >= $3)
          AND ($4::timestamptz IS NULL OR r.measured_at <= $4)
        ORDER BY r.measured_at, r.reading_id
        LIMIT 5000`,
      [patientId, query.kind ?? null, query.from ?? null, query.to ?? null],
    );
    const bmi = await this.bmi(patientId);
    await this.audited(actor, patientId, requestId);
    return { readings: rows.map(toReading), bmi };
  }

  /** POST /vitals/{id}/entered-in-error: its author, or a doctor caring for the patient. Kept; idempotent. */
  async enteredInError(actor: Principal, id: number, requestId?: string, now = new Date()): Promise<VitalReadingReply> {
    return this.dataSource.transaction(async (manager) => {
      const [row]: ReadingRow[] = Number.isInteger(id) && id > 0 ? await manager.query(`SELECT ${READING_COLUMNS} FROM vital_readings r WHERE r.reading_id = $1 FOR UPDATE`, [id]) : [];
      const allowed =
        row &&
        (row.recorded_by === actor.userId ||
          (actor.role === 'user' && row.patient_id === actor.userId && row.source === 'home') ||
          (actor.role === 'doctor' && (await this.care.doctorMayRead(actor.userId, row.patient_id, manager, now))));
      if (!allowed) throw notFound(VitalMessages.readingNotFound);
      if (row.status !== 'entered_in_error') {
        await manager.query(`UPDATE vital_readings SET status = 'entered_in_error', entered_in_error_at = $2, entered_in_error_by = $3 WHERE reading_id = $1`, [
          id,
          now.toISOString(),
          actor.userId,
        ]);
        if (actor.userId !== row.patient_id) {
          await this.audit.record(actor, 'updated', 'vital_readings', `${LABEL}: ${row.kind} entered in error`, [row.patient_id], { manager, requestId });
        }
      }
      return { reading: { ...toReading(row), status: 'entered_in_error' as const }, message: VitalMessages.enteredInError };
    });
  }

  /** GET /doctor/vital-alerts: the doctor's own, unacknowledged first, newest first. */
  async alerts(actor: Principal, requestId?: string): Promise<VitalAlertsReply> {
    if (actor.role !== 'doctor') throw forbidden();
    const alerts = await this.alertRows(this.dataSource.manager, `a.doctor_user_id = $1`, [actor.userId]);
    const patients = [...new Set(alerts.map((a) => a.patient_id))];
    if (patients.length) await this.audit.record(actor, 'viewed', 'vital_alert', 'Vital reading alerts', patients, { requestId });
    return { alerts };
  }

  /** POST /doctor/vital-alerts/{id}/acknowledge: the doctor's own alert (others' are 404); a second time keeps the first. */
  async acknowledge(actor: Principal, payload: PayloadOf<typeof VitalsCalls.acknowledge>, requestId?: string, now = new Date()): Promise<VitalAlertReply> {
    if (actor.role !== 'doctor') throw forbidden();
    const id = Number(payload?.id);
    const { note } = parsePayload(AcknowledgeAlertBodySchema, { note: payload?.note ?? undefined });
    return this.dataSource.transaction(async (manager) => {
      const updated: { alert_id: number }[] =
        Number.isInteger(id) && id > 0
          ? await manager.query(
              // (a CTE: TypeORM answers an UPDATE's RETURNING as [rows, count], a SELECT as its rows)
              `WITH acknowledged AS (
                 UPDATE vital_alerts SET acknowledged_at = COALESCE(acknowledged_at, $3), note = COALESCE(note, $4)
                  WHERE alert_id = $1 AND doctor_user_id = $2 RETURNING alert_id)
               SELECT alert_id FROM acknowledged`,
              [id, actor.userId, now.toISOString(), note?.trim() || null],
            )
          : [];
      if (!updated.length) throw notFound(VitalMessages.alertNotFound);
      const [alert] = await this.alertRows(manager, `a.alert_id = $1`, [id]);
      await this.audit.record(actor, 'viewed', 'vital_alert', 'Vital reading alert', [alert.patient_id], { manager, requestId });
      return { alert, message: VitalMessages.acknowledged };
    });
  }

  /** GET /patients/{id}/observations: the FHIR R4 Bundle; the same access as the list. */
  async observations(actor: Principal, payload: PayloadOf<typeof VitalsCalls.observations>, requestId?: string, now = new Date()): Promise<FhirObservationBundle> {
    const patientId = await this.readablePatient(actor, Number(payload?.patient_id), requestId);
    const rows: ReadingRow[] = await this.dataSource.query(`SELECT ${READING_COLUMNS} FROM vital_readings r WHERE r.patient_id = $1 ORDER BY r.measured_at, r.reading_id LIMIT 5000`, [
      patientId,
    ]);
    const bmi = await this.bmi(patientId);
    await this.audited(actor, patientId, requestId);
    const stamp = now.toISOString();
    const observations = rows.flatMap((row) => readingObservations(toReading(row)));
    return observationBundle(bmi ? [...observations, bmiObservation(patientId, bmi, stamp)] : observations, stamp);
  }

  /** The patient whose readings the caller may read: their own, or a doctor's patient in care; anyone else is 404 (a refusal is logged). */
  private async readablePatient(actor: Principal, named: number | undefined, requestId?: string): Promise<number> {
    if (actor.role === 'user') {
      if (named !== undefined && named !== actor.userId) throw notFound(VitalMessages.patientNotFound);
      return actor.userId;
    }
    if (actor.role === 'doctor' && named !== undefined && Number.isInteger(named) && named > 0) {
      if (await this.care.doctorMayRead(actor.userId, named)) return named;
      const [known] = await this.dataSource.query(`SELECT 1 FROM user_directory WHERE user_id = $1`, [named]);
      if (known) await this.audit.record(actor, 'viewed', 'vital_readings', LABEL, [named], { outcome: 'denied', requestId });
    }
    if (actor.role === 'doctor' && named === undefined) throw badRequest(VitalMessages.patientRequired);
    throw notFound(VitalMessages.patientNotFound);
  }

  private async audited(actor: Principal, patientId: number, requestId?: string): Promise<void> {
    if (actor.userId !== patientId) await this.audit.record(actor, 'viewed', 'vital_readings', LABEL, [patientId], { requestId });
  }

  private async bmi(patientId: number): Promise<VitalsListReply['bmi']> {
    const latest: ReadingRow[] = await this.dataSource.query(
      `SELECT DISTINCT ON (r.kind) ${READING_COLUMNS} FROM vital_readings r
        WHERE r.patient_id = $1 AND r.kind IN ('weight', 'height') AND r.status <> 'entered_in_error'
        ORDER BY r.kind, r.measured_at DESC, r.reading_id DESC`,
      [patientId],
    );
    const weight = latest.find((r) => r.kind === 'weight');
    const height = latest.find((r) => r.kind === 'height');
    if (!weight || !height) return null;
    const measuredAt = new Date(Math.max(new Date(weight.measured_at).getTime(), new Date(height.measured_at).getTime())).toISOString();
    return { value: bmiOf(weight.values.weight, height.values.height), unit: 'kg/m2', weight_reading_id: weight.reading_id, height_reading_id: height.reading_id, measured_at: measuredAt };
  }

  private async alertRows(manager: EntityManager, where: string, params: unknown[]): Promise<VitalAlert[]> {
    const rows: (ReadingRow & { alert_id: number; alert_level: VitalAlert['level']; created_at: Date; acknowledged_at: Date | null; note: string | null; patient_name: string | null })[] =
      await manager.query(
        `SELECT a.alert_id, a.level AS alert_level, a.created_at, a.acknowledged_at, a.note,
                NULLIF(trim(concat_ws(' ', u.firstname, u.lastname)), '') AS patient_name, ${READING_COLUMNS}
           FROM vital_alerts a JOIN vital_readings r ON r.reading_id = a.reading_id LEFT JOIN user_directory u ON u.user_id = a.patient_id
          WHERE ${where}
          ORDER BY a.acknowledged_at IS NOT NULL, a.created_at DESC, a.alert_id DESC
          LIMIT 500`,
        params,
      );
    return rows.map((row) => ({
      alert_id: row.alert_id,
      reading: toReading(row),
      patient_id: row.patient_id,
      patient_name: row.patient_name,
      level: row.alert_level,
      created_at: new Date(row.created_at).toISOString(),
      acknowledged_at: row.acknowledged_at ? new Date(row.acknowledged_at).toISOString() : null,
      note: row.note,
    }));
  }

  /** The doctor's visit with the patient, asked of the appointment service now: Confirmed or Completed, else refused. */
  private async visitOf(actor: Principal, patientId: number, appointmentId: number, requestId?: string): Promise<number> {
    const { appointment } = await this.bus.request<AppointmentReply>(subject(AppointmentPatterns.get), { id: appointmentId }, { principal: actor, requestId, via: 'prescription' });
    if (appointment.user_id !== patientId || !['Confirmed', 'Completed'].includes(appointment.appointment_status)) throw badRequest(VitalMessages.visitRequired);
    return appointment.appointment_id;
  }
}
