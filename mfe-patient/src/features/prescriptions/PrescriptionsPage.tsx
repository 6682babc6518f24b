import { ReloadOutlined } from '@ant-design/icons';
import { Button, Col, Row, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, PageHeader, toast, usePrescriptionDownload } from 'shell/ui-kit';
import { useMyPrescriptions } from '../../api/prescriptions';
import { PrescriptionCard } from './PrescriptionCard';
import { translateMessage } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';

/** /dashboard/prescriptions for patients: cards, Download PDF, Refresh and a 30 s auto-refresh. */
export function PrescriptionsPage() {
  const { t } = usePatientTranslation();
  const navigate = useNavigate();
  const query = useMyPrescriptions();
  const { loading, failed } = queryStatus(query);
  const { downloading, download } = usePrescriptionDownload();
  const prescriptions = query.data ?? [];

  const refresh = async () => {
    const result = await query.refetch();
    if (result.isError) toast.error(errorText(result.error, 'Failed to fetch prescriptions'));
    else toast.success(t('prescriptions.refreshed'));
  };

  return (
    <div>
      <PageHeader
        title={t('prescriptions.title')}
        subtitle={t('prescriptions.subtitle')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()} loading={query.isFetching && !loading}>
            {t('payments.refresh')}
          </Button>
        }
      />
      {failed ? <ErrorState message={t('prescriptions.loadError', { error: translateMessage(errorText(query.error, 'Failed to fetch prescriptions')) })} onRetry={() => void query.refetch()} /> : null}
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : failed && !query.data ? null : prescriptions.length === 0 ? (
        <EmptyState title={t('prescriptions.none')} description={t('prescriptions.noneHint')} />
      ) : (
        <Row gutter={[16, 16]}>
          {prescriptions.map((p) => (
            <Col key={p.prescription_id} xs={24} xl={12}>
              <PrescriptionCard
                prescription={p}
                downloading={downloading === p.prescription_id}
                onDownload={(x) => void download(x)}
                onOpen={(x) => navigate(`/dashboard/prescriptions/${x.prescription_id}`)}
              />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
