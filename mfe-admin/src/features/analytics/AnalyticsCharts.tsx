import type { BookingsReply, RevenueReply, StatusBreakdownEntry } from '@afya/reporting-service/contracts';
import { Area, Column, Pie } from '@ant-design/charts';
import { formatKsh } from 'shell/ui-kit';

/**
 * The chart code (@ant-design/charts pulls in G2, ~430 KB gzip): imported only through React.lazy from the
 * pages that draw charts, so no other page downloads it.
 */

/** SPEC.md section 9: pie chart palette of five colours. */
const PALETTE = ['#f59e0b', '#2563eb', '#16a34a', '#dc2626', '#9333ea'];

export function StatusPie({ data }: { data: StatusBreakdownEntry[] }) {
  return (
    <Pie
      data={data.filter((d) => d.count > 0)}
      angleField="count"
      colorField="status"
      height={280}
      scale={{ color: { range: PALETTE } }}
      label={{ text: (d: StatusBreakdownEntry) => `${d.status} ${d.percent}%`, position: 'outside' }}
      legend={{ color: { position: 'bottom' } }}
      tooltip={{ items: [(d: StatusBreakdownEntry) => ({ name: d.status, value: `${d.count} (${d.percent}%)` })] }}
    />
  );
}

export function RevenueArea({ data, height = 280 }: { data: RevenueReply['revenue'] | { date: string; revenue: number }[]; height?: number }) {
  return (
    <Area
      data={data}
      xField="date"
      yField="revenue"
      height={height}
      style={{ fill: 'linear-gradient(-90deg, white 0%, #0f766e 100%)' }}
      axis={{ y: { labelFormatter: (v: number) => formatKsh(v) } }}
      tooltip={{ items: [(d: { revenue: number }) => ({ name: 'Revenue', value: formatKsh(d.revenue) })] }}
    />
  );
}

export function BookingsColumn({ data, height = 280 }: { data: BookingsReply['bookings']; height?: number }) {
  return <Column data={data} xField="date" yField="count" height={height} style={{ fill: '#2563eb' }} tooltip={{ items: [{ channel: 'y', name: 'Bookings' }] }} />;
}

export function UserGrowthColumn({ data, height = 240 }: { data: { month: string; new_users: number }[]; height?: number }) {
  return <Column data={data} xField="month" yField="new_users" height={height} style={{ fill: '#2563eb' }} tooltip={{ items: [{ channel: 'y', name: 'New users' }] }} />;
}
