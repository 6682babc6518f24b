import type { FamilyMember, FamilyReply } from '@afya/auth-service/contracts';
import { useQuery } from '@tanstack/react-query';
import { callKey, calls } from 'shell/api-client';

export type { FamilyMember, FamilyReply };

/** The caller's family (issue 36): the Family page reads it, and the booking form's "Who is this visit for?". */
export const familyKey = callKey('auth', 'family');

export function fetchFamily(): Promise<FamilyReply> {
  return calls.auth.family({}, { context: { fallback: 'Failed to load your family' } });
}

export function useFamily(enabled = true) {
  return useQuery({ queryKey: familyKey, queryFn: fetchFamily, enabled });
}

/** The members the caller may book for now: live links with the `book` scope (a child until 18 has every scope). */
export function bookableMembers(family: FamilyReply | undefined): FamilyMember[] {
  return (family?.members ?? []).filter((m) => m.status === 'active' && m.member_id !== null && m.scopes.includes('book'));
}
