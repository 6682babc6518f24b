import { BarChartOutlined, CalendarOutlined, DollarOutlined, MedicineBoxOutlined, TeamOutlined, LineChartOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { EmptyState, StatCard, formatKsh } from 'shell/ui-kit';
import { PendingActions } from '../doctors/PendingActions';
import { useTotals } from './api';

export function AdminHomePage() {
  const navigate = useNavigate();
  // Admin dashboard load failures are silently ignored (SPEC.md section 8).
  const { data: totals, isPending, isFetching } = useTotals();
  const loading = isPending && isFetching;

  // Unknown (the summary could not be loaded) shows '—', never a made-up 0.
  const v = (n: number | undefined) => (loading ? '…' : n === undefined ? '—' : n.toLocaleString('en-KE'));

  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 12, marginBottom: 20 }}>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
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
          <PendingActions />
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Recent Activity" style={{ height: '100%' }}>
            <EmptyState title="No recent activity." />
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="Revenue">
            <EmptyState icon={<LineChartOutlined style={{ fontSize: 40, color: '#0f766e' }} />} title="Revenue chart" description="Open Analytics for the monthly revenue trend." />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="User Growth">
            <EmptyState icon={<BarChartOutlined style={{ fontSize: 40, color: '#2563eb' }} />} title="User growth chart" description="Open Analytics for sign-ups per month." />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
