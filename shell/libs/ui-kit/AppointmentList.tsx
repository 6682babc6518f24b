import { Button, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorText } from 'shell/api-client';
import { filterAppointments, isFiltered, NO_FILTERS, sortByStartDesc, type AppointmentFilterValue, type AppointmentLike } from './appointments';
import { EmptyState, ErrorState } from './components';

type Listed = AppointmentLike & { appointment_id: number };

/**
 * State of an appointments page (patient, doctor and admin lists): load with the SPEC.md section 8 error
 * text, newest first, the shared filters, and a local patch after a successful change.
 */
export function useAppointmentList<T extends Listed>(fetchAppointments: () => Promise<T[]>) {
  const [appointments, setAppointments] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [filters, setFilters] = useState<AppointmentFilterValue>(NO_FILTERS);

  const load = useCallback(() => {
    setLoading(true);
    setError(null);
    fetchAppointments()
      .then(setAppointments)
      .catch((e) => setError(`Error loading appointments: ${errorText(e, 'Failed to fetch appointments')}`))
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fetcher is a module-level function
  }, []);
  useEffect(load, [load]);

  const sorted = useMemo(() => sortByStartDesc(appointments), [appointments]);
  const shown = filterAppointments(sorted, filters);
  const patch = useCallback(
    (id: number, changes: Partial<T>) => setAppointments((list) => list.map((x) => (x.appointment_id === id ? { ...x, ...changes } : x))),
    [],
  );
  return { appointments, setAppointments, loading, error, load, filters, setFilters, shown, patch };
}

/**
 * The body under the filters: skeletons while loading, the error with Retry, an empty state (its own text
 * when filters hide everything, with Clear All), else the cards.
 */
export function AppointmentListBody({
  list,
  empty,
  children,
}: {
  list: Pick<ReturnType<typeof useAppointmentList>, 'loading' | 'error' | 'load' | 'filters' | 'setFilters' | 'shown' | 'appointments'>;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {list.error ? <ErrorState message={list.error} onRetry={list.load} /> : null}
      {list.loading ? (
        [0, 1].map((i) => (
          <Card key={i} style={{ marginBottom: 12 }}>
            <Skeleton active />
          </Card>
        ))
      ) : list.error ? null : list.shown.length === 0 ? (
        <Card>
          {isFiltered(list.filters) && list.appointments.length > 0 ? (
            <EmptyState
              title="No appointments match your filters."
              description="Try another search, status or date."
              action={<Button onClick={() => list.setFilters(NO_FILTERS)}>Clear All</Button>}
            />
          ) : (
            empty
          )}
        </Card>
      ) : (
        children
      )}
    </>
  );
}
