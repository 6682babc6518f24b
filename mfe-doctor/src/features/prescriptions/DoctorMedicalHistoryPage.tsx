import { EditOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Empty, Input, Modal, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { formatDate } from 'shell/i18n';
import { useMemo, useState } from 'react';
import { errorText, queryStatus } from 'shell/api-client';
import { ErrorState, PageHeader, toast } from 'shell/ui-kit';
import { useDoctorAppointments } from '../../api/appointments';
import { useEditRecord, usePatientHistory, type MedicalRecord } from '../../api/prescriptions';
import { patientOptions } from './patient-labels';
import { useDoctorTranslation } from '../../i18n';

/** Search over condition, diagnosis and doctor name. */
export function searchRecords(records: MedicalRecord[], search: string): MedicalRecord[] {
  const q = search.trim().toLowerCase();
  return q ? records.filter((r) => [r.condition, r.diagnosis, r.doctor_name].some((f) => f?.toLowerCase().includes(q))) : records;
}

function EditRecordModal({ record, onClose }: { record: MedicalRecord; onClose: () => void }) {
  const { t } = useDoctorTranslation();
  const [diagnosis, setDiagnosis] = useState(record.diagnosis ?? '');
  const [treatment, setTreatment] = useState(record.treatment ?? '');
  const [notes, setNotes] = useState(record.notes ?? '');
  const edit = useEditRecord();
  const save = () =>
    edit.mutate(
      { recordId: record.id, diagnosis, treatment, notes },
      {
        onSuccess: () => {
          toast.success(t('records.updated'));
          onClose();
        },
        onError: (e) => toast.error(errorText(e, t('records.updateFailed'))),
      },
    );
  return (
    <Modal open title={t('records.editTitle')} okText={t('common.saveChanges')} cancelText={t('common.cancel')} onOk={save} onCancel={onClose} confirmLoading={edit.isPending} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label>
          {t('records.diagnosis')}
          <Input.TextArea aria-label={t('records.diagnosis')} rows={2} value={diagnosis} onChange={(e) => setDiagnosis(e.target.value)} maxLength={2000} />
        </label>
        <label>
          {t('records.treatment')}
          <Input.TextArea aria-label={t('records.treatment')} rows={2} value={treatment} onChange={(e) => setTreatment(e.target.value)} maxLength={2000} />
        </label>
        <label>
          {t('write.notes')}
          <Input.TextArea aria-label={t('write.notes')} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
        </label>
      </Space>
    </Modal>
  );
}

/** /dashboard/doctor/medical-history: one of the doctor's patients' records; Edit on the doctor's own appointment records. */
export function DoctorMedicalHistoryPage() {
  const { t } = useDoctorTranslation();
  const appointments = useDoctorAppointments();
  const patients = useMemo(() => patientOptions(appointments.appointments), [appointments.appointments]);
  const [patientId, setPatientId] = useState<number | undefined>();
  const history = usePatientHistory(patientId);
  const { loading, failed } = queryStatus(history);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<MedicalRecord | null>(null);
  const shown = useMemo(() => searchRecords(history.data ?? [], search), [history.data, search]);

  return (
    <div>
      <PageHeader
        title={t('records.title')}
        subtitle={t('records.subtitle')}
        extra={
          <Button icon={<ReloadOutlined />} disabled={!patientId} onClick={() => void history.refetch().then((r) => (r.isError ? toast.error(errorText(r.error, t('history.loadFailed'))) : toast.success(t('records.refreshed'))))}>
            {t('common.refresh')}
          </Button>
        }
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select aria-label={t('home.patient')} showSearch optionFilterProp="label" placeholder={t('records.selectPatient')} style={{ minWidth: 260, maxWidth: '100%' }} options={patients} value={patientId} onChange={setPatientId} loading={appointments.loading} />
        <Input allowClear prefix={<SearchOutlined />} aria-label={t('records.searchLabel')} placeholder={t('records.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 320, maxWidth: '100%' }} />
      </Space>
      {appointments.error ? <ErrorState message={appointments.error} onRetry={appointments.load} /> : null}
      {!patientId ? (
        <Empty description={t('records.selectFirst')} />
      ) : failed ? (
        <ErrorState message={errorText(history.error, t('history.loadFailed'))} onRetry={() => void history.refetch()} />
      ) : loading ? (
        <Skeleton active />
      ) : shown.length === 0 ? (
        <Empty description={history.data?.length ? t('records.noMatch') : t('records.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((r) => (
            <Col key={r.id} xs={24} lg={12}>
              <Card
                size="small"
                title={
                  <Space wrap>
                    <Tag color={r.type === 'appointment' ? 'blue' : 'purple'}>{t(`history.kind.${r.type}`, { defaultValue: r.condition })}</Tag>
                    {r.doctor_name ? t('common.doctorName', { name: r.doctor_name }) : ''}
                  </Space>
                }
                // Edit only where the server allows it (the doctor's own appointment records).
                extra={r.can_edit ? <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} aria-label={t('records.editLabel', { id: r.id })}>{t('common.edit')}</Button> : null}
              >
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('write.date')}>{formatDate(r.date)}</Descriptions.Item>
                  <Descriptions.Item label={t('records.diagnosis')}>{r.diagnosis || '—'}</Descriptions.Item>
                  {r.type === 'appointment' ? <Descriptions.Item label={t('records.treatment')}>{r.treatment || '—'}</Descriptions.Item> : null}
                  {r.notes ? <Descriptions.Item label={t('write.notes')}>{r.notes}</Descriptions.Item> : null}
                </Descriptions>
                {r.medicines.length ? <Typography.Text type="secondary">{r.medicines.map((m) => `${m.name} ${m.dosage}`).join(', ')}</Typography.Text> : null}
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {editing ? <EditRecordModal record={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
