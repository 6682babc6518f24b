import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BusClient, Principal, RpcFailure, subject } from '@afya/service-shared';
import { AuthPatterns, type FamilyAccessReply, type FamilyScope } from '@afya/auth-service/contracts';

/**
 * Family care (issue 36): whether the caller may use a scope for a family member now, asked of the auth service, which
 * owns the family graph (docs/decisions/0110-family-graph-in-auth.md). Its 404 (not the caller's member) and 403 (no
 * live link, or not this scope; a child past 18) reach the caller unchanged.
 */
@Injectable()
export class FamilyAccess {
  constructor(
    private readonly bus: BusClient,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  check(actor: Principal, memberId: number, scope: FamilyScope, requestId?: string): Promise<FamilyAccessReply> {
    return this.bus.request<FamilyAccessReply>(subject(AuthPatterns.familyAccess), { member_id: memberId, scope }, { principal: actor, requestId, via: 'appointment' });
  }

  /**
   * Who the patient's rules (cancel, reschedule) judge a change by: the caller, or, for a carer whose link grants `book`
   * for the appointment's patient, the patient (the audit still names the carer). Anyone else stays themself, so
   * another person's appointment is the 404 it always was.
   */
  async actingFor(actor: Principal, appointmentId: number, requestId?: string): Promise<Principal> {
    if (actor.role !== 'user' || !Number.isInteger(appointmentId) || appointmentId <= 0) return actor;
    const [row]: { user_id: number }[] = await this.dataSource.query(`SELECT user_id FROM appointments WHERE appointment_id = $1`, [appointmentId]);
    if (!row || row.user_id === actor.userId) return actor;
    try {
      await this.check(actor, row.user_id, 'book', requestId);
      return { ...actor, userId: row.user_id };
    } catch (error) {
      if (error instanceof RpcFailure && [403, 404].includes(error.body.statusCode)) return actor;
      throw error;
    }
  }
}
