import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { notFound, Principal, RpcFailure } from '@afya/service-shared';
import { AppointmentMessages } from '../../contracts';
import { AuditTrail } from '../audit/audit-trail';
import { APPOINTMENT_SELECT, AppointmentRow } from './appointment.sql';

export const SLOT_INDEX = 'appointments_active_slot_uq';

export const isUniqueViolation = (error: unknown, constraint?: string) =>
  (error as { code?: string }).code === '23505' && (!constraint || (error as { constraint?: string }).constraint === constraint);

/** One appointment's row (locked when a transaction changes it) and the access rules run on it, a refusal audited. */
@Injectable()
export class AppointmentRecords {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {}

  async findRow(id: number, manager: EntityManager = this.dataSource.manager, lock = false): Promise<AppointmentRow | null> {
    const rows: AppointmentRow[] = await manager.query(`${APPOINTMENT_SELECT} WHERE a.appointment_id = $1${lock ? ' FOR UPDATE OF a' : ''}`, [id]);
    return rows[0] ?? null;
  }

  async lockedRow(manager: EntityManager, id: number): Promise<AppointmentRow> {
    const row = await this.findRow(id, manager, true);
    if (!row) throw notFound(AppointmentMessages.appointmentNotFound);
    return row;
  }

  /**
   * Runs an access rule; a refusal is itself audited (who tried, on whose record). Not awaited: the caller
   * may hold a transaction, and waiting there for another pooled connection could starve the pool.
   */
  guard(actor: Principal, action: 'read' | 'update', row: AppointmentRow, rule: () => void, requestId?: string, via?: string): void {
    try {
      rule();
    } catch (error) {
      if (error instanceof RpcFailure) {
        const status = (error.getError() as { statusCode: number }).statusCode;
        if (status === 403 || status === 404) {
          this.audit.recordAccess(actor, action, [row], status === 404 ? 'not_found' : 'denied', requestId, via).catch(() => undefined);
        }
      }
      throw error;
    }
  }
}
