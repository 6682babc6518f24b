import { useAdminTranslation } from '../i18n';
import { formatDate, formatNumber } from 'shell/i18n';
import type { BookingsReply, RevenueReply, StatusBreakdownEntry } from '@afya/reporting-service/contracts';
import { Area, Column, Pie } from '@ant-design/charts';
import { theme as antdTheme } from 'antd';
import { useSession } from 'shell/session';
import { formatKsh } from 'shell/ui-kit';

/**
 * The chart code (@ant-design/charts pulls in G2, ~430 KB gzip): imported only through React.lazy from the
 * pages that draw charts, so no other page downloads it.
 */

/**
 * G2's theme for the app's: in dark mode its axis labels, grid and legend text are light ('classicDark', with a
 * transparent background so the card shows through); the default ('classic') drew near-black text on the dark card.
 */
export function useChartTheme(): 'classic' | 'classicDark' {
  return useSession((s) => s.darkMode) ? 'classicDark' : 'classic';
}

const MONTH = /^\d{4}-\d{2}$/;
/**
 * The series' days ('2026-11-28') and months ('2026-11') as the app writes dates: '28 Nov' and 'Nov 2026' under the
 * axis, 'Sat, 28 Nov 2026' in the tooltip, in the reader's language. The raw ISO dates were turned vertical to fit.
 */
export const axisDate = (value: string) => (MONTH.test(value) ? formatDate(`${value}-01`, 'monthYear') : formatDate(value, 'dayMonth'));
export const tooltipDate = (value: string) => (MONTH.test(value) ? formatDate(`${value}-01`, 'monthYear') : formatDate(value, 'day'));
/** The x axis of a dated series: its labels as axisDate, level (G2 hides some when they do not fit, never turns them). */
const datedAxis = { labelFormatter: axisDate, labelAutoRotate: false, labelAutoHide: true };

/** CONTRACT.md §9: pie chart palette of five colours. */
const PALETTE = ['#f59e0b', '#2563eb', '#16a34a', '#dc2626', '#9333ea'];

/**
 * The slices carry their percentage inside (hidden on slices under 5%, too thin for text); the statuses with their
 * percentages and counts are a list under the pie. Labels outside the pie were cut off at the card's edges
 * (G2 sizes the pie to the card and does not make room for them), worst at phone width.
 */
export function StatusPie({ data }: { data: StatusBreakdownEntry[] }) {
  const { t } = useAdminTranslation();
  const statusName = (status: string) => t(`appointmentStatus.${status}`, { defaultValue: status });
  const shown = data.filter((d) => d.count > 0);
  const colour = (i: number) => PALETTE[i % PALETTE.length];
  const chartTheme = useChartTheme();
  const { token } = antdTheme.useToken();
  return (
    <div>
      <Pie
        theme={chartTheme}
        data={shown}
        angleField="count"
        colorField="status"
        height={240}
        scale={{ color: { domain: shown.map((d) => d.status), range: shown.map((_, i) => colour(i)) } }}
        label={{
          text: (d: StatusBreakdownEntry) => (d.percent >= 5 ? `${d.percent}%` : ''),
          position: 'inside',
          style: { fill: '#fff', fontWeight: 600, fontSize: 12 },
        }}
        legend={false}
        tooltip={{ items: [(d: StatusBreakdownEntry) => ({ name: statusName(d.status), value: `${formatNumber(d.count)} (${d.percent}%)` })] }}
      />
      <ul aria-label={t('analytics.statuses')} style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '4px 16px' }}>
        {shown.map((d, i) => (
          <li key={d.status} style={{ display: 'flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
            <span aria-hidden style={{ width: 10, height: 10, borderRadius: '50%', background: colour(i), display: 'inline-block' }} />
            <span>{statusName(d.status)}</span>
            <strong>{d.percent}%</strong>
            <span style={{ color: token.colorTextSecondary }}>({formatNumber(d.count)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RevenueArea({ data, height = 280 }: { data: RevenueReply['dailyRevenue']; height?: number }) {
  const { t } = useAdminTranslation();
  const chartTheme = useChartTheme();
  return (
    <Area
      theme={chartTheme}
      data={data}
      xField="date"
      yField="revenue"
      height={height}
      style={{ fill: `linear-gradient(-90deg, ${chartTheme === 'classicDark' ? 'rgba(15,118,110,0.1)' : 'white'} 0%, #0f766e 100%)` }}
      axis={{ x: datedAxis, y: { labelFormatter: (v: number) => formatKsh(v) } }}
      tooltip={{ title: (d: { date: string }) => tooltipDate(d.date), items: [(d: { revenue: number }) => ({ name: t('home.revenue'), value: formatKsh(d.revenue) })] }}
    />
  );
}

export function BookingsColumn({ data, height = 280 }: { data: BookingsReply['bookings']; height?: number }) {
  const { t } = useAdminTranslation();
  return (
    <Column
      theme={useChartTheme()}
      data={data}
      xField="date"
      yField="count"
      height={height}
      style={{ fill: '#2563eb' }}
      axis={{ x: datedAxis }}
      tooltip={{ title: (d: { date: string }) => tooltipDate(d.date), items: [{ channel: 'y', name: t('analytics.bookings') }] }}
    />
  );
}

export function UserGrowthColumn({ data, height = 240 }: { data: { month: string; new_users: number }[]; height?: number }) {
  const { t } = useAdminTranslation();
  return (
    <Column
      theme={useChartTheme()}
      data={data}
      xField="month"
      yField="new_users"
      height={height}
      style={{ fill: '#2563eb' }}
      axis={{ x: datedAxis }}
      tooltip={{ title: (d: { month: string }) => tooltipDate(d.month), items: [{ channel: 'y', name: t('analytics.newUsersTip') }] }}
    />
  );
}
