import type {
  AnalyticsRange,
  AnalyticsSummaryReply,
  AppointmentStatusReply,
  BookingsReply,
  MonthlyReply,
  RevenueReply,
} from '@afya/reporting-service/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from 'shell/api-client';
import { adminKeys } from '../../api/query-keys';

const fallback = 'Unable to load analytics data';

/**
 * CONTRACT.md §7: the four analytics calls load in parallel (plus the monthly table). Each has its own key
 * with the range, so changing the range refetches the ranged ones only.
 */
export function useAnalytics(range: AnalyticsRange) {
  const summary = useQuery({
    queryKey: [...adminKeys.analytics, 'summary', range],
    queryFn: () => api.get<AnalyticsSummaryReply>('admin/analytics/summary', { searchParams: { range }, fallback }),
  });
  const bookings = useQuery({
    queryKey: [...adminKeys.analytics, 'bookings', range],
    queryFn: () => api.get<BookingsReply>('admin/analytics/bookings', { searchParams: { range }, fallback }),
  });
  const revenue = useQuery({
    queryKey: [...adminKeys.analytics, 'revenue', range],
    queryFn: () => api.get<RevenueReply>('admin/analytics/revenue', { searchParams: { range }, fallback }),
  });
  const status = useQuery({
    queryKey: [...adminKeys.analytics, 'appointment-status'],
    queryFn: () => api.get<AppointmentStatusReply>('admin/analytics/appointment-status', { fallback }),
  });
  const monthly = useQuery({
    queryKey: [...adminKeys.analytics, 'monthly'],
    queryFn: () => api.get<MonthlyReply>('admin/analytics/monthly', { fallback }),
  });
  return { summary, bookings, revenue, status, monthly };
}

/** '+12.5%' / '-3.0%'; null (no base to compare with) reads 'new'. */
export function signedPercent(percent: number | null): string {
  if (percent === null) return 'new';
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}%`;
}
