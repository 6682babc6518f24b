import { UserAddOutlined } from '@ant-design/icons';
import { Badge, Button, Card, List, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState } from 'shell/ui-kit';
import { ApproveDoctorButton } from './ApproveDoctorButton';
import { isPending, useAdminDoctors } from './api';

/**
 * The admin home's Pending Actions: doctors awaiting approval (from GET /admin/doctors), each with Approve.
 * Unresolved tickets and payment disputes join this box with the support and payments issues. A load
 * failure is silently ignored (CONTRACT.md §8: admin dashboard failures).
 */
export function PendingActions() {
  const navigate = useNavigate();
  const doctors = useAdminDoctors();
  const pending = (doctors.data?.doctors ?? []).filter(isPending);
  const loading = doctors.isPending && doctors.isFetching;

  return (
    <Card
      title="Pending Actions"
      loading={loading}
      style={{ height: '100%' }}
      extra={<Link to="/dashboard/admin/doctors">All doctors</Link>}
    >
      {pending.length === 0 ? (
        <EmptyState title="No pending actions." />
      ) : (
        <>
          <Typography.Paragraph style={{ display: 'flex', alignItems: 'center', gap: 8 }} data-testid="pending-doctors">
            <UserAddOutlined style={{ color: '#d97706' }} aria-hidden />
            <span>Doctors awaiting approval</span>
            <Badge count={pending.length} color="#d97706" />
          </Typography.Paragraph>
          <List
            size="small"
            dataSource={pending.slice(0, 5)}
            renderItem={(d) => (
              <List.Item key={d.doctor_id} actions={[<ApproveDoctorButton key="a" size="small" doctor={d} />]}>
                <List.Item.Meta title={`Dr. ${d.first_name} ${d.last_name}`} description={d.specialization || 'No specialization yet'} />
              </List.Item>
            )}
          />
          {pending.length > 5 ? (
            <Button type="link" onClick={() => navigate('/dashboard/admin/doctors')} style={{ paddingInline: 0 }}>
              See all {pending.length} awaiting approval
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
}
