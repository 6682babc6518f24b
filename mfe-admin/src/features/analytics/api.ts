import { formatNumber } from 'shell/i18n';
import { t } from '../../i18n';
import type { AnalyticsRange } from '@afya/reporting-service/contracts';
import { useQuery } from '@tanstack/react-query';
import { calls, listPage } from 'shell/api-client';
import { adminKeys } from '../../api/query-keys';

const fallback = 'Unable to load analytics data';

/**
 * CONTRACT.md §7: the four analytics calls load in parallel (plus the monthly table). Each has its own key
 * with the range, so changing the range refetches the ranged ones only. The keys stay under adminKeys.analytics,
 * which an admin's changes invalidate. Declared calls (calls.reporting, decision 0095).
 */
export function useAnalytics(range: AnalyticsRange) {
  const summary = useQuery({
    queryKey: [...adminKeys.analytics, 'summary', range],
    queryFn: () => calls.reporting.summary({ query: { range } }, { context: { fallback } }),
  });
  const bookings = useQuery({
    queryKey: [...adminKeys.analytics, 'bookings', range],
    // One entry per day of the range: the bare array (a list call).
    queryFn: async () => listPage(await calls.reporting.bookings({ query: { range } }, { context: { fallback } })).items,
  });
  const revenue = useQuery({
    queryKey: [...adminKeys.analytics, 'revenue', range],
    queryFn: () => calls.reporting.revenue({ query: { range } }, { context: { fallback } }),
  });
  const status = useQuery({
    queryKey: [...adminKeys.analytics, 'appointment-status'],
    queryFn: () => calls.reporting.appointmentStatus({}, { context: { fallback } }),
  });
  const monthly = useQuery({
    queryKey: [...adminKeys.analytics, 'monthly'],
    queryFn: () => calls.reporting.monthly({}, { context: { fallback } }),
  });
  return { summary, bookings, revenue, status, monthly };
}

/** '+12.5%' / '-3.0%'; null (no base to compare with) reads 'new'. */
/**
 * A card's note comparing this period with the one before: the percentage when there was something before,
 * else the change itself with its sign (a percentage of nothing has no figure: '+3 vs the previous 30 days').
 */
export function changeNote(
  change: { current: number; previous: number; percent: number | null },
  days: number,
  format: (n: number) => string = (n) => formatNumber(n),
): string {
  if (change.percent !== null) return t('analytics.changeVs', { change: signedPercent(change.percent), days });
  const diff = change.current - change.previous;
  if (diff === 0) return t('analytics.noChangeVs', { days });
  return t('analytics.changeVsNoneBefore', { change: `${diff > 0 ? '+' : '-'}${format(Math.abs(diff))}`, days });
}

export function signedPercent(percent: number | null): string {
  if (percent === null) return t('analytics.new');
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}%`;
}
