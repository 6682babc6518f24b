import type { AppointmentView } from '@afya/appointment-service/contracts';
import { TIME_SLOTS } from '@afya/appointment-service/contracts/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callKey, calls, queryKeys } from 'shell/api-client';

/**
 * The front desk (issue 40): today's visits of one doctor to check in, walk-ins, the doctor's queue and the visits
 * left without an outcome, through the calls declared in the appointment contract (attendance-calls.ts).
 */
export type QueueEntry = Awaited<ReturnType<typeof calls.appointments.queue>>['queue'][number];
export type UnresolvedVisit = Awaited<ReturnType<typeof calls.appointments.unresolved>>['unresolved'][number];
export type Outcome = NonNullable<Parameters<typeof calls.appointments.setOutcome>[0]['body']>['outcome'];
export type QueueStep = NonNullable<Parameters<typeof calls.appointments.queueStep>[0]['body']>['step'];
export type WalkInBody = NonNullable<Parameters<typeof calls.appointments.walkIn>[0]['body']>;

/** How often the desk's lists are read again: arrivals at other desks and patients checking themselves in show within this. */
export const DESK_REFRESH_MS = 15_000;
/** Today's visits read at once (a clinic's day: well under this). */
const TODAY_LIMIT = 500;

const deskKeys = {
  today: [...queryKeys.appointments, 'desk', 'today'] as const,
  queue: (doctorId: number | undefined) => callKey('appointments', 'queue', { query: doctorId ? { doctor_id: doctorId } : {} }),
  unresolved: callKey('appointments', 'unresolved', {}),
};

export function useDoctors() {
  return useQuery({
    queryKey: [...queryKeys.doctors, 'desk'],
    queryFn: () => calls.appointments.adminDoctors({}, { context: { fallback: 'Failed to fetch doctors' } }),
    select: (reply) => reply.doctors.filter((d) => d.approval_status === 'approved'),
  });
}

/** Every visit of today (the server's clinic date), every doctor's. */
export function useTodaysVisits() {
  return useQuery({
    queryKey: deskKeys.today,
    queryFn: () => calls.appointments.adminSearch({ query: { date: 'today', limit: TODAY_LIMIT } }, { context: { fallback: 'Failed to fetch appointments' } }),
    select: (reply) => reply.appointments,
    refetchInterval: DESK_REFRESH_MS,
  });
}

/** The doctor's queue of today (every doctor's when none is chosen). */
export function useQueue(doctorId: number | undefined, refetchInterval: number = DESK_REFRESH_MS) {
  return useQuery({
    queryKey: deskKeys.queue(doctorId),
    queryFn: () => calls.appointments.queue({ query: doctorId ? { doctor_id: doctorId } : {} }, { context: { fallback: 'Failed to load the queue' } }),
    refetchInterval,
  });
}

export function useUnresolved() {
  return useQuery({
    queryKey: deskKeys.unresolved,
    queryFn: () => calls.appointments.unresolved({}, { context: { fallback: 'Failed to load the visits without an outcome' } }),
  });
}

/** Whatever the desk changed, its lists (and every appointment query) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
}

export function useCheckIn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => calls.appointments.checkIn({ params: { id } }, { context: { fallback: 'Failed to check the patient in' } }),
    onSettled: refresh,
  });
}

export function useWalkIn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: WalkInBody) => calls.appointments.walkIn({ body }, { context: { fallback: 'Failed to book the walk-in' } }),
    onSettled: refresh,
  });
}

export function useCallNext() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (doctorId: number) => calls.appointments.callNext({ body: { doctor_id: doctorId } }, { context: { fallback: 'Failed to call the next patient' } }),
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

/**
 * The slots a walk-in may take with this doctor today: the clinic's slots no visit of today holds (a Cancelled one
 * frees its slot). The server has the last word (409 when one was just taken, or the doctor keeps other hours).
 */
export function freeSlotsToday(visits: readonly Pick<AppointmentView, 'doctor_id' | 'time_slot' | 'appointment_status'>[], doctorId: number): string[] {
  const taken = new Set(visits.filter((v) => v.doctor_id === doctorId && v.appointment_status !== 'Cancelled').map((v) => v.time_slot));
  return TIME_SLOTS.filter((slot) => !taken.has(slot));
}
