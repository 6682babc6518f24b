import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, PageHeader, usePrescriptionDownload } from 'shell/ui-kit';
import { usePrescription } from '../../api/prescriptions';
import { PrescriptionCard } from './PrescriptionCard';
import { translateMessage } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';

/** /dashboard/prescriptions/{prescriptionId}: one prescription, or 'No prescription found for this appointment.'. */
export function PrescriptionDetailPage() {
  const { t } = usePatientTranslation();
  const navigate = useNavigate();
  const { prescriptionId } = useParams();
  const id = /^\d+$/.test(prescriptionId ?? '') ? Number(prescriptionId) : undefined;
  const query = usePrescription(id);
  const { loading, failed } = queryStatus(query);
  const { downloading, download } = usePrescriptionDownload();
  const missing = !id || (failed && query.error instanceof ApiError && query.error.status === 404);

  return (
    <div>
      <PageHeader
        title={t('home.prescription')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/dashboard/prescriptions')}>
            {t('prescriptions.all')}
          </Button>
        }
      />
      {missing ? (
        <EmptyState title={t('prescriptions.notFound')} />
      ) : failed ? (
        <ErrorState message={t('prescriptions.loadOneError', { error: translateMessage(errorText(query.error, 'Failed to fetch prescription')) })} onRetry={() => void query.refetch()} />
      ) : loading || !query.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <PrescriptionCard prescription={query.data} downloading={downloading === query.data.prescription_id} onDownload={(p) => void download(p)} />
      )}
    </div>
  );
}
