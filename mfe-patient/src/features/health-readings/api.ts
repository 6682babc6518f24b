import type { RecordVitalBody, VitalReading, VitalReadingReply, VitalsListReply } from '@afya/prescription-service/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callKey, calls } from 'shell/api-client';

export type { RecordVitalBody, VitalReading, VitalReadingReply, VitalsListReply };

/** Every list of the patient's readings (any period) sits under this key: a new reading or a mark refreshes them all. */
export const readingsKey = callKey('vitals', 'list');
export const readingsPeriodKey = (from: string | undefined) => callKey('vitals', 'list', { query: from ? { from } : {} });

/** The patient's own readings since `from` (all of them without it), oldest first, and the latest BMI. */
export function fetchReadings(from: string | undefined): Promise<VitalsListReply> {
  return calls.vitals.list({ query: from ? { from } : {} }, { context: { fallback: 'Failed to load your readings' } });
}

export function useReadings(from: string | undefined) {
  return useQuery({ queryKey: readingsPeriodKey(from), queryFn: () => fetchReadings(from), placeholderData: keepPreviousData });
}

/** Record a reading; the reply carries the server's level and, for high, low and critical, what to do. */
export function useRecordReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordVitalBody) => calls.vitals.record({ body }, { context: { fallback: 'Failed to save the reading' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readingsKey }),
  });
}

/** Mark a reading entered in error: it stays in the record and leaves the chart. */
export function useMarkEnteredInError() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (readingId: number) => calls.vitals.enteredInError({ params: { id: readingId } }, { context: { fallback: 'Failed to mark the reading' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readingsKey }),
  });
}
