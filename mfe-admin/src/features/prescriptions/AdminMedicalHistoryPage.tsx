import { useAdminTranslation } from '../../i18n';
import { formatDate } from 'shell/i18n';
import { DeleteOutlined, EditOutlined, EyeOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space, Table, Tag } from 'antd';
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
  const { t } = useAdminTranslation();
  const [page, setPage] = useState(1);
  const query = usePatientAccessLog(record.patient_id, page);
  return (
    <Modal open title={t('history.accessLogOf', { name: record.patient_name ?? t('history.patientNumber', { id: record.patient_id }) })} footer={null} onCancel={onClose} width={820} destroyOnHidden>
      {query.isError ? <ErrorState message={errorText(query.error, t('history.accessLogFailed'))} onRetry={() => void query.refetch()} /> : null}
      <Table
        rowKey="id"
        size="small"
        loading={query.isPending}
        dataSource={query.data?.entries ?? []}
        pagination={{ current: page, pageSize: 20, total: query.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('history.who'), key: 'who', render: (_v, e) => e.actor_name ?? t('delivery.userNumber', { id: e.actor_user_id }) },
          { title: t('common.role'), dataIndex: 'actor_role', key: 'role', render: (r: string) => t(`role.${r}`, { defaultValue: r }) },
          { title: t('history.action'), dataIndex: 'action', key: 'action' },
          { title: t('history.record'), dataIndex: 'record', key: 'record' },
          { title: t('delivery.when'), dataIndex: 'at', key: 'at', render: (v: string) => formatDate(v, 'dateTime') },
        ]}
      />
    </Modal>
  );
}

function EditModal({ record, onClose }: { record: MedicalRecord; onClose: () => void }) {
  const { t } = useAdminTranslation();
  const [diagnosis, setDiagnosis] = useState(record.diagnosis ?? '');
  const [treatment, setTreatment] = useState(record.treatment ?? '');
  const [notes, setNotes] = useState(record.notes ?? '');
  const edit = useEditRecord();
  return (
    <Modal
      open
      title={t('history.editTitle')}
      okText={t('common.saveChanges')}
      cancelText={t('common.cancel')}
      confirmLoading={edit.isPending}
      onCancel={onClose}
      onOk={() =>
        edit.mutate(
          { recordId: record.id, diagnosis, treatment, notes },
          { onSuccess: () => (toast.success(t('history.updated')), onClose()), onError: (e) => toast.error(errorText(e, t('history.updateFailed'))) },
        )
      }
      destroyOnHidden
    >
      <Input.TextArea aria-label={t('history.diagnosis')} placeholder={t('history.diagnosis')} rows={2} value={diagnosis} onChange={(e) => setDiagnosis(e.target.value)} style={{ marginBottom: 8 }} />
      <Input.TextArea aria-label={t('history.treatment')} placeholder={t('history.treatment')} rows={2} value={treatment} onChange={(e) => setTreatment(e.target.value)} style={{ marginBottom: 8 }} />
      <Input.TextArea aria-label={t('rx.notes')} placeholder={t('rx.notes')} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
    </Modal>
  );
}

/** /dashboard/medical-history for admins: every record; Edit (appointment records), soft Delete with a reason, each patient's access log. */
export function AdminMedicalHistoryPage() {
  const { t } = useAdminTranslation();
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
        title={t('history.title')}
        subtitle={t('history.subtitle')}
        extra={
          <Button icon={<ReloadOutlined />} loading={query.isFetching && !loading} onClick={() => void query.refetch().then((r) => (r.isError ? toast.error(errorText(r.error, t('history.loadFailed'))) : toast.success(t('history.refreshed'))))}>
            {t('common.refresh')}
          </Button>
        }
      />
      <Input allowClear prefix={<SearchOutlined />} aria-label={t('history.searchLabel')} placeholder={t('history.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ maxWidth: 420, marginBottom: 16 }} />
      {failed ? <ErrorState message={errorText(query.error, t('history.loadFailed'))} onRetry={() => void query.refetch()} /> : null}
      <Table<MedicalRecord>
        rowKey="id"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 960 }}
        locale={{ emptyText: query.data?.length ? t('history.noMatch') : t('history.empty') }}
        columns={[
          { title: t('history.condition'), dataIndex: 'condition', key: 'c', render: (c: string) => <Tag color={c === 'Appointment' ? 'blue' : 'purple'}>{t(`history.kind.${c}`, { defaultValue: c })}</Tag> },
          { title: t('common.patient'), key: 'p', render: (_v, r) => r.patient_name ?? `#${r.patient_id}` },
          { title: t('common.doctor'), key: 'd', render: (_v, r) => (r.doctor_name ? t('common.doctorName', { name: r.doctor_name }) : '—') },
          { title: t('common.date'), dataIndex: 'date', key: 'date', render: (v: string | null) => formatDate(v) },
          { title: t('history.diagnosis'), dataIndex: 'diagnosis', key: 'diag', render: (v: string | null) => v || '—' },
          { title: t('rx.medicines'), key: 'm', render: (_v, r) => r.medicines.map((m) => m.name).join(', ') || '—' },
          {
            title: t('common.actions'),
            key: 'a',
            render: (_v, r) => (
              <Space wrap>
                {r.can_edit ? <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} aria-label={t('history.editLabel', { id: r.id })}>{t('common.edit')}</Button> : null}
                <Button size="small" icon={<EyeOutlined />} onClick={() => setLog(r)} aria-label={t('history.accessLogLabel', { id: r.id })}>{t('history.accessLog')}</Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setDeleting(r)} aria-label={t('history.deleteLabel', { id: r.id })}>{t('common.delete')}</Button>
              </Space>
            ),
          },
        ]}
      />
      {editing ? <EditModal record={editing} onClose={() => setEditing(null)} /> : null}
      {log ? <AccessLogModal record={log} onClose={() => setLog(null)} /> : null}
      {deleting ? (
        <ReasonModal
          title={t('history.deleteTitle')}
          text={t('history.deleteConfirm')}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={(reason) =>
            remove.mutate(
              { recordId: deleting.id, reason },
              {
                onSuccess: () => {
                  toast.success(t('history.deleted'));
                  setDeleting(null);
                },
                onError: (e) => toast.error(errorText(e, t('history.deleteFailed'))),
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
