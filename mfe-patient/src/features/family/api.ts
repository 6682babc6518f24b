import type { AddDependantBody, InviteBody } from '@afya/auth-service/contracts';
import type { FamilyScope } from '@afya/auth-service/contracts/family';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from 'shell/api-client';
import { familyKey } from '../../api/family';

/** Each change answers with a message and makes the family fetched again. */
function useFamilyChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKey }) });
}

export const useAddDependant = () =>
  useFamilyChange((body: AddDependantBody) => calls.auth.addDependant({ body }, { context: { fallback: 'Failed to add the child' } }));

export const useInvite = () => useFamilyChange((body: InviteBody) => calls.auth.invite({ body }, { context: { fallback: 'Failed to send the invitation' } }));

export const useAcceptInvitation = () =>
  useFamilyChange(({ id, scopes }: { id: number; scopes: FamilyScope[] }) =>
    calls.auth.acceptInvitation({ params: { id: String(id) }, body: { scopes } }, { context: { fallback: 'Failed to accept the invitation' } }),
  );

export const useDeclineInvitation = () =>
  useFamilyChange((id: number) => calls.auth.declineInvitation({ params: { id: String(id) } }, { context: { fallback: 'Failed to decline the invitation' } }));

export const useEndMemberLink = () =>
  useFamilyChange((memberId: number) => calls.auth.endMemberLink({ params: { member_id: String(memberId) } }, { context: { fallback: 'Failed to end the link' } }));

export const useEndCarerLink = () =>
  useFamilyChange((linkId: number) => calls.auth.endCarerLink({ params: { link_id: String(linkId) } }, { context: { fallback: 'Failed to end the link' } }));
