import type { JoinWaitlistPayload, WaitlistEntryView, WaitlistOfferView } from '@afya/appointment-service/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callKey, calls, queryKeys } from 'shell/api-client';

export type WaitlistEntry = WaitlistEntryView;
export type WaitlistOffer = WaitlistOfferView;

/** The declared calls' keys (under queryKeys.appointments: a booking or a change refreshes the waitlist too). */
export const waitlistKey = callKey('appointments', 'waitlistList');
export const offerKey = (id: number) => callKey('appointments', 'waitlistOffer', { params: { id } });

export function fetchWaitlist(): Promise<WaitlistEntry[]> {
  return calls.appointments.waitlistList({}, { context: { fallback: 'Failed to load your waitlist' } });
}

export function useWaitlist() {
  return useQuery({ queryKey: waitlistKey, queryFn: fetchWaitlist });
}

/** The confirmation page's offer. Reading it changes nothing on the server. */
export function useOffer(id: number) {
  return useQuery({ queryKey: offerKey(id), queryFn: () => calls.appointments.waitlistOffer({ params: { id } }, { context: { fallback: 'Failed to load the offer' } }), enabled: id > 0 });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinWaitlistPayload) => calls.appointments.waitlistJoin({ body }, { context: { fallback: 'Failed to join the waitlist' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKey }),
  });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => calls.appointments.waitlistLeave({ params: { id: entryId } }, { context: { fallback: 'Failed to leave the waitlist' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKey }),
  });
}

/** Claim (book the held slot) or decline (pass it on now). */
export function useAnswerOffer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'claim' | 'decline') =>
      answer === 'claim'
        ? calls.appointments.waitlistClaim({ params: { id } }, { context: { fallback: 'Failed to book the slot' } })
        : calls.appointments.waitlistDecline({ params: { id } }, { context: { fallback: 'Failed to answer the offer' } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: waitlistKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
    },
  });
}
