import type { FamilyMember } from '@afya/auth-service/contracts';
import { FAMILY_SCOPES, ageOn, nairobiDay, type FamilyScope } from '@afya/auth-service/contracts/family';
import { t } from '../../i18n';

export { FAMILY_SCOPES };
export type { FamilyScope };

/** A scope as the page names it ("Book visits", "Reminders", "Records"). */
export const scopeLabel = (scope: string) => t(`family.scope.${scope}`);

/** A relationship as the page names it; one the page does not know is shown as the server wrote it. */
export const relationshipLabel = (relationship: string) => t(`family.relationship.${relationship}`, { defaultValue: relationship });

/** What the member's line says about the link: "Active", "Waiting for an answer", "Turned 18: access ended"… */
export function memberStatusText(member: Pick<FamilyMember, 'status' | 'ended_reason'>): string {
  if (member.status === 'ended') return t(`family.ended.${member.ended_reason ?? 'ended_by_carer'}`);
  return t(`family.status.${member.status}`);
}

/** A child's age today (Nairobi), for the member's line. */
export function childAge(dateOfBirth: string, now = new Date()): number {
  return ageOn(dateOfBirth, nairobiDay(now));
}

/** The date picker offers no day after today (Nairobi): a child is born already. */
export function isFutureBirth(date: string, now = new Date()): boolean {
  return date > nairobiDay(now);
}
