import { Injectable } from '@nestjs/common';
import { BusClient, Principal, subject } from '@afya/service-shared';
import { AuthPatterns, type FamilyAccessReply, type FamilyScope } from '@afya/auth-service/contracts';

/**
 * Family care (issue 36): whether the caller may use a scope for a family member now, asked of the auth service, which
 * owns the family graph (docs/decisions/0110-family-graph-in-auth.md). Its 404 (not the caller's member) and 403 (no
 * live link, or not this scope; a child past 18) reach the caller unchanged.
 */
@Injectable()
export class FamilyAccess {
  constructor(private readonly bus: BusClient) {}

  check(actor: Principal, memberId: number, scope: FamilyScope, requestId?: string): Promise<FamilyAccessReply> {
    return this.bus.request<FamilyAccessReply>(subject(AuthPatterns.familyAccess), { member_id: memberId, scope }, { principal: actor, requestId, via: 'prescription' });
  }
}
