import { useAdminTranslation } from '../../i18n';
import { currentLanguage, formatNumber, LOCALES } from 'shell/i18n';
import type { MonthlyRow } from '@afya/reporting-service/contracts';
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type AnalyticsRange } from '@afya/reporting-service/contracts/catalog';
import { CalendarOutlined, CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, DollarOutlined, MedicineBoxOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Select, Skeleton, Table, Typography } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { EmptyState, PageHeader, StatCard, formatKsh } from 'shell/ui-kit';
import { changeNote, signedPercent, useAnalytics } from './api';
import { AttendanceCard } from './AttendanceCard';

// Chart code is fetched only when this page draws (see src/shared/AnalyticsCharts.tsx).
const charts = () => import('../../shared/AnalyticsCharts');
const StatusPie = lazy(() => charts().then((m) => ({ default: m.StatusPie })));
const RevenueArea = lazy(() => charts().then((m) => ({ default: m.RevenueArea })));
const BookingsColumn = lazy(() => charts().then((m) => ({ default: m.BookingsColumn })));


export function GrowthRate({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return <Typography.Text style={{ color: value >= 0 ? '#16a34a' : '#dc2626', fontWeight: 600 }}>{signedPercent(value)}</Typography.Text>;
}

/** A card's figure for the period with what it counts written beside it (new users and joined doctors are part of the total). */
function FigureNote({ figure, definition }: { figure: string; definition: string }) {
  return (
    <>
      <span style={{ display: 'block' }}>{figure}</span>
      <span style={{ display: 'block' }}>{definition}</span>
    </>
  );
}

function ChartCard({ title, loading, empty, children }: { title: string; loading: boolean; empty: boolean; children: ReactNode }) {
  const { t } = useAdminTranslation();
  return (
    <Card title={title} style={{ height: '100%' }}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : empty ? (
        <Empty description={t('analytics.noData')} />
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>{children}</Suspense>
      )}
    </Card>
  );
}

export function AnalyticsPage() {
  const { t } = useAdminTranslation();
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const { summary, bookings, revenue, status, monthly } = useAnalytics(range);

  const rangeSelect = (
    <Select<AnalyticsRange>
      aria-label={t('analytics.dateRange')}
      value={range}
      onChange={setRange}
      style={{ minWidth: 160 }}
      popupMatchSelectWidth={false}
      options={ANALYTICS_RANGES.map((r) => ({ value: r, label: t(`analytics.range.${r}`) }))}
    />
  );

  if (summary.isError) {
    return (
      <div>
        <PageHeader title={t('analytics.title')} extra={rangeSelect} />
        <EmptyState title={t('analytics.noDataTitle')} description={t('analytics.loadFailed')} />
      </div>
    );
  }

  const s = summary.data;
  const v = (n: number | undefined) => (n === undefined ? '…' : formatNumber(n));
  const period = t(`analytics.period.${range}`);


  return (
    <div>
      <PageHeader title={t('analytics.title')} subtitle={t('analytics.subtitle', { period })} extra={rangeSelect} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} lg={6}>
          <StatCard
            label={t('home.totalUsers')}
            value={v(s?.totals.users)}
            icon={<TeamOutlined />}
            note={s ? <FigureNote figure={t('analytics.newIn', { n: formatNumber(s.changes.users.current), period, change: changeNote(s.changes.users, range) })} definition={t('analytics.newDefinition')} /> : null}
          />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label={t('analytics.totalAppointments')} value={v(s?.totals.appointments)} icon={<CalendarOutlined />} color="#9333ea" note={s ? t('analytics.today', { n: formatNumber(s.today) }) : null} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label={t('analytics.totalRevenue')} value={s ? formatKsh(s.totals.revenue) : '…'} icon={<DollarOutlined />} color="#16a34a" note={s ? changeNote(s.changes.revenue, range, formatKsh) : null} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            label={t('analytics.activeDoctors')}
            value={v(s?.totals.doctors)}
            icon={<MedicineBoxOutlined />}
            color="#2563eb"
            note={s ? <FigureNote figure={t('analytics.joined', { n: formatNumber(s.changes.doctors.current), period })} definition={t('analytics.joinedDefinition')} /> : null}
          />
        </Col>
      </Row>

      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={10}>
          <ChartCard title={t('analytics.statusDistribution')} loading={status.isPending} empty={!status.data?.total}>
            {status.data ? <StatusPie data={status.data.statusBreakdown} /> : null}
          </ChartCard>
        </Col>
        <Col xs={24} lg={14}>
          <ChartCard title={t('analytics.revenueTrend')} loading={revenue.isPending} empty={!revenue.data?.dailyRevenue.some((d) => d.revenue !== 0)}>
            {revenue.data ? <RevenueArea data={revenue.data.dailyRevenue} /> : null}
          </ChartCard>
        </Col>
        <Col xs={24}>
          <ChartCard title={t('analytics.bookingsPerDay')} loading={bookings.isPending} empty={!bookings.data?.some((d) => d.count > 0)}>
            {bookings.data ? <BookingsColumn data={bookings.data} /> : null}
          </ChartCard>
        </Col>
      </Row>

      <AttendanceCard />

      <Card title={t('analytics.monthly')} style={{ marginBottom: 16 }}>
        <Table<MonthlyRow>
          rowKey="month"
          size="small"
          loading={monthly.isPending}
          pagination={false}
          scroll={{ x: true }}
          dataSource={monthly.data?.months ?? []}
          columns={[
            { title: t('analytics.month'), dataIndex: 'month', render: (m: string) => new Date(`${m}-01T00:00:00Z`).toLocaleDateString(LOCALES[currentLanguage()], { month: 'long', year: 'numeric', timeZone: 'UTC' }) },
            { title: t('home.appointments'), dataIndex: 'appointments', align: 'right', render: (n: number) => formatNumber(n) },
            { title: t('home.revenue'), dataIndex: 'revenue', align: 'right', render: (n: number) => formatKsh(n) },
            { title: t('analytics.newUsers'), dataIndex: 'new_users', align: 'right', render: (n: number) => formatNumber(n) },
            { title: t('analytics.growthRate'), dataIndex: 'growth_rate', align: 'right', render: (g: number | null) => <GrowthRate value={g} /> },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
          {t('analytics.newUsersDefinition')}
        </Typography.Paragraph>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <StatCard label={t('analytics.pending')} value={v(s?.pending)} icon={<ClockCircleOutlined />} color="#d97706" />
        </Col>
        <Col xs={24} md={8}>
          <StatCard label={t('analytics.completedToday')} value={v(s?.completedToday)} icon={<CheckCircleOutlined />} color="#16a34a" />
        </Col>
        <Col xs={24} md={8}>
          <StatCard label={t('analytics.cancelled')} value={v(s?.cancelled)} icon={<CloseCircleOutlined />} color="#dc2626" />
        </Col>
      </Row>
    </div>
  );
}
