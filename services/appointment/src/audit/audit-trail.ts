import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DomainEvent, OUTBOX_CHANNEL, Principal, recordEvent } from '@afya/service-shared';
import { AppointmentEvents, AuditAction, AuditOutcome, AuditRecordedData } from '../../contracts';
import { preparedQuery } from '../appointments/prepared-query';

/** The clinical fields of an appointment (PRODUCT.md item 6). */
export const CLINICAL_FIELDS = ['diagnosis', 'treatment', 'medications', 'notes'];

export interface AuditedRecord {
  user_id: number;
  appointment_id: number;
}

export function auditData(
  actor: Principal,
  action: AuditAction,
  records: AuditedRecord[],
  outcome: AuditOutcome,
  requestId?: string,
  fields: string[] = CLINICAL_FIELDS,
): AuditRecordedData {
  const patients = new Set(records.map((r) => r.user_id));
  return {
    service: 'appointment',
    actor_user_id: actor.userId,
    actor_role: actor.role,
    action,
    resource: 'appointment',
    patient_user_id: patients.size === 1 ? records[0].user_id : null,
    appointment_id: records.length === 1 ? records[0].appointment_id : null,
    records: records.map((r) => ({ patient_user_id: r.user_id, appointment_id: r.appointment_id })),
    fields,
    outcome,
    at: new Date().toISOString(),
    ...(requestId ? { request_id: requestId } : {}),
  };
}

interface Pending {
  event: DomainEvent<AuditRecordedData>;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * audit.recorded events through the outbox.
 * - Changes: `recordChange` inside the change's own transaction (both happen, or neither).
 * - Reads and refusals: `recordAccess` writes before the data leaves the service (a read whose audit
 *   cannot be written fails). Concurrent reads share one INSERT (group commit): while one write is in
 *   flight the next ones queue and go together, so auditing costs about one round trip per burst of
 *   reads, not one per read, and adds no waiting when the service is idle.
 */
@Injectable()
export class AuditTrail {
  private readonly logger = new Logger('AuditTrail');
  private queue: Pending[] = [];
  private writing = false;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  recordChange(manager: EntityManager, actor: Principal, action: AuditAction, records: AuditedRecord[], requestId?: string, fields?: string[]) {
    return recordEvent(manager, AppointmentEvents.auditRecorded, auditData(actor, action, records, 'success', requestId, fields));
  }

  /** A read (or a refused attempt) of clinical data; resolves once the audit row is committed. */
  recordAccess(actor: Principal, action: AuditAction, records: AuditedRecord[], outcome: AuditOutcome = 'success', requestId?: string): Promise<void> {
    if (outcome === 'success' && !records.length) return Promise.resolve();
    const data = auditData(actor, action, records, outcome, requestId);
    const event: DomainEvent<AuditRecordedData> = { id: randomUUID(), type: AppointmentEvents.auditRecorded, occurredAt: data.at, data };
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ event, resolve, reject });
      if (!this.writing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.writing = true;
    while (this.queue.length) {
      const batch = this.queue.splice(0, 500);
      try {
        await preparedQuery(
          this.dataSource,
          'audit_outbox_insert',
          `WITH written AS (
             INSERT INTO outbox (id, type, payload, created_at)
             SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::timestamptz[])
             RETURNING 1)
           SELECT pg_notify($5, '') FROM (SELECT count(*) FROM written) AS c`,
          [
            batch.map((p) => p.event.id),
            batch.map((p) => p.event.type),
            batch.map((p) => JSON.stringify(p.event)),
            batch.map((p) => p.event.occurredAt),
            OUTBOX_CHANNEL,
          ],
        );
        for (const pending of batch) pending.resolve();
      } catch (error) {
        this.logger.error(`audit write failed: ${(error as Error).message}`);
        for (const pending of batch) pending.reject(error as Error);
      }
    }
    this.writing = false;
  }
}
