import { DeleteOutlined, DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
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
        title="All Prescriptions"
        subtitle="Every prescription issued on Afya. Deleting hides it and keeps it, with your reason, in the audit log."
        extra={<Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching && !loading}>Refresh</Button>}
      />
      <Input allowClear prefix={<SearchOutlined />} aria-label="Search prescriptions" placeholder="Search by patient, doctor, number or medicine" value={search} onChange={(e) => setSearch(e.target.value)} style={{ maxWidth: 420, marginBottom: 16 }} />
      {failed ? <ErrorState message={`Error loading prescriptions: ${errorText(query.error, 'Failed to fetch prescriptions')}`} onRetry={() => void query.refetch()} /> : null}
      <Table<PrescriptionView>
        rowKey="prescription_id"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 900 }}
        locale={{ emptyText: query.data?.length ? 'No prescriptions match your search.' : 'No prescriptions yet.' }}
        columns={[
          { title: 'Number', dataIndex: 'prescription_number', key: 'n' },
          { title: 'Patient', key: 'patient', render: (_v, p) => p.patient_name ?? `#${p.patient_id}` },
          { title: 'Doctor', key: 'doctor', render: (_v, p) => (p.doctor_name ? `Dr. ${p.doctor_name}` : `#${p.doctor_id}`) },
          { title: 'Medicines', key: 'medicines', render: (_v, p) => <Space wrap size={4}>{p.medicines.map((m, i) => <Tag key={i}>{m.name} {m.dosage}</Tag>)}</Space> },
          { title: 'Issued', dataIndex: 'issued_at', key: 'issued', render: (v: string) => dayjs(v).format('D MMM YYYY') },
          {
            title: 'Actions',
            key: 'actions',
            render: (_v, p) => (
              <Space>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => void download(p)} aria-label={`Download ${p.prescription_number}`}>PDF</Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setDeleting(p)} aria-label={`Delete ${p.prescription_number}`}>Delete</Button>
              </Space>
            ),
          },
        ]}
      />
      {deleting ? (
        <ReasonModal
          title={`Delete ${deleting.prescription_number}?`}
          text="Are you sure you want to delete this prescription? The patient and doctor will no longer see it; the record is kept for the audit."
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={(reason) =>
            remove.mutate(
              { id: deleting.prescription_id, reason },
              {
                onSuccess: () => {
                  toast.success('Prescription deleted successfully');
                  setDeleting(null);
                },
                onError: (e) => toast.error(errorText(e, 'Failed to delete prescription')),
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
