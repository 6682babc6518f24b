import { EditOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Input, Row, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, PageHeader, toast, usePrescriptionDownload } from 'shell/ui-kit';
import { useIssuedPrescriptions, type PrescriptionView } from '../../api/prescriptions';
import { EditPrescriptionModal } from './EditPrescriptionModal';
import { PrescriptionSummary } from './PrescriptionSummary';
import { useDoctorTranslation } from '../../i18n';

/** /dashboard/doctor/prescriptions: the prescriptions this doctor issued, with Edit and Download PDF. */
export function IssuedPrescriptionsPage() {
  const { t } = useDoctorTranslation();
  const navigate = useNavigate();
  const query = useIssuedPrescriptions();
  const { loading, failed } = queryStatus(query);
  const { downloading, download } = usePrescriptionDownload();
  const [editing, setEditing] = useState<PrescriptionView | null>(null);
  const [search, setSearch] = useState('');
  const list = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = query.data ?? [];
    return q ? all.filter((p) => [p.patient_name, p.prescription_number, ...p.medicines.map((m) => m.name)].some((f) => f?.toLowerCase().includes(q))) : all;
  }, [query.data, search]);

  const refresh = async () => {
    const result = await query.refetch();
    if (result.isError) toast.error(errorText(result.error, t('issued.fetchFailed')));
    else toast.success(t('issued.refreshed'));
  };

  return (
    <div>
      <PageHeader
        title={t('issued.title')}
        subtitle={t('issued.subtitle')}
        extra={
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={() => void refresh()} loading={query.isFetching && !loading}>
              {t('common.refresh')}
            </Button>
            <Button type="primary" icon={<EditOutlined />} onClick={() => navigate('/dashboard/doctor/write-prescription')}>
              {t('nav.writePrescription')}
            </Button>
          </Space>
        }
      />
      <Input allowClear prefix={<SearchOutlined />} aria-label={t('issued.searchLabel')} placeholder={t('issued.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ maxWidth: 420, marginBottom: 16 }} />
      {failed ? <ErrorState message={t('issued.loadError', { error: errorText(query.error, t('issued.fetchFailed')) })} onRetry={() => void query.refetch()} /> : null}
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : failed && !query.data ? null : list.length === 0 ? (
        <EmptyState title={query.data?.length ? t('issued.noMatch') : t('issued.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {list.map((p) => (
            <Col key={p.prescription_id} xs={24} xl={12}>
              <PrescriptionSummary prescription={p} downloading={downloading === p.prescription_id} onDownload={(x) => void download(x)} onEdit={setEditing} />
            </Col>
          ))}
        </Row>
      )}
      {editing ? <EditPrescriptionModal prescription={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
