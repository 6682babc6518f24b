import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JSONCodec, NatsConnection } from 'nats';
import { EntityManager } from 'typeorm';
import { DomainEvent, eventSubject, EventToRecord, NATS_CONNECTION, Principal, recordEvent } from '@afya/service-shared';
import { AppointmentEvents, AuditAccessBatchData, AuditAction, AuditOutcome, AuditRecordedData } from '../../contracts';
import { GroupCommit } from './group-commit';

/** The clinical fields of an appointment (CONTRACT.md §10.6). */
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
  via?: string,
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
    ...(via ? { via } : {}),
  };
}

const codec = JSONCodec<DomainEvent<AuditAccessBatchData>>();

/** An access's JSON size, over-estimated without serializing it twice (a record entry is under 64 bytes). */
const estimatedSize = (access: AuditRecordedData) => 512 + 64 * access.records.length;

/**
 * audit.recorded events.
 * - Changes: `recordChange` inside the change's own transaction, through the outbox (both happen, or neither).
 * - Reads and refusals: `recordAccess` publishes straight to the JetStream event stream and resolves on its
 *   acknowledgement (the event is stored), so the data leaves the service only once its audit is durable.
 *   A read has no transaction to share, and going through PostgreSQL would cost a write, a commit and a
 *   relay round per read (measured: about half of a list read's CPU). Concurrent reads share one publish
 *   (group commit, as audit.access-batch): one stored message per group instead of one per read.
 */
@Injectable()
export class AuditTrail {
  private readonly accesses: GroupCommit<AuditRecordedData>;

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {
    // NATS carries at most 1 MB per message: groups stay well under it.
    this.accesses = new GroupCommit((accesses) => this.publish(accesses), { maxItems: 500, maxBytes: 512 * 1024, sizeOf: estimatedSize });
  }

  recordChange(manager: EntityManager, actor: Principal, action: AuditAction, records: AuditedRecord[], requestId?: string, fields?: string[]) {
    const { type, data } = this.changeEvent(actor, action, records, requestId, fields);
    return recordEvent(manager, type, data);
  }

  /** The audit event of a change, for a change that records it with its own events (recordEvents, one statement). */
  changeEvent(actor: Principal, action: AuditAction, records: AuditedRecord[], requestId?: string, fields?: string[]): EventToRecord<AuditRecordedData> {
    return { type: AppointmentEvents.auditRecorded, data: auditData(actor, action, records, 'success', requestId, fields) };
  }

  /** A read (or a refused attempt) of clinical data; resolves once JetStream has stored the audit event. */
  async recordAccess(
    actor: Principal,
    action: AuditAction,
    records: AuditedRecord[],
    outcome: AuditOutcome = 'success',
    requestId?: string,
    via?: string,
  ): Promise<void> {
    if (outcome === 'success' && !records.length) return;
    await this.accesses.add(auditData(actor, action, records, outcome, requestId, CLINICAL_FIELDS, via));
  }

  private async publish(accesses: AuditRecordedData[]): Promise<void> {
    const event: DomainEvent<AuditAccessBatchData> = {
      id: randomUUID(),
      type: AppointmentEvents.auditAccessBatch,
      occurredAt: new Date().toISOString(),
      data: { accesses },
    };
    await this.nc.jetstream().publish(eventSubject(event.type), codec.encode(event), { msgID: event.id });
  }
}
