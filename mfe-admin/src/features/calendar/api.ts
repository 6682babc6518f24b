import type { TimeSlot } from '@afya/appointment-service/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callKey, calls, queryKeys } from 'shell/api-client';

/**
 * The clinic's closures and the visits that need a new time (issue 37; CONTRACT.md §10.15), through the calls
 * declared in the appointment contract (doctor-hours-calls.ts). The shapes are the declarations' replies.
 */
export type Closure = Awaited<ReturnType<typeof calls.appointments.closures>>[number];
export type AffectedVisit = Awaited<ReturnType<typeof calls.appointments.addClosure>>['needs_new_time'][number];
export type NeedsNewTime = Awaited<ReturnType<typeof calls.appointments.needsNewTime>>[number];
export type DoctorHoursSummary = Awaited<ReturnType<typeof calls.appointments.allDoctorHours>>[number];
export interface ClosureInput {
  date: string;
  name: string;
}

/** Under queryKeys.appointments: a booking, a reschedule or a cancellation anywhere refreshes them. */
const closuresKey = callKey('appointments', 'closures');
const needsNewTimeKey = callKey('appointments', 'needsNewTime');

export function useClosures() {
  return useQuery({ queryKey: closuresKey, queryFn: () => calls.appointments.closures({}, { context: { fallback: 'Failed to load the closures' } }) });
}

/** Every active doctor's weekly hours, read-only (under queryKeys.appointments: a doctor's save elsewhere refreshes it on return). */
export function useAllDoctorHours() {
  return useQuery({ queryKey: callKey('appointments', 'allDoctorHours'), queryFn: () => calls.appointments.allDoctorHours({}, { context: { fallback: "Failed to load the doctors' hours" } }) });
}

export function useNeedsNewTime() {
  return useQuery({ queryKey: needsNewTimeKey, queryFn: () => calls.appointments.needsNewTime({}, { context: { fallback: 'Failed to load the visits that need a new time' } }) });
}

/**
 * The answer to one closure: saved (with the visits that now need a new time), refused because booked visits fall on
 * that day (409 CLOSURE_HAS_APPOINTMENTS: nothing saved, to confirm), or the clinic was already closed that day
 * (409 CLOSURE_EXISTS). Any other failure throws.
 */
export type ClosureOutcome =
  | { kind: 'saved'; closure: Closure; needsNewTime: AffectedVisit[] }
  | { kind: 'confirm'; input: ClosureInput; appointments: AffectedVisit[] }
  | { kind: 'exists'; input: ClosureInput; message: string };

export async function addClosure(input: ClosureInput, confirm: boolean): Promise<ClosureOutcome> {
  const body = { date: input.date, name: input.name.trim(), ...(confirm ? { confirm: true } : {}) };
  try {
    const reply = await calls.appointments.addClosure({ body }, { context: { fallback: 'Failed to save the closure' } });
    return { kind: 'saved', closure: reply.closure, needsNewTime: reply.needs_new_time };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      if (error.code === 'CLOSURE_EXISTS') return { kind: 'exists', input, message: error.message };
      const listed = error.details?.appointments;
      if (error.code === 'CLOSURE_HAS_APPOINTMENTS' && !confirm) return { kind: 'confirm', input, appointments: Array.isArray(listed) ? (listed as AffectedVisit[]) : [] };
    }
    throw error;
  }
}

/**
 * Closures added one after another (one, or a year's holidays): every outcome in order. A failure other than the two
 * 409s stops the run there and is thrown, with what was saved before it already refreshed in the list.
 */
export function useAddClosures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ inputs, confirm }: { inputs: ClosureInput[]; confirm: boolean }) => {
      const outcomes: ClosureOutcome[] = [];
      try {
        for (const input of inputs) outcomes.push(await addClosure(input, confirm));
      } finally {
        // The closed days and the visits moved: every appointment query (closures, needs a new time, availability) refreshes.
        if (outcomes.some((o) => o.kind === 'saved')) void queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
      }
      return outcomes;
    },
  });
}

export function useRemoveClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (closureId: number) => calls.appointments.removeClosure({ params: { id: closureId } }, { context: { fallback: 'Failed to remove the closure' } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.appointments }),
  });
}

/** The approved colleagues a visit may move to: same specialization, not its own doctor (the server checks again). */
export function useColleagues(visit: Pick<NeedsNewTime, 'doctor_id' | 'specialization'> | null) {
  const doctors = useQuery({
    queryKey: callKey('appointments', 'adminDoctors'),
    queryFn: () => calls.appointments.adminDoctors({}, { context: { fallback: 'Failed to fetch doctors' } }),
    enabled: visit !== null,
  });
  const colleagues = (doctors.data?.doctors ?? []).filter((d) => visit && d.approved && d.specialization === visit.specialization && d.doctor_id !== visit.doctor_id);
  return { ...doctors, colleagues };
}

/** A colleague's slots on one date (the booking screen's call; empty until both are chosen). */
export function useColleagueSlots(doctorId: number | undefined, date: string | undefined) {
  return useQuery({
    queryKey: queryKeys.availability(doctorId ?? 0, date ?? ''),
    queryFn: () => calls.appointments.availability({ query: { doctor_id: doctorId!, date: date! } }, { context: { fallback: 'Failed to load the times' } }),
    enabled: doctorId !== undefined && date !== undefined,
  });
}

export interface MoveInput {
  appointmentId: number;
  doctorId: number;
  date: string;
  slot: string;
}

/** Moves a visit that needs a new time to a colleague; every appointment query (the list, the slots) refreshes. */
export function useMoveToColleague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, doctorId, date, slot }: MoveInput) =>
      calls.appointments.moveToColleague(
        { params: { id: appointmentId }, body: { doctor_id: doctorId, appointment_date: date, time_slot: slot as TimeSlot } },
        { context: { fallback: 'Failed to move the visit' } },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.appointments }),
  });
}
