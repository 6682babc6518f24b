import { skipToken, useQuery } from '@tanstack/react-query';
import { errorText, queryKeys, queryStatus } from 'shell/api-client';
import { AVAILABILITY_FAILED_TEXT, fetchAvailability } from '../../api/availability';

/**
 * Free and taken slots of a doctor on a date; nothing is asked until both are chosen. A newer choice
 * replaces the older answer by key (no race guard needed), and a booking or a 409 invalidates it.
 */
export function useAvailability(doctorId: number | undefined, date: string | undefined) {
  const query = useQuery({
    queryKey: queryKeys.availability(doctorId ?? 0, date ?? ''),
    queryFn: doctorId && date ? () => fetchAvailability(doctorId, date) : skipToken,
  });
  return {
    availability: query.data,
    loading: query.isFetching,
    error: queryStatus(query).failed ? errorText(query.error, AVAILABILITY_FAILED_TEXT) : null,
    retry: () => void query.refetch(),
  };
}
