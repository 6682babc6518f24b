import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { notFound, Principal, RpcFailure } from '@afya/service-shared';
import { SupportMessages } from '../../contracts';
import { Access, accessTo, canRead, Verdict } from '../rules/tickets';
import { TicketCare } from './ticket-care';
import { TICKET_SELECT, TicketRow } from './ticket.sql';

export function enforce(verdict: Verdict): void {
  if (!verdict.ok) throw new RpcFailure(verdict.status, verdict.message);
}

export const viewerOf = (access: Access): 'owner' | 'admin' | 'doctor' => (access === 'admin' ? 'admin' : access === 'owner' ? 'owner' : 'doctor');

/** One ticket's row, and what the actor may do with it. */
@Injectable()
export class TicketAccess {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly care: TicketCare,
  ) {}

  async row(id: number, manager: EntityManager, lock = false): Promise<TicketRow | null> {
    const rows: TicketRow[] = await manager.query(
      `${TICKET_SELECT} WHERE t.ticket_id = $1 AND t.deleted_at IS NULL${lock ? ' FOR UPDATE OF t' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * The ticket and what the actor may do with it; a ticket the actor cannot see is 404. A doctor sees a patient's
   * ticket only when it is linked to an appointment with them and they are caring for the patient now (TicketCare);
   * a doctor's refused attempt on a patient's ticket is audited.
   */
  async load(actor: Principal, id: number, manager: EntityManager = this.dataSource.manager, lock = false, requestId?: string) {
    if (!Number.isInteger(id) || id <= 0) throw notFound(SupportMessages.notFound);
    const row = await this.row(id, manager, lock);
    if (!row) throw notFound(SupportMessages.notFound);
    const doctorMayRead = actor.role === 'doctor' && row.user_id !== null && row.user_id !== actor.userId && (await this.care.doctorMayRead(actor.userId, row, manager));
    const access = accessTo(actor, row, doctorMayRead);
    if (access === 'none' && actor.role === 'doctor' && row.user_id !== null) {
      const denial = this.care.record(actor, 'denied', [row], requestId);
      // Inside a transaction, waiting for another pooled connection could starve the pool: the entry is written beside it.
      if (manager === this.dataSource.manager) await denial;
      else denial.catch(() => undefined);
    }
    enforce(canRead(access));
    return { row, access };
  }
}
