import { useAdminTranslation } from '../../i18n';
import { formatDate } from 'shell/i18n';
import { DeleteOutlined, DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { errorText, queryStatus } from 'shell/api-client';
import { ErrorState, PageHeader, toast, usePrescriptionDownload } from 'shell/ui-kit';
import { useAllPrescriptions, useDeletePrescription, type PrescriptionView } from './api';
import { ReasonModal } from './ReasonModal';

/** Search over patient, doctor, number and medicine. */
export function filterPrescriptions(list: PrescriptionView[], search: string): PrescriptionView[] {
  const q = search.trim().toLowerCase();
  return q ? list.filter((p) => [p.patient_name, p.doctor_name, p.prescription_number, ...p.medicines.map((m) => m.name)].some((f) => f?.toLowerCase().includes(q))) : list;
}

/** /dashboard/prescriptions for admins: every prescription; soft delete with a reason. */
export function AllPrescriptionsPage() {
  const { t } = useAdminTranslation();
  const query = useAllPrescriptions();
  const { loading, failed } = queryStatus(query);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<PrescriptionView | null>(null);
  const remove = useDeletePrescription();
  const rows = useMemo(() => filterPrescriptions(query.data ?? [], search), [query.data, search]);

  const { download } = usePrescriptionDownload();

  return (
    <div>
      <PageHeader
        title={t('rx.allTitle')}
        subtitle={t('rx.allSubtitle')}
        extra={<Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching && !loading}>{t('common.refresh')}</Button>}
      />
      <Input allowClear prefix={<SearchOutlined />} aria-label={t('rx.searchLabel')} placeholder={t('rx.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ maxWidth: 420, marginBottom: 16 }} />
      {failed ? <ErrorState message={t('rx.loadError', { error: errorText(query.error, t('rx.fetchFailed')) })} onRetry={() => void query.refetch()} /> : null}
      <Table<PrescriptionView>
        rowKey="prescription_id"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 900 }}
        locale={{ emptyText: query.data?.length ? t('rx.noMatch') : t('rx.empty') }}
        columns={[
          { title: t('rx.number'), dataIndex: 'prescription_number', key: 'n' },
          { title: t('common.patient'), key: 'patient', render: (_v, p) => p.patient_name ?? `#${p.patient_id}` },
          { title: t('common.doctor'), key: 'doctor', render: (_v, p) => (p.doctor_name ? t('common.doctorName', { name: p.doctor_name }) : `#${p.doctor_id}`) },
          { title: t('rx.medicines'), key: 'medicines', render: (_v, p) => <Space wrap size={4}>{p.medicines.map((m, i) => <Tag key={i}>{m.name} {m.dosage}</Tag>)}</Space> },
          { title: t('rx.issued'), dataIndex: 'issued_at', key: 'issued', render: (v: string) => formatDate(v) },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_v, p) => (
              <Space>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => void download(p)} aria-label={t('rx.downloadLabel', { number: p.prescription_number })}>PDF</Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setDeleting(p)} aria-label={t('rx.deleteLabel', { number: p.prescription_number })}>{t('common.delete')}</Button>
              </Space>
            ),
          },
        ]}
      />
      {deleting ? (
        <ReasonModal
          title={t('rx.deleteTitle', { number: deleting.prescription_number })}
          text={t('rx.deleteConfirm')}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={(reason) =>
            remove.mutate(
              { id: deleting.prescription_id, reason },
              {
                onSuccess: () => {
                  toast.success(t('rx.deleted'));
                  setDeleting(null);
                },
                onError: (e) => toast.error(errorText(e, t('rx.deleteFailed'))),
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
