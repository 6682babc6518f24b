import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { forbidden, Principal } from '@afya/service-shared';
import { ACCESS_LOG_PAGE_MAX, AccessAction, AccessLogEntry, AccessLogPayload, AccessLogReply } from '../../contracts';
import { pageOf } from '../rules/prescription-rules';

export interface AccessEntryRow {
  event_key: string;
  source: string;
  actor_user_id: number;
  actor_role: string;
  action: AccessAction;
  resource: string;
  record_label: string;
  patient_user_id: number | null;
  outcome: string;
  fields: string[];
  request_id: string | null;
  occurred_at: string;
  /** The service that made the access for the actor, if one did. */
  via?: string | null;
}

/** Appends entries to the durable access log; an entry whose key is already there is skipped (idempotent). */
export async function recordAccessEntries(manager: EntityManager | DataSource, rows: AccessEntryRow[]): Promise<void> {
  if (!rows.length) return;
  await manager.query(
    `INSERT INTO audit_log (event_key, source, actor_user_id, actor_role, action, resource, record_label, patient_user_id, outcome,
       fields, request_id, occurred_at, via)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(event_key text, source text, actor_user_id integer, actor_role text, action text,
       resource text, record_label text, patient_user_id integer, outcome text, fields text[], request_id text, occurred_at timestamptz,
       via text)
     ON CONFLICT (event_key) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

/**
 * The entries a patient reads: others' accesses to their records, refused attempts (denied, not found) included, so
 * the patient sees who tried as well as who succeeded. Their own views of their own records are left out; every join
 * and leave of a video visit stays, the patient's own included (the call's record).
 */
const OTHERS_ON = `patient_user_id = $1 AND (actor_user_id <> $1 OR action IN ('joined_video', 'left_video'))`;

/**
 * This service's own audit of medical data (prescriptions, their PDFs, medical history): written straight into the
 * durable log, in the change's transaction for writes and before the reply for reads, so the data never leaves
 * without its entry.
 */
@Injectable()
export class AccessLog {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  record(
    actor: Principal,
    action: AccessAction,
    resource: 'prescription' | 'prescription_pdf' | 'medical_history' | 'medical_record' | 'data_export' | 'vital_readings' | 'vital_alert',
    recordLabel: string,
    patientIds: number[],
    options: { manager?: EntityManager; outcome?: string; requestId?: string; fields?: string[]; via?: string } = {},
  ): Promise<void> {
    const occurredAt = new Date().toISOString();
    const rows: AccessEntryRow[] = [...new Set(patientIds)].map((patient) => ({
      event_key: `prescription:${randomUUID()}`,
      source: 'prescription',
      actor_user_id: actor.userId,
      actor_role: actor.role,
      action,
      resource,
      record_label: recordLabel,
      patient_user_id: patient,
      outcome: options.outcome ?? 'success',
      fields: options.fields ?? [],
      request_id: options.requestId ?? null,
      occurred_at: occurredAt,
      via: options.via ?? null,
    }));
    return recordAccessEntries(options.manager ?? this.dataSource, rows);
  }

  /**
   * GET /medical-history/access-log: who touched or tried to touch the patient's records, newest first, paged. A patient reads their
   * own (their own views of their own records are left out: the tab answers "who else"); an admin may name any
   * patient. Nobody can change or delete entries (the table refuses it: see the migration).
   */
  async list(actor: Principal, payload: AccessLogPayload): Promise<AccessLogReply> {
    let patient = actor.userId;
    if (payload.user_id !== undefined && payload.user_id !== actor.userId) {
      if (actor.role !== 'admin') throw forbidden();
      patient = payload.user_id;
    }
    const { page, limit, offset } = pageOf(payload.page, payload.limit, ACCESS_LOG_PAGE_MAX);
    const [{ total }]: { total: number }[] = await this.dataSource.query(`SELECT count(*)::int AS total FROM audit_log WHERE ${OTHERS_ON}`, [patient]);
    return { entries: await this.entries(patient, limit, offset), total, page, limit };
  }

  /**
   * The whole log of one patient (newest first, at most `max` entries), for their data export: everything held about
   * them, their own views of their own records included (the tab leaves those out; the export is all of it).
   */
  all(patient: number, max = 10_000): Promise<AccessLogEntry[]> {
    return this.entries(patient, max, 0, true);
  }

  private async entries(patient: number, limit: number, offset: number, ownViewsToo = false): Promise<AccessLogEntry[]> {
    const which = ownViewsToo ? 'l.patient_user_id = $1' : OTHERS_ON.replace(/patient_user_id|actor_user_id|action IN/g, (c) => `l.${c}`);
    const rows: (AccessLogEntry & { id: string })[] = await this.dataSource.query(
      `SELECT l.audit_id AS id, l.actor_user_id, NULLIF(trim(concat_ws(' ', u.firstname, u.lastname)), '') AS actor_name, l.actor_role,
              l.action, l.record_label AS record, l.outcome, l.via, l.occurred_at AS at
         FROM audit_log l LEFT JOIN user_directory u ON u.user_id = l.actor_user_id
        WHERE ${which}
        ORDER BY l.occurred_at DESC, l.audit_id DESC LIMIT $2 OFFSET $3`,
      [patient, limit, offset],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at).toISOString() }));
  }
}
