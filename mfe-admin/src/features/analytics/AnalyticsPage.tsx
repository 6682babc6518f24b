import type { MonthlyRow } from '@afya/reporting-service/contracts';
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type AnalyticsRange } from '@afya/reporting-service/contracts/catalog';
import { CalendarOutlined, CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, DollarOutlined, MedicineBoxOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Select, Skeleton, Table, Typography } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { EmptyState, PageHeader, StatCard, formatKsh } from 'shell/ui-kit';
import { changeNote, signedPercent, useAnalytics } from './api';

// Chart code is fetched only when this page draws (see AnalyticsCharts.tsx).
const charts = () => import('./AnalyticsCharts');
const StatusPie = lazy(() => charts().then((m) => ({ default: m.StatusPie })));
const RevenueArea = lazy(() => charts().then((m) => ({ default: m.RevenueArea })));
const BookingsColumn = lazy(() => charts().then((m) => ({ default: m.BookingsColumn })));

const RANGE_LABELS: Record<AnalyticsRange, string> = { 7: 'Last 7 days', 30: 'Last 30 days', 90: 'Last 90 days', 365: 'Last year' };

export function GrowthRate({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return <Typography.Text style={{ color: value >= 0 ? '#16a34a' : '#dc2626', fontWeight: 600 }}>{signedPercent(value)}</Typography.Text>;
}

function ChartCard({ title, loading, empty, children }: { title: string; loading: boolean; empty: boolean; children: ReactNode }) {
  return (
    <Card title={title} style={{ height: '100%' }}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : empty ? (
        <Empty description="No data for this period" />
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>{children}</Suspense>
      )}
    </Card>
  );
}

export function AnalyticsPage() {
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const { summary, bookings, revenue, status, monthly } = useAnalytics(range);

  const rangeSelect = (
    <Select<AnalyticsRange>
      aria-label="Date range"
      value={range}
      onChange={setRange}
      style={{ width: 160 }}
      options={ANALYTICS_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
    />
  );

  if (summary.isError) {
    return (
      <div>
        <PageHeader title="Analytics Dashboard" extra={rangeSelect} />
        <EmptyState title="No Data Available" description="Unable to load analytics data" />
      </div>
    );
  }

  const s = summary.data;
  const v = (n: number | undefined) => (n === undefined ? '…' : n.toLocaleString('en-KE'));
  const period = RANGE_LABELS[range].toLowerCase();


  return (
    <div>
      <PageHeader title="Analytics Dashboard" subtitle={`Figures for the ${period}, in Ksh, Nairobi time.`} extra={rangeSelect} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} lg={6}>
          <StatCard label="Total Users" value={v(s?.totals.users)} icon={<TeamOutlined />} note={s ? changeNote(s.changes.users, range) : null} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label="Total Appointments" value={v(s?.totals.appointments)} icon={<CalendarOutlined />} color="#9333ea" note={s ? `${s.today.toLocaleString('en-KE')} today` : null} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label="Total Revenue" value={s ? formatKsh(s.totals.revenue) : '…'} icon={<DollarOutlined />} color="#16a34a" note={s ? changeNote(s.changes.revenue, range, formatKsh) : null} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label="Active Doctors" value={v(s?.totals.doctors)} icon={<MedicineBoxOutlined />} color="#2563eb" note={s ? `${s.changes.doctors.current} joined in the ${period}` : null} />
        </Col>
      </Row>

      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={10}>
          <ChartCard title="Appointment Status Distribution" loading={status.isPending} empty={!status.data?.total}>
            {status.data ? <StatusPie data={status.data.statusBreakdown} /> : null}
          </ChartCard>
        </Col>
        <Col xs={24} lg={14}>
          <ChartCard title="Revenue Trend" loading={revenue.isPending} empty={!revenue.data?.dailyRevenue.some((d) => d.revenue !== 0)}>
            {revenue.data ? <RevenueArea data={revenue.data.dailyRevenue} /> : null}
          </ChartCard>
        </Col>
        <Col xs={24}>
          <ChartCard title="Bookings per Day" loading={bookings.isPending} empty={!bookings.data?.some((d) => d.count > 0)}>
            {bookings.data ? <BookingsColumn data={bookings.data} /> : null}
          </ChartCard>
        </Col>
      </Row>

      <Card title="Monthly Statistics" style={{ marginBottom: 16 }}>
        <Table<MonthlyRow>
          rowKey="month"
          size="small"
          loading={monthly.isPending}
          pagination={false}
          scroll={{ x: true }}
          dataSource={monthly.data?.months ?? []}
          columns={[
            { title: 'Month', dataIndex: 'month', render: (m: string) => new Date(`${m}-01T00:00:00Z`).toLocaleDateString('en-KE', { month: 'long', year: 'numeric', timeZone: 'UTC' }) },
            { title: 'Appointments', dataIndex: 'appointments', align: 'right', render: (n: number) => n.toLocaleString('en-KE') },
            { title: 'Revenue', dataIndex: 'revenue', align: 'right', render: (n: number) => formatKsh(n) },
            { title: 'New Users', dataIndex: 'new_users', align: 'right', render: (n: number) => n.toLocaleString('en-KE') },
            { title: 'Growth Rate', dataIndex: 'growth_rate', align: 'right', render: (g: number | null) => <GrowthRate value={g} /> },
          ]}
        />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <StatCard label="Pending Appointments" value={v(s?.pending)} icon={<ClockCircleOutlined />} color="#d97706" />
        </Col>
        <Col xs={24} md={8}>
          <StatCard label="Completed Today" value={v(s?.completedToday)} icon={<CheckCircleOutlined />} color="#16a34a" />
        </Col>
        <Col xs={24} md={8}>
          <StatCard label="Cancelled" value={v(s?.cancelled)} icon={<CloseCircleOutlined />} color="#dc2626" />
        </Col>
      </Row>
    </div>
  );
}
