import { useAdminTranslation } from '../../i18n';
import { specialtyLabel } from 'shell/i18n';
import { Card, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { errorText } from 'shell/api-client';
import { EmptyState, ErrorState, Money, PageHeader } from 'shell/ui-kit';
import { ApproveDoctorButton } from './ApproveDoctorButton';
import { isPending, useAdminDoctors, useWaitlistLengths } from './api';

/** /dashboard/admin/doctors: every doctor with its approval state, those awaiting approval first. */
export function AdminDoctorsPage() {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  const query = useAdminDoctors();
  const doctors = query.data?.doctors ?? [];
  const loading = query.isPending && query.isFetching;
  const error = query.isError && !query.isFetching ? t('doctors.loadError', { error: errorText(query.error, t('doctors.fetchFailed')) }) : null;
  const pending = doctors.filter(isPending);
  // a waitlist that fails to load shows no counts (the list of doctors stays usable)
  const waitlists = new Map((useWaitlistLengths().data ?? []).map((w) => [w.doctor_id, w]));

  return (
    <div>
      <PageHeader
        title={t('home.doctors')}
        subtitle={loading ? t('doctors.loading') : t('doctors.summary', { doctors: t('doctors.count', { count: doctors.length }), pending: pending.length })}
        onBack={() => navigate('/dashboard/admin')}
      />
      {error ? <ErrorState message={error} onRetry={() => void query.refetch()} /> : null}
      <Card>
        {loading ? (
          <Skeleton active />
        ) : error ? null : doctors.length === 0 ? (
          <EmptyState title={t('doctors.empty')} description={t('doctors.emptyHint')} />
        ) : (
          <List
            dataSource={[...pending, ...doctors.filter((d) => !isPending(d))]}
            renderItem={(d) => (
              <List.Item key={d.doctor_id} data-testid="doctor-row" actions={isPending(d) ? [<ApproveDoctorButton key="approve" doctor={d} size="small" />] : undefined}>
                <List.Item.Meta
                  title={
                    <Space wrap size={6}>
                      <span>{t('common.doctorName', { name: `${d.first_name} ${d.last_name}` })}</span>
                      {isPending(d) ? <Tag color="gold">{t('doctors.awaiting')}</Tag> : <Tag color="green">{t('doctors.approved')}</Tag>}
                      {waitlists.get(d.doctor_id) ? (
                        <Tag color="blue" data-testid="waitlist-length">
                          {t('doctors.waitlistLength', { count: waitlists.get(d.doctor_id)!.waiting })}
                          {waitlists.get(d.doctor_id)!.held_offers ? t('doctors.waitlistHeld', { count: waitlists.get(d.doctor_id)!.held_offers }) : ''}
                        </Tag>
                      ) : null}
                    </Space>
                  }
                  description={
                    <Space wrap size={[12, 4]}>
                      <span>{specialtyLabel(d.specialization) || t('doctors.noSpecialization')}</span>
                      {d.contact_phone ? <span>{d.contact_phone}</span> : null}
                      <span>{d.fee === null ? t('doctors.feeNotSet') : <Money value={d.fee} />}</span>
                      {d.available_days.length ? <Typography.Text type="secondary">{d.available_days.map((day) => t(`weekday.${day}`, { defaultValue: day })).join(', ')}</Typography.Text> : null}
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    </div>
  );
}
