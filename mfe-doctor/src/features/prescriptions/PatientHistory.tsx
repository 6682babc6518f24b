import { Card, Empty, Skeleton, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { errorText, queryStatus } from 'shell/api-client';
import { ErrorState } from 'shell/ui-kit';
import { usePatientHistory } from './api';

/** The patient's medical history beside the Write Prescription form. */
export function PatientHistory({ userId }: { userId: number }) {
  const query = usePatientHistory(userId);
  const { token } = theme.useToken();
  const { loading, failed } = queryStatus(query);
  return (
    <Card title="Medical history" size="small">
      {failed ? <ErrorState message={errorText(query.error, 'Failed to load medical history')} onRetry={() => void query.refetch()} /> : null}
      {loading ? (
        <Skeleton active />
      ) : !query.data?.length ? (
        failed ? null : <Empty description="No earlier records." />
      ) : (
        <ul aria-label="Medical history records" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {query.data.map((r) => (
            <li key={r.id} style={{ padding: '8px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
              <div>
                <Tag color={r.type === 'appointment' ? 'blue' : 'purple'}>{r.condition}</Tag>
                {r.date ? dayjs(r.date).format('D MMM YYYY') : ''} {r.doctor_name ? `· Dr. ${r.doctor_name}` : ''}
              </div>
              {r.diagnosis ? <div>Diagnosis: {r.diagnosis}</div> : null}
              {r.treatment && r.type === 'appointment' ? <div>Treatment: {r.treatment}</div> : null}
              {r.medicines.length ? <Typography.Text type="secondary">{r.medicines.map((m) => `${m.name} ${m.dosage}`).join(', ')}</Typography.Text> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
