import type { OverviewReply } from '@afya/reporting-service/contracts';
import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

// The chart library loads only when the home draws a chart (see src/shared/AnalyticsCharts.tsx).
const charts = () => import('../../shared/AnalyticsCharts');
const RevenueArea = lazy(() => charts().then((m) => ({ default: m.RevenueArea })));
const UserGrowthColumn = lazy(() => charts().then((m) => ({ default: m.UserGrowthColumn })));

export function RevenueByMonth({ data }: { data: OverviewReply['revenueByMonth'] }) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <RevenueArea data={data.map((d) => ({ date: d.month, revenue: d.revenue }))} height={240} />
    </Suspense>
  );
}

export function UserGrowth({ data }: { data: OverviewReply['userGrowth'] }) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <UserGrowthColumn data={data} height={240} />
    </Suspense>
  );
}
