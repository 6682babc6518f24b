import { Card, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { errorText } from 'shell/api-client';
import { EmptyState, ErrorState, Money, PageHeader } from 'shell/ui-kit';
import { ApproveDoctorButton } from './ApproveDoctorButton';
import { isPending, useAdminDoctors, useWaitlistLengths } from './api';

/** /dashboard/admin/doctors: every doctor with its approval state, those awaiting approval first. */
export function AdminDoctorsPage() {
  const navigate = useNavigate();
  const query = useAdminDoctors();
  const doctors = query.data?.doctors ?? [];
  const loading = query.isPending && query.isFetching;
  const error = query.isError && !query.isFetching ? `Error loading doctors: ${errorText(query.error, 'Failed to fetch doctors')}` : null;
  const pending = doctors.filter(isPending);
  // a waitlist that fails to load shows no counts (the list of doctors stays usable)
  const waitlists = new Map((useWaitlistLengths().data ?? []).map((w) => [w.doctor_id, w]));

  return (
    <div>
      <PageHeader
        title="Doctors"
        subtitle={loading ? 'Loading…' : `${doctors.length} doctor${doctors.length === 1 ? '' : 's'}, ${pending.length} awaiting approval`}
        onBack={() => navigate('/dashboard/admin')}
      />
      {error ? <ErrorState message={error} onRetry={() => void query.refetch()} /> : null}
      <Card>
        {loading ? (
          <Skeleton active />
        ) : error ? null : doctors.length === 0 ? (
          <EmptyState title="No doctors yet." description="Doctor accounts appear here once they are created." />
        ) : (
          <List
            dataSource={[...pending, ...doctors.filter((d) => !isPending(d))]}
            renderItem={(d) => (
              <List.Item key={d.doctor_id} data-testid="doctor-row" actions={isPending(d) ? [<ApproveDoctorButton key="approve" doctor={d} size="small" />] : undefined}>
                <List.Item.Meta
                  title={
                    <Space wrap size={6}>
                      <span>
                        Dr. {d.first_name} {d.last_name}
                      </span>
                      {isPending(d) ? <Tag color="gold">Awaiting approval</Tag> : <Tag color="green">Approved</Tag>}
                      {waitlists.get(d.doctor_id) ? (
                        <Tag color="blue" data-testid="waitlist-length">
                          {waitlists.get(d.doctor_id)!.waiting} on the waitlist
                          {waitlists.get(d.doctor_id)!.held_offers ? `, ${waitlists.get(d.doctor_id)!.held_offers} slot held` : ''}
                        </Tag>
                      ) : null}
                    </Space>
                  }
                  description={
                    <Space wrap size={[12, 4]}>
                      <span>{d.specialization || 'No specialization yet'}</span>
                      {d.contact_phone ? <span>{d.contact_phone}</span> : null}
                      <span>{d.fee === null ? 'Fee not set' : <Money value={d.fee} />}</span>
                      {d.available_days.length ? <Typography.Text type="secondary">{d.available_days.join(', ')}</Typography.Text> : null}
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
