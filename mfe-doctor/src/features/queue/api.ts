import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callKey, calls, queryKeys } from 'shell/api-client';

/**
 * The doctor's queue of the day and the visits left without an outcome (issue 40), through the calls declared in the
 * appointment contract (attendance-calls.ts). The shapes are the declarations' replies.
 */
export type QueueEntry = Awaited<ReturnType<typeof calls.appointments.queue>>['queue'][number];
export type UnresolvedVisit = Awaited<ReturnType<typeof calls.appointments.unresolved>>['unresolved'][number];
export type Outcome = NonNullable<Parameters<typeof calls.appointments.setOutcome>[0]['body']>['outcome'];
export type QueueStep = NonNullable<Parameters<typeof calls.appointments.queueStep>[0]['body']>['step'];

/** How often the queue is read again while the page is open: new arrivals and waits show within this. */
export const QUEUE_REFRESH_MS = 15_000;

const queueKey = callKey('appointments', 'queue', { query: {} });
const unresolvedKey = callKey('appointments', 'unresolved', {});

export function useQueue() {
  return useQuery({
    queryKey: queueKey,
    queryFn: () => calls.appointments.queue({ query: {} }, { context: { fallback: 'Failed to load the queue' } }),
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

export function useUnresolved() {
  return useQuery({
    queryKey: unresolvedKey,
    queryFn: () => calls.appointments.unresolved({}, { context: { fallback: 'Failed to load the visits without an outcome' } }),
  });
}

/** After any step the queue, the unresolved list and every appointment query are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queueKey });
    void queryClient.invalidateQueries({ queryKey: unresolvedKey });
    void queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
  };
}

export function useCallNext() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => calls.appointments.callNext({ body: {} }, { context: { fallback: 'Failed to call the next patient' } }),
    onSettled: refresh,
  });
}

export function useQueueStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, step }: { id: number; step: QueueStep }) => calls.appointments.queueStep({ params: { id }, body: { step } }, { context: { fallback: 'Failed to update the queue' } }),
    onSettled: refresh,
  });
}

export function useSetOutcome() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: number; outcome: Outcome }) => calls.appointments.setOutcome({ params: { id }, body: { outcome } }, { context: { fallback: 'Failed to record the outcome' } }),
    onSettled: refresh,
  });
}
