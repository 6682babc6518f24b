import { DeleteOutlined, EditOutlined, EyeOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { errorText, queryStatus } from 'shell/api-client';
import { ErrorState, PageHeader, toast } from 'shell/ui-kit';
import { useAllHistory, useDeleteRecord, useEditRecord, usePatientAccessLog, type MedicalRecord } from './api';
import { ReasonModal } from './ReasonModal';

export function searchRecords(records: MedicalRecord[], search: string): MedicalRecord[] {
  const q = search.trim().toLowerCase();
  return q ? records.filter((r) => [r.condition, r.diagnosis, r.doctor_name, r.patient_name].some((f) => f?.toLowerCase().includes(q))) : records;
}

function AccessLogModal({ record, onClose }: { record: MedicalRecord; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const query = usePatientAccessLog(record.patient_id, page);
  return (
    <Modal open title={`Access log · ${record.patient_name ?? `Patient #${record.patient_id}`}`} footer={null} onCancel={onClose} width={820} destroyOnHidden>
      {query.isError ? <ErrorState message={errorText(query.error, 'Failed to load the access log')} onRetry={() => void query.refetch()} /> : null}
      <Table
        rowKey="id"
        size="small"
        loading={query.isPending}
        dataSource={query.data?.entries ?? []}
        pagination={{ current: page, pageSize: 20, total: query.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: 'Who', key: 'who', render: (_v, e) => e.actor_name ?? `User #${e.actor_user_id}` },
          { title: 'Role', dataIndex: 'actor_role', key: 'role' },
          { title: 'Action', dataIndex: 'action', key: 'action' },
          { title: 'Record', dataIndex: 'record', key: 'record' },
          { title: 'When', dataIndex: 'at', key: 'at', render: (v: string) => dayjs(v).format('D MMM YYYY, HH:mm') },
        ]}
      />
    </Modal>
  );
}

function EditModal({ record, onClose }: { record: MedicalRecord; onClose: () => void }) {
  const [diagnosis, setDiagnosis] = useState(record.diagnosis ?? '');
  const [treatment, setTreatment] = useState(record.treatment ?? '');
  const [notes, setNotes] = useState(record.notes ?? '');
  const edit = useEditRecord();
  return (
    <Modal
      open
      title="Edit medical record"
      okText="Save Changes"
      confirmLoading={edit.isPending}
      onCancel={onClose}
      onOk={() =>
        edit.mutate(
          { recordId: record.id, diagnosis, treatment, notes },
          { onSuccess: () => (toast.success('Medical record updated'), onClose()), onError: (e) => toast.error(errorText(e, 'Failed to update medical record')) },
        )
      }
      destroyOnHidden
    >
      <Input.TextArea aria-label="Diagnosis" placeholder="Diagnosis" rows={2} value={diagnosis} onChange={(e) => setDiagnosis(e.target.value)} style={{ marginBottom: 8 }} />
      <Input.TextArea aria-label="Treatment" placeholder="Treatment" rows={2} value={treatment} onChange={(e) => setTreatment(e.target.value)} style={{ marginBottom: 8 }} />
      <Input.TextArea aria-label="Notes" placeholder="Notes" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
    </Modal>
  );
}

/** /dashboard/medical-history for admins: every record; Edit (appointment records), soft Delete with a reason, each patient's access log. */
export function AdminMedicalHistoryPage() {
  const query = useAllHistory();
  const { loading, failed } = queryStatus(query);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<MedicalRecord | null>(null);
  const [deleting, setDeleting] = useState<MedicalRecord | null>(null);
  const [log, setLog] = useState<MedicalRecord | null>(null);
  const remove = useDeleteRecord();
  const rows = useMemo(() => searchRecords(query.data ?? [], search), [query.data, search]);

  return (
    <div>
      <PageHeader
        title="Medical History"
        subtitle="All patients' records. Deleting hides a record and keeps it, with your reason, in the audit log."
        extra={
          <Button icon={<ReloadOutlined />} loading={query.isFetching && !loading} onClick={() => void query.refetch().then((r) => (r.isError ? toast.error(errorText(r.error, 'Failed to load medical history')) : toast.success('Medical history refreshed')))}>
            Refresh
          </Button>
        }
      />
      <Input allowClear prefix={<SearchOutlined />} aria-label="Search medical history" placeholder="Search by condition, diagnosis, doctor or patient" value={search} onChange={(e) => setSearch(e.target.value)} style={{ maxWidth: 420, marginBottom: 16 }} />
      {failed ? <ErrorState message={errorText(query.error, 'Failed to load medical history')} onRetry={() => void query.refetch()} /> : null}
      <Table<MedicalRecord>
        rowKey="id"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 960 }}
        locale={{ emptyText: query.data?.length ? 'No records match your search.' : 'No medical records yet.' }}
        columns={[
          { title: 'Condition', dataIndex: 'condition', key: 'c', render: (c: string) => <Tag color={c === 'Appointment' ? 'blue' : 'purple'}>{c}</Tag> },
          { title: 'Patient', key: 'p', render: (_v, r) => r.patient_name ?? `#${r.patient_id}` },
          { title: 'Doctor', key: 'd', render: (_v, r) => (r.doctor_name ? `Dr. ${r.doctor_name}` : '—') },
          { title: 'Date', dataIndex: 'date', key: 'date', render: (v: string | null) => (v ? dayjs(v).format('D MMM YYYY') : '—') },
          { title: 'Diagnosis', dataIndex: 'diagnosis', key: 'diag', render: (v: string | null) => v || '—' },
          { title: 'Medicines', key: 'm', render: (_v, r) => r.medicines.map((m) => m.name).join(', ') || '—' },
          {
            title: 'Actions',
            key: 'a',
            render: (_v, r) => (
              <Space wrap>
                {r.can_edit ? <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} aria-label={`Edit ${r.id}`}>Edit</Button> : null}
                <Button size="small" icon={<EyeOutlined />} onClick={() => setLog(r)} aria-label={`Access log of ${r.id}`}>Access log</Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setDeleting(r)} aria-label={`Delete ${r.id}`}>Delete</Button>
              </Space>
            ),
          },
        ]}
      />
      {editing ? <EditModal record={editing} onClose={() => setEditing(null)} /> : null}
      {log ? <AccessLogModal record={log} onClose={() => setLog(null)} /> : null}
      {deleting ? (
        <ReasonModal
          title="Delete medical record?"
          text="Are you sure you want to delete this medical record? It is hidden from the patient and doctors and kept for the audit."
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={(reason) =>
            remove.mutate(
              { recordId: deleting.id, reason },
              {
                onSuccess: () => {
                  toast.success('Medical record deleted successfully');
                  setDeleting(null);
                },
                onError: (e) => toast.error(errorText(e, 'Failed to delete medical record')),
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
