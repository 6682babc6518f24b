import { QueryClient, type QueryClientConfig, type UseQueryResult } from '@tanstack/react-query';
import { ApiError, TokenExpiredError } from './errors';

/**
 * Server state in the web app goes through TanStack Query (shared as a federation singleton): the shell
 * renders one QueryClientProvider with `queryClient`, so the shell and every remote read the same cache.
 */

/** CONTRACT.md §9: screens that refresh on their own do it every 30 seconds (`refetchInterval`). */
export const AUTO_REFRESH_MS = 30_000;

/** Attempts after the first one for errors worth retrying. */
const MAX_RETRIES = 2;

/**
 * Retry network failures (status 0) and 5xx a couple of times; never a 4xx (the request itself is wrong, or
 * the session is gone: repeating it changes nothing) nor an expired token (the session has already ended).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof TokenExpiredError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The app's defaults; `config` overrides them (tests turn retries off). */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        retry: shouldRetry,
        // A list fetched a moment ago on another screen is shown at once and refreshed in the background.
        staleTime: 5_000,
        // Switching tabs is frequent on phones; the lists refresh on mount and after each change instead.
        refetchOnWindowFocus: false,
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}

/**
 * What a screen shows of a query: `loading` while there is nothing to show yet (the first load, or a Retry
 * after a failed one), `failed` once a load has failed and no retry is running (a Retry hides the error). A first load
 * that TanStack Query holds back because the browser is offline (`fetchStatus: 'paused'`) counts as failed, not as
 * loading: the screen shows its error and retry instead of a spinner that never ends, the offline notice says why, and
 * the load runs by itself when the link is back.
 */
export function queryStatus(
  query: Pick<UseQueryResult, 'data' | 'isPending' | 'isFetching' | 'isError'> & { fetchStatus?: UseQueryResult['fetchStatus'] },
): { loading: boolean; failed: boolean } {
  const pausedOffline = query.fetchStatus === 'paused' && !query.data;
  return { loading: !query.data && !pausedOffline && (query.isPending || query.isFetching), failed: (query.isError && !query.isFetching) || pausedOffline };
}

/** The one client of the page (the shell provides it; remotes reach it through the shared provider). */
export const queryClient = createQueryClient();

/**
 * Query keys shared across remotes, so that a change on one screen can invalidate what another shows
 * (booking invalidates every appointments key). A feature's own key goes under one of these prefixes when a
 * change elsewhere must refresh it; data nothing else changes keeps a prefix of its own (['prescriptions', ...]).
 */
export const queryKeys = {
  appointments: ['appointments'] as const,
  availability: (doctorId: number, date: string) => ['appointments', 'availability', doctorId, date] as const,
  doctors: ['doctors'] as const,
};
