import { ReloadOutlined } from '@ant-design/icons';
import { Button, Col, Row, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, PageHeader, toast, usePrescriptionDownload } from 'shell/ui-kit';
import { useMyPrescriptions } from './api';
import { PrescriptionCard } from './PrescriptionCard';

/** /dashboard/prescriptions for patients: cards, Download PDF, Refresh and a 30 s auto-refresh. */
export function PrescriptionsPage() {
  const navigate = useNavigate();
  const query = useMyPrescriptions();
  const { loading, failed } = queryStatus(query);
  const { downloading, download } = usePrescriptionDownload();
  const prescriptions = query.data ?? [];

  const refresh = async () => {
    const result = await query.refetch();
    if (result.isError) toast.error(errorText(result.error, 'Failed to fetch prescriptions'));
    else toast.success('Prescriptions refreshed');
  };

  return (
    <div>
      <PageHeader
        title="My Prescriptions"
        subtitle="Prescriptions from your doctors. The list refreshes every 30 seconds."
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()} loading={query.isFetching && !loading}>
            Refresh
          </Button>
        }
      />
      {failed ? <ErrorState message={`Error loading prescriptions: ${errorText(query.error, 'Failed to fetch prescriptions')}`} onRetry={() => void query.refetch()} /> : null}
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : failed && !query.data ? null : prescriptions.length === 0 ? (
        <EmptyState title="No prescriptions yet." description="When a doctor writes you a prescription it shows here." />
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
