import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callKey, calls, queryKeys } from 'shell/api-client';

/**
 * The doctor's own hours and leave (issue 37; CONTRACT.md §10.15), through the calls declared in the appointment
 * contract (doctor-hours-calls.ts). The shapes are the declarations' replies.
 */
export type HoursReply = Awaited<ReturnType<typeof calls.appointments.doctorHours>>;
export type HoursBody = NonNullable<Parameters<typeof calls.appointments.setDoctorHours>[0]['body']>;
export type Leave = Awaited<ReturnType<typeof calls.appointments.doctorLeave>>[number];
export type AffectedVisit = Awaited<ReturnType<typeof calls.appointments.addDoctorLeave>>['needs_new_time'][number];
export interface LeaveInput {
  from: string;
  to: string;
  reason?: string;
}

const hoursKey = (doctorId: number) => callKey('appointments', 'doctorHours', { params: { id: doctorId } });
const leaveKey = (doctorId: number) => callKey('appointments', 'doctorLeave', { params: { id: doctorId } });

export function useDoctorHours(doctorId: number | undefined) {
  return useQuery({
    queryKey: hoursKey(doctorId ?? 0),
    queryFn: () => calls.appointments.doctorHours({ params: { id: doctorId! } }, { context: { fallback: 'Failed to load your hours' } }),
    enabled: doctorId !== undefined,
  });
}

export function useDoctorLeave(doctorId: number | undefined) {
  return useQuery({
    queryKey: leaveKey(doctorId ?? 0),
    queryFn: () => calls.appointments.doctorLeave({ params: { id: doctorId! } }, { context: { fallback: 'Failed to load your leave' } }),
    enabled: doctorId !== undefined,
  });
}

export type SavedHours = Awaited<ReturnType<typeof calls.appointments.setDoctorHours>>;

/**
 * The answer to new hours: saved (with the visits they left without a slot, which now need a new time), or refused
 * because booked visits fall outside them (409 HOURS_HAVE_APPOINTMENTS: nothing saved; the doctor sees them and
 * confirms), as a leave. Any other failure throws.
 */
export type HoursOutcome = { kind: 'saved'; saved: SavedHours } | { kind: 'confirm'; message: string; appointments: AffectedVisit[] };

export async function saveHours(doctorId: number, body: HoursBody, confirm: boolean): Promise<HoursOutcome> {
  try {
    const saved = await calls.appointments.setDoctorHours({ params: { id: doctorId }, body: confirm ? { ...body, confirm: true } : body }, { context: { fallback: 'Failed to save your hours' } });
    return { kind: 'saved', saved };
  } catch (error) {
    const appointments = affectedVisitsOf(error, 'HOURS_HAVE_APPOINTMENTS');
    if (appointments && !confirm) return { kind: 'confirm', message: (error as ApiError).message, appointments };
    throw error;
  }
}

/** Saving the week: the editor shows the saved hours; the slots patients see are refreshed (availability is under appointments). */
export function useSaveHours(doctorId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, confirm }: { body: HoursBody; confirm: boolean }) => saveHours(doctorId!, body, confirm),
    onSuccess: (outcome) => {
      if (outcome.kind !== 'saved') return;
      const { message: _message, needs_new_time: _moved, ...hours } = outcome.saved;
      queryClient.setQueryData(hoursKey(doctorId!), hours);
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
    },
  });
}

/**
 * The answer to a leave: saved (with the visits that now need a new time), or refused because booked visits fall in
 * it (409 LEAVE_HAS_APPOINTMENTS: nothing saved; the doctor sees them and confirms). Any other failure throws.
 */
export type LeaveOutcome =
  | { kind: 'saved'; leave: Leave; needsNewTime: AffectedVisit[] }
  | { kind: 'confirm'; message: string; appointments: AffectedVisit[] };

/** The visits a 409 lists (`details.appointments`, the contract's AffectedAppointmentSchema), or null when it is another 409. */
export function affectedVisitsOf(error: unknown, code: string): AffectedVisit[] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== code) return null;
  const listed = error.details?.appointments;
  return Array.isArray(listed) ? (listed as AffectedVisit[]) : [];
}

