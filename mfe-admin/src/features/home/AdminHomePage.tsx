import { t as translate, useAdminTranslation } from '../../i18n';
import { activityText } from './activity';
import { formatDate, formatNumber } from 'shell/i18n';
import type { ActivityEntry, OverviewReply } from '@afya/reporting-service/contracts';
import {
  BarChartOutlined,
  CalendarOutlined,
  CustomerServiceOutlined,
  DollarOutlined,
  ExclamationCircleOutlined,
  MedicineBoxOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Badge, Button, Card, Col, List, Row, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState, StatCard, formatKsh } from 'shell/ui-kit';
import { useOverview } from './api';
import { RevenueByMonth, UserGrowth } from './HomeCharts';

const ACTIVITY_ICON: Record<ActivityEntry['kind'], ReactNode> = {
  user: <UserOutlined style={{ color: '#0f766e' }} />,
  appointment: <CalendarOutlined style={{ color: '#9333ea' }} />,
  payment: <WalletOutlined style={{ color: '#16a34a' }} />,
};

function PendingActionsBox({ overview, loading }: { overview: OverviewReply | undefined; loading: boolean }) {
  const { t } = useAdminTranslation();
  const items = overview
    ? [
        { key: 'doctors', count: overview.pendingDoctors, label: t('home.doctorsAwaiting'), to: '/dashboard/admin/doctors', icon: <UserAddOutlined style={{ color: '#d97706' }} /> },
        { key: 'tickets', count: overview.unresolvedTickets, label: t('home.unresolvedTickets'), to: '/dashboard/admin/support', icon: <CustomerServiceOutlined style={{ color: '#2563eb' }} /> },
        { key: 'disputes', count: overview.paymentDisputes, label: t('home.paymentDisputes'), to: '/dashboard/payments', icon: <ExclamationCircleOutlined style={{ color: '#dc2626' }} /> },
      ].filter((i) => i.count > 0)
    : [];
  return (
    <Card title={t('home.pendingActions')} loading={loading} style={{ height: '100%' }}>
      {items.length === 0 ? (
        <EmptyState title={t('home.noPending')} />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(i) => (
            <List.Item key={i.key} data-testid={`pending-${i.key}`} actions={[<Link key="open" to={i.to}>{t('home.open')}</Link>]}>
              <Space>
                {i.icon}
                <span>{i.label}</span>
                <Badge count={i.count} overflowCount={9999} color="#d97706" />
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function ago(at: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(at)) / 60_000));
  if (minutes < 1) return translate('home.justNow');
  if (minutes < 60) return translate('home.minutesAgo', { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 24) return translate('home.hoursAgo', { count: hours });
  return formatDate(at);
}

export function AdminHomePage() {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  // Admin dashboard load failures are silently ignored (CONTRACT.md §8).
  const { data: overview, isPending, isFetching } = useOverview();
  const loading = isPending && isFetching;
  const totals = overview?.totals;

  // Unknown (the overview could not be loaded) shows '—', never a made-up 0.
  const v = (n: number | undefined) => (loading ? '…' : n === undefined ? '—' : formatNumber(n));

  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 12, marginBottom: 20 }}>
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 30, lineHeight: 1.27 }}>
            {t('home.welcome')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('home.subtitle')}</Typography.Text>
        </div>
        <Space wrap>
          <Button icon={<BarChartOutlined />} onClick={() => navigate('/dashboard/admin/analytics')}>
            {t('home.viewAnalytics')}
          </Button>
          <Button type="primary" icon={<TeamOutlined />} onClick={() => navigate('/dashboard/admin/users')}>
            {t('home.manageUsers')}
          </Button>
        </Space>
      </div>

      <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
        <Col xs={12} lg={6}>
          <StatCard label={t('home.totalUsers')} value={v(totals?.users)} icon={<TeamOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label={t('home.doctors')} value={v(totals?.doctors)} icon={<MedicineBoxOutlined />} color="#2563eb" />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label={t('home.appointments')} value={v(totals?.appointments)} icon={<CalendarOutlined />} color="#9333ea" />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label={t('home.revenue')} value={loading ? '…' : totals ? formatKsh(totals.revenue) : '—'} icon={<DollarOutlined />} color="#16a34a" />
        </Col>
      </Row>

      <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
        <Col xs={24} lg={12}>
          <PendingActionsBox overview={overview} loading={loading} />
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('home.recentActivity')} loading={loading} style={{ height: '100%' }}>
            {overview?.recentActivity.length ? (
              <List
                size="small"
                dataSource={overview.recentActivity}
                renderItem={(a) => (
                  <List.Item key={`${a.kind}-${a.id}`} data-testid="activity">
                    <List.Item.Meta avatar={ACTIVITY_ICON[a.kind]} title={activityText(a).title} description={activityText(a).detail} />
                    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                      {ago(a.at)}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            ) : (
              <EmptyState title={t('home.noActivity')} />
            )}
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('home.revenue12')} loading={loading}>
            {overview?.revenueByMonth.some((m) => m.revenue !== 0) ? <RevenueByMonth data={overview.revenueByMonth} /> : <EmptyState title={t('home.noRevenue')} />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('home.userGrowth')} loading={loading}>
            {overview?.userGrowth.some((m) => m.new_users > 0) ? <UserGrowth data={overview.userGrowth} /> : <EmptyState title={t('home.noSignups')} />}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
