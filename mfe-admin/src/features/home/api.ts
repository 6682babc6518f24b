import type { OverviewReply } from '@afya/reporting-service/contracts';
import { useQuery } from '@tanstack/react-query';
import { calls } from 'shell/api-client';
import { adminKeys } from '../../api/query-keys';

/** GET /admin/overview: totals, pending actions, recent activity and the two charts' series (reporting service). */
export function fetchOverview(): Promise<OverviewReply> {
  return calls.reporting.overview({}, { context: { fallback: 'Failed to fetch admin stats' } });
}

/** A failure leaves the figures unknown ('—'), never a made-up 0 (CONTRACT.md §8: failures ignored). */
export const useOverview = () => useQuery({ queryKey: adminKeys.overview, queryFn: fetchOverview });
