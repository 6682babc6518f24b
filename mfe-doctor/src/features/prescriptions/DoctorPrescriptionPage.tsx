import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, PageHeader, usePrescriptionDownload } from 'shell/ui-kit';
import { usePrescription } from '../../api/prescriptions';
import { PrescriptionSummary } from './PrescriptionSummary';
import { useDoctorTranslation } from '../../i18n';

/** /dashboard/prescriptions/{id} for doctors. */
export function DoctorPrescriptionPage() {
  const { t } = useDoctorTranslation();
  const navigate = useNavigate();
  const { prescriptionId } = useParams();
  const id = /^\d+$/.test(prescriptionId ?? '') ? Number(prescriptionId) : undefined;
  const query = usePrescription(id);
  const { loading, failed } = queryStatus(query);
  const { downloading, download } = usePrescriptionDownload();
  const missing = !id || (failed && query.error instanceof ApiError && query.error.status === 404);
  return (
    <div>
      <PageHeader title={t('one.title')} extra={<Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/dashboard/doctor/prescriptions')}>{t('one.back')}</Button>} />
      {missing ? (
        <EmptyState title={t('one.notFound')} />
      ) : failed ? (
        <ErrorState message={t('one.loadError', { error: errorText(query.error, t('one.fetchFailed')) })} onRetry={() => void query.refetch()} />
      ) : loading || !query.data ? (
        <Skeleton active />
      ) : (
        <PrescriptionSummary prescription={query.data} downloading={downloading === query.data.prescription_id} onDownload={(p) => void download(p)} />
      )}
    </div>
  );
}
