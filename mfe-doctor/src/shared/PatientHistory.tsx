import { Card, Empty, Skeleton, Tag, Typography, theme } from 'antd';
import { formatDate } from 'shell/i18n';
import { ApiError, errorText, queryStatus } from 'shell/api-client';
import { ErrorState } from 'shell/ui-kit';
import { usePatientHistory } from '../api/prescriptions';
import { useDoctorTranslation } from '../i18n';

/**
 * The patient's medical history beside the Write Prescription form and the video call. `appointmentId`: the doctor's
 * visit with the patient, judged by the server as it is now. A refusal (no care relationship now) says why, plainly:
 * retrying would not change it.
 */
export function PatientHistory({ userId, appointmentId }: { userId: number; appointmentId?: number }) {
  const { t } = useDoctorTranslation();
  const query = usePatientHistory(userId, appointmentId);
  const { token } = theme.useToken();
  const { loading, failed } = queryStatus(query);
  const refusal = failed && query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404) ? query.error : null;
  return (
    <Card title={t('history.title')} size="small">
      {refusal ? (
        <Typography.Paragraph type="secondary" role="status" style={{ margin: 0 }}>
          {refusal.status === 403 && refusal.serverMessage ? refusal.serverMessage : t('history.notInCare')}
        </Typography.Paragraph>
      ) : failed ? (
        <ErrorState message={errorText(query.error, t('history.loadFailed'))} onRetry={() => void query.refetch()} />
      ) : null}
      {loading ? (
        <Skeleton active />
      ) : !query.data?.length ? (
        failed ? null : <Empty description={t('history.noEarlier')} />
      ) : (
        <ul aria-label={t('history.records')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {query.data.map((r) => (
            <li key={r.id} style={{ padding: '8px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
              <div>
                <Tag color={r.type === 'appointment' ? 'blue' : 'purple'}>{t(`history.kind.${r.type}`, { defaultValue: r.condition })}</Tag>
                {r.date ? formatDate(r.date) : ''} {r.doctor_name ? `· ${t('common.doctorName', { name: r.doctor_name })}` : ''}
              </div>
              {r.diagnosis ? <div>{t('history.diagnosisOf', { text: r.diagnosis })}</div> : null}
              {r.treatment && r.type === 'appointment' ? <div>{t('history.treatmentOf', { text: r.treatment })}</div> : null}
              {r.medicines.length ? <Typography.Text type="secondary">{r.medicines.map((m) => `${m.name} ${m.dosage}`).join(', ')}</Typography.Text> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