export async function addLeave(doctorId: number, input: LeaveInput, confirm: boolean): Promise<LeaveOutcome> {
  const body = { from: input.from, to: input.to, ...(input.reason?.trim() ? { reason: input.reason.trim() } : {}), ...(confirm ? { confirm: true } : {}) };
  try {
    const reply = await calls.appointments.addDoctorLeave({ params: { id: doctorId }, body }, { context: { fallback: 'Failed to save the leave' } });
    return { kind: 'saved', leave: reply.leave, needsNewTime: reply.needs_new_time };
  } catch (error) {
    const appointments = affectedVisitsOf(error, 'LEAVE_HAS_APPOINTMENTS');
    if (appointments && !confirm) return { kind: 'confirm', message: (error as ApiError).message, appointments };
    throw error;
  }
}

export function useAddLeave(doctorId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, confirm }: { input: LeaveInput; confirm: boolean }) => addLeave(doctorId!, input, confirm),
    onSuccess: (outcome) => {
      if (outcome.kind !== 'saved') return;
      void queryClient.invalidateQueries({ queryKey: leaveKey(doctorId!) });
      // The visits moved to "needs a new time" and the days closed to bookings: every appointment query refreshes.
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
    },
  });
}

export function useRemoveLeave(doctorId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leaveId: number) => calls.appointments.removeDoctorLeave({ params: { id: doctorId!, leave_id: leaveId } }, { context: { fallback: 'Failed to remove the leave' } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: leaveKey(doctorId!) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
    },
  });
}

// ---------- one date's own hours (overrides) ----------

export type DateOverride = Awaited<ReturnType<typeof calls.appointments.doctorOverrides>>[number];
export type OverrideSessions = { start: string; end: string }[];

const overridesKey = (doctorId: number) => callKey('appointments', 'doctorOverrides', { params: { id: doctorId } });

export function useDoctorOverrides(doctorId: number | undefined) {
  return useQuery({
    queryKey: overridesKey(doctorId ?? 0),
    queryFn: () => calls.appointments.doctorOverrides({ params: { id: doctorId! } }, { context: { fallback: 'Failed to load your custom hours' } }),
    enabled: doctorId !== undefined,
  });
}

/**
 * The answer to a date's own hours (set, or removed: back to the week): done, with the visits that now need a new
 * time, or refused because booked visits that date would lose their slot (409 OVERRIDE_HAS_APPOINTMENTS: nothing
 * changed; the doctor sees them and confirms). Any other failure throws.
 */
export type OverrideOutcome = { kind: 'done'; needsNewTime: AffectedVisit[] } | { kind: 'confirm'; message: string; appointments: AffectedVisit[] };

export type OverrideChange = { date: string; sessions: OverrideSessions | null; confirm: boolean };

export async function changeOverride(doctorId: number, { date, sessions, confirm }: OverrideChange): Promise<OverrideOutcome> {
  const params = { id: doctorId, date };
  try {
    const reply =
      sessions === null
        ? await calls.appointments.removeDoctorOverride({ params, query: confirm ? { confirm: 'true' } : {} }, { context: { fallback: 'Failed to remove the custom hours' } })
        : await calls.appointments.setDoctorOverride({ params, body: confirm ? { sessions, confirm: true } : { sessions } }, { context: { fallback: 'Failed to save the custom hours' } });
    return { kind: 'done', needsNewTime: reply.needs_new_time };
  } catch (error) {
    const appointments = affectedVisitsOf(error, 'OVERRIDE_HAS_APPOINTMENTS');
    if (appointments && !confirm) return { kind: 'confirm', message: (error as ApiError).message, appointments };
    throw error;
  }
}

/** Setting (sessions) or removing (null) a date's own hours; the list and every appointment query refresh. */
export function useChangeOverride(doctorId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OverrideChange) => changeOverride(doctorId!, change),
    onSuccess: (outcome) => {
      if (outcome.kind !== 'done') return;
      void queryClient.invalidateQueries({ queryKey: overridesKey(doctorId!) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
    },
  });
}
