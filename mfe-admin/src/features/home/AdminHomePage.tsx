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
  const items = overview
    ? [
        { key: 'doctors', count: overview.pendingDoctors, label: 'Doctors awaiting approval', to: '/dashboard/admin/doctors', icon: <UserAddOutlined style={{ color: '#d97706' }} /> },
        { key: 'tickets', count: overview.unresolvedTickets, label: 'Unresolved support tickets', to: '/dashboard/admin/support', icon: <CustomerServiceOutlined style={{ color: '#2563eb' }} /> },
        { key: 'disputes', count: overview.paymentDisputes, label: 'Payment disputes', to: '/dashboard/payments', icon: <ExclamationCircleOutlined style={{ color: '#dc2626' }} /> },
      ].filter((i) => i.count > 0)
    : [];
  return (
    <Card title="Pending Actions" loading={loading} style={{ height: '100%' }}>
      {items.length === 0 ? (
        <EmptyState title="No pending actions." />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(i) => (
            <List.Item key={i.key} data-testid={`pending-${i.key}`} actions={[<Link key="open" to={i.to}>Open</Link>]}>
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
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(at).toLocaleDateString('en-KE', { dateStyle: 'medium', timeZone: 'Africa/Nairobi' });
}

export function AdminHomePage() {
  const navigate = useNavigate();
  // Admin dashboard load failures are silently ignored (CONTRACT.md §8).
  const { data: overview, isPending, isFetching } = useOverview();
  const loading = isPending && isFetching;
  const totals = overview?.totals;

  // Unknown (the overview could not be loaded) shows '—', never a made-up 0.
  const v = (n: number | undefined) => (loading ? '…' : n === undefined ? '—' : n.toLocaleString('en-KE'));

  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 12, marginBottom: 20 }}>
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 30, lineHeight: 1.27 }}>
            Welcome back, Admin!
          </Typography.Title>
          <Typography.Text type="secondary">Here is what is happening across Afya today.</Typography.Text>
        </div>
        <Space wrap>
          <Button icon={<BarChartOutlined />} onClick={() => navigate('/dashboard/admin/analytics')}>
            View Analytics
          </Button>
          <Button type="primary" icon={<TeamOutlined />} onClick={() => navigate('/dashboard/admin/users')}>
            Manage Users
          </Button>
        </Space>
      </div>

      <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
        <Col xs={12} lg={6}>
          <StatCard label="Total Users" value={v(totals?.users)} icon={<TeamOutlined />} />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label="Doctors" value={v(totals?.doctors)} icon={<MedicineBoxOutlined />} color="#2563eb" />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label="Appointments" value={v(totals?.appointments)} icon={<CalendarOutlined />} color="#9333ea" />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard label="Revenue" value={loading ? '…' : totals ? formatKsh(totals.revenue) : '—'} icon={<DollarOutlined />} color="#16a34a" />
        </Col>
      </Row>

      <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
        <Col xs={24} lg={12}>
          <PendingActionsBox overview={overview} loading={loading} />
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Recent Activity" loading={loading} style={{ height: '100%' }}>
            {overview?.recentActivity.length ? (
              <List
                size="small"
                dataSource={overview.recentActivity}
                renderItem={(a) => (
                  <List.Item key={`${a.kind}-${a.id}`} data-testid="activity">
                    <List.Item.Meta avatar={ACTIVITY_ICON[a.kind]} title={a.title} description={a.detail} />
                    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                      {ago(a.at)}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            ) : (
              <EmptyState title="No recent activity." />
            )}
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="Revenue (last 12 months)" loading={loading}>
            {overview?.revenueByMonth.some((m) => m.revenue !== 0) ? <RevenueByMonth data={overview.revenueByMonth} /> : <EmptyState title="No revenue yet." />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="User Growth (new users per month)" loading={loading}>
            {overview?.userGrowth.some((m) => m.new_users > 0) ? <UserGrowth data={overview.userGrowth} /> : <EmptyState title="No sign-ups yet." />}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
