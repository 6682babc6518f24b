import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { recordEvent } from '@afya/service-shared';
import { CareVisit, careWindowsFromEnv, CareWindows, hasCareRelationship, patientsInCareAmong } from '@afya/appointment-service/contracts';
import { SupportAuditData, SupportEvents } from '../../contracts';

interface VisitRow extends CareVisit {
  user_id: number;
}

/** The doctor's visits that can count (Confirmed, Completed) with the instant each slot starts in clinic time. */
const VISITS_SQL = `
  SELECT user_id, appointment_status, (appointment_date + time_slot::time) AT TIME ZONE 'Africa/Nairobi' AS starts_at
    FROM appointment_directory
   WHERE doctor_user_id = $1 AND NOT deleted AND time_slot IS NOT NULL AND appointment_status IN ('Confirmed', 'Completed')`;

/**
 * A doctor's view of patients' tickets: only a ticket linked (related_appointment_id) to one of the doctor's own
 * appointments with its owner, and only while the doctor is in a care relationship with that patient
 * (hasCareRelationship, appointment contracts). Each read, and each refused attempt, is an audit event the
 * prescription service keeps in the patient's access log.
 */
@Injectable()
export class TicketCare {
  /** Read once at start: a bad CARE_ACCESS_* value stops the service. */
  readonly windows: CareWindows = careWindowsFromEnv(process.env);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Whether this doctor may read this ticket now. */
  async doctorMayRead(
    doctorUserId: number,
    ticket: { user_id: number | null; related_appointment_id: number | null },
    manager: EntityManager = this.dataSource.manager,
    now = new Date(),
  ): Promise<boolean> {
    if (ticket.user_id === null || ticket.related_appointment_id === null) return false;
    const linked: unknown[] = await manager.query(
      `SELECT 1 FROM appointment_directory WHERE appointment_id = $1 AND doctor_user_id = $2 AND user_id = $3 AND NOT deleted`,
      [ticket.related_appointment_id, doctorUserId, ticket.user_id],
    );
    if (!linked.length) return false;
    const visits: VisitRow[] = await manager.query(`${VISITS_SQL} AND user_id = $2`, [doctorUserId, ticket.user_id]);
    return hasCareRelationship(visits, now, this.windows);
  }

  /** The patients this doctor is caring for now. */
  async patientsInCare(doctorUserId: number, now = new Date()): Promise<number[]> {
    const visits: VisitRow[] = await this.dataSource.query(VISITS_SQL, [doctorUserId]);
    return patientsInCareAmong(visits, now, this.windows);
  }

  /**
   * The doctor's read (or refused attempt) of patients' tickets, committed (outbox) before the reply leaves.
   * `manager`: the caller's transaction, when it has one.
   */
  async record(
    actor: { userId: number; role: 'user' | 'doctor' | 'admin' },
    outcome: 'success' | 'denied',
    tickets: { ticket_id: number; user_id: number | null }[],
    requestId?: string,
  ): Promise<void> {
    const entries = tickets.filter((t) => t.user_id !== null).map((t) => ({ ticket_id: t.ticket_id, patient_user_id: t.user_id as number }));
    if (!entries.length) return;
    const data: SupportAuditData = {
      actor_user_id: actor.userId,
      actor_role: actor.role,
      action: 'read',
      outcome,
      tickets: entries,
      at: new Date().toISOString(),
      ...(requestId ? { request_id: requestId } : {}),
    };
    await this.dataSource.transaction((manager) => recordEvent(manager, SupportEvents.auditRecorded, data));
  }
}
