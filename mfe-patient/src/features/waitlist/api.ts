import type { BookReply, JoinWaitlistPayload, JoinWaitlistReply, LeaveWaitlistReply, WaitlistEntryView, WaitlistMessageReply, WaitlistOfferView } from '@afya/appointment-service/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from 'shell/api-client';

export type WaitlistEntry = WaitlistEntryView;
export type WaitlistOffer = WaitlistOfferView;

export const waitlistKey = ['waitlist'] as const;
export const offerKey = (id: number) => [...waitlistKey, 'offer', id] as const;

export function fetchWaitlist(): Promise<WaitlistEntry[]> {
  return api.get<WaitlistEntry[]>('waitlist', { fallback: 'Failed to load your waitlist' });
}

export function useWaitlist() {
  return useQuery({ queryKey: waitlistKey, queryFn: fetchWaitlist });
}

/** The confirmation page's offer. Reading it changes nothing on the server. */
export function useOffer(id: number) {
  return useQuery({ queryKey: offerKey(id), queryFn: () => api.get<WaitlistOffer>(`waitlist/offers/${id}`, { fallback: 'Failed to load the offer' }), enabled: id > 0 });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinWaitlistPayload) => api.post<JoinWaitlistReply>('waitlist', body, { fallback: 'Failed to join the waitlist' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKey }),
  });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => api.delete<LeaveWaitlistReply>(`waitlist/${entryId}`, { fallback: 'Failed to leave the waitlist' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKey }),
  });
}

/** Claim (book the held slot) or decline (pass it on now). */
export function useAnswerOffer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'claim' | 'decline') =>
      answer === 'claim'
        ? api.post<BookReply>(`waitlist/offers/${id}/claim`, {}, { fallback: 'Failed to book the slot' })
        : api.post<WaitlistMessageReply>(`waitlist/offers/${id}/decline`, {}, { fallback: 'Failed to answer the offer' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: waitlistKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
    },
  });
}
