import { Card, Empty, Skeleton, Tag, Typography, theme } from 'antd';
import { formatDate } from 'shell/i18n';
import { errorText, queryStatus } from 'shell/api-client';
import { ErrorState } from 'shell/ui-kit';
import { usePatientHistory } from './api';
import { useDoctorTranslation } from '../../i18n';

/** The patient's medical history beside the Write Prescription form. */
export function PatientHistory({ userId }: { userId: number }) {
  const { t } = useDoctorTranslation();
  const query = usePatientHistory(userId);
  const { token } = theme.useToken();
  const { loading, failed } = queryStatus(query);
  return (
    <Card title={t('history.title')} size="small">
      {failed ? <ErrorState message={errorText(query.error, t('history.loadFailed'))} onRetry={() => void query.refetch()} /> : null}
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
