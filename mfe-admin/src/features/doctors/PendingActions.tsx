import { useAdminTranslation } from '../../i18n';
import { specialtyLabel } from 'shell/i18n';
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
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  const doctors = useAdminDoctors();
  const pending = (doctors.data?.doctors ?? []).filter(isPending);
  const loading = doctors.isPending && doctors.isFetching;

  return (
    <Card
      title={t('home.pendingActions')}
      loading={loading}
      style={{ height: '100%' }}
      extra={<Link to="/dashboard/admin/doctors">{t('doctors.all')}</Link>}
    >
      {pending.length === 0 ? (
        <EmptyState title={t('home.noPending')} />
      ) : (
        <>
          <Typography.Paragraph style={{ display: 'flex', alignItems: 'center', gap: 8 }} data-testid="pending-doctors">
            <UserAddOutlined style={{ color: '#d97706' }} aria-hidden />
            <span>{t('home.doctorsAwaiting')}</span>
            <Badge count={pending.length} color="#d97706" />
          </Typography.Paragraph>
          <List
            size="small"
            dataSource={pending.slice(0, 5)}
            renderItem={(d) => (
              <List.Item key={d.doctor_id} actions={[<ApproveDoctorButton key="a" size="small" doctor={d} />]}>
                <List.Item.Meta title={t('common.doctorName', { name: `${d.first_name} ${d.last_name}` })} description={specialtyLabel(d.specialization) || t('doctors.noSpecialization')} />
              </List.Item>
            )}
          />
          {pending.length > 5 ? (
            <Button type="link" onClick={() => navigate('/dashboard/admin/doctors')} style={{ paddingInline: 0 }}>
              {t('doctors.seeAll', { count: pending.length })}
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
}
