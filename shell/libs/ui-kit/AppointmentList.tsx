import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button, Card, Skeleton, Spin } from 'antd';
import type { ReactNode, SetStateAction } from 'react';
import { formatNumber, useTranslation } from '../i18n';
import { useCallback, useMemo, useState } from 'react';
import { errorText, queryStatus } from 'shell/api-client';
import { filterAppointments, isFiltered, NO_FILTERS, sortByStartDesc, type AppointmentFilterValue, type AppointmentLike } from './appointments';
import { EmptyState, ErrorState } from './components';

type Listed = AppointmentLike & { appointment_id: number };

/** Cards rendered at first, and added by each "Show more": thousands of cards at once would freeze the page. */
export const APPOINTMENT_CARDS_STEP = 50;

/**
 * Loads appointments. A fetcher that reads several pages may call `onProgress` with what it has so far:
 * the list shows at once and grows while the rest loads.
 */
export type AppointmentFetcher<T> = (onProgress: (soFar: T[]) => void) => Promise<T[]>;

/** The cached list; `complete` is false while only the first pages of a first load have arrived. */
interface ListData<T> {
  items: T[];
  complete: boolean;
}

const NONE: never[] = [];

/**
 * State of an appointments page (patient, doctor and admin lists), held by TanStack Query under the
 * caller's `queryKey` (under queryKeys.appointments, so a booking or a change elsewhere refreshes it): load
 * with the CONTRACT.md §8 error text, newest first, the shared filters, a local patch after a successful
 * change, and the cards to render (`visible`: the first APPOINTMENT_CARDS_STEP matches, more on `showMore`;
 * the count still says all matches).
 */
export function useAppointmentList<T extends Listed>(fetchAppointments: AppointmentFetcher<T>, { queryKey }: { queryKey: QueryKey }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: async (): Promise<ListData<T>> => {
      const items = await fetchAppointments((soFar) => {
        // Stream the first pages into the cache only on a first load: a refresh keeps showing the whole
        // previous list until the new one is complete.
        if (queryClient.getQueryData<ListData<T>>(queryKey)?.complete) return;
        queryClient.setQueryData<ListData<T>>(queryKey, { items: soFar, complete: false });
      });
      return { items, complete: true };
    },
  });
  const [filters, setFiltersState] = useState<AppointmentFilterValue>(NO_FILTERS);
  const [limit, setLimit] = useState(APPOINTMENT_CARDS_STEP);

  const appointments: T[] = query.data?.items ?? NONE;
  // Skeletons only while nothing is there to show (first load, or a Retry after a failed first load).
  const { loading, failed } = queryStatus(query);
  const loadingMore = !!query.data && !query.data.complete && query.isFetching;
  const error = failed ? `Error loading appointments: ${errorText(query.error, 'Failed to fetch appointments')}` : null;
  const { refetch } = query;
  const load = useCallback(() => void refetch(), [refetch]);

  /** Changes the cached list (a successful change shown at once, without a refetch). */
  const setAppointments = (value: SetStateAction<T[]>) =>
    queryClient.setQueryData<ListData<T>>(queryKey, (old) => {
      const prev = old?.items ?? [];
      return { items: typeof value === 'function' ? value(prev) : value, complete: old?.complete ?? true };
    });
  const setFilters = useCallback((value: AppointmentFilterValue) => {
    setFiltersState(value);
    setLimit(APPOINTMENT_CARDS_STEP);
  }, []);
  const sorted = useMemo(() => sortByStartDesc(appointments), [appointments]);
  const shown = useMemo(() => filterAppointments(sorted, filters), [sorted, filters]);
  const visible = useMemo(() => shown.slice(0, limit), [shown, limit]);
  const showMore = useCallback(() => setLimit((n) => n + APPOINTMENT_CARDS_STEP), []);
  const patch = (id: number, changes: Partial<T>) =>
    setAppointments((list) => list.map((x) => (x.appointment_id === id ? { ...x, ...changes } : x)));
  return { appointments, setAppointments, loading, loadingMore, error, load, filters, setFilters, shown, visible, showMore, patch };
}

/**
 * The body under the filters: skeletons while loading, the error with Retry, an empty state (its own text
 * when filters hide everything, with Clear All), else the cards (the page renders `list.visible`), then
 * "Show more" while matches are hidden and a note while more pages load.
 */
export function AppointmentListBody({
  list,
  empty,
  children,
}: {
  list: Pick<
    ReturnType<typeof useAppointmentList>,
    'loading' | 'loadingMore' | 'error' | 'load' | 'filters' | 'setFilters' | 'shown' | 'visible' | 'showMore' | 'appointments'
  >;
  empty: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('shell');
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
              title={t('filters.noMatch')}
              description={t('filters.noMatchHint')}
              action={<Button onClick={() => list.setFilters(NO_FILTERS)}>{t('filters.clearAll')}</Button>}
            />
          ) : (
            empty
          )}
        </Card>
      ) : (
        <>
          {children}
          {list.shown.length > list.visible.length ? (
            <div style={{ textAlign: 'center', margin: '16px 0' }}>
              <Button onClick={list.showMore}>
                {t('filters.showMore', { count: list.shown.length - list.visible.length, more: formatNumber(list.shown.length - list.visible.length) })}
              </Button>
            </div>
          ) : null}
        </>
      )}
      {list.loadingMore && !list.error ? (
        <div role="status" style={{ textAlign: 'center', margin: '16px 0' }}>
          <Spin size="small" /> <span style={{ marginLeft: 8 }}>{t('filters.loadingMore')}</span>
        </div>
      ) : null}
    </>
  );
}
