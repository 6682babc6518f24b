import { Card, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from 'shell/api-client';
import { EmptyState, ErrorState, Money, PageHeader } from 'shell/ui-kit';
import { ApproveDoctorButton } from './ApproveDoctorButton';
import { fetchAdminDoctors, isPending, type AdminDoctor } from './api';

/** /dashboard/admin/doctors: every doctor with its approval state, those awaiting approval first. */
export function AdminDoctorsPage() {
  const navigate = useNavigate();
  const [doctors, setDoctors] = useState<AdminDoctor[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    setError(null);
    fetchAdminDoctors()
      .then((r) => setDoctors(r.doctors))
      .catch((e) => setError(`Error loading doctors: ${errorText(e, 'Failed to fetch doctors')}`))
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);

  const pending = doctors.filter(isPending);
  const replace = (d: AdminDoctor) => setDoctors((list) => list.map((x) => (x.doctor_id === d.doctor_id ? d : x)));

  return (
    <div>
      <PageHeader
        title="Doctors"
        subtitle={loading ? 'Loading…' : `${doctors.length} doctor${doctors.length === 1 ? '' : 's'}, ${pending.length} awaiting approval`}
        onBack={() => navigate('/dashboard/admin')}
      />
      {error ? <ErrorState message={error} onRetry={load} /> : null}
      <Card>
        {loading ? (
          <Skeleton active />
        ) : error ? null : doctors.length === 0 ? (
          <EmptyState title="No doctors yet." description="Doctor accounts appear here once they are created." />
        ) : (
          <List
            dataSource={[...pending, ...doctors.filter((d) => !isPending(d))]}
            renderItem={(d) => (
              <List.Item key={d.doctor_id} data-testid="doctor-row" actions={isPending(d) ? [<ApproveDoctorButton key="approve" doctor={d} onApproved={replace} size="small" />] : undefined}>
                <List.Item.Meta
                  title={
                    <Space wrap size={6}>
                      <span>
                        Dr. {d.first_name} {d.last_name}
                      </span>
                      {isPending(d) ? <Tag color="gold">Awaiting approval</Tag> : <Tag color="green">Approved</Tag>}
                    </Space>
                  }
                  description={
                    <Space wrap size={[12, 4]}>
                      <span>{d.specialization || 'No specialization yet'}</span>
                      {d.contact_phone ? <span>{d.contact_phone}</span> : null}
                      <span>{d.fee === null || d.fee === undefined ? 'Fee not set' : <Money value={d.fee} />}</span>
                      {d.available_days?.length ? <Typography.Text type="secondary">{d.available_days.join(', ')}</Typography.Text> : null}
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
