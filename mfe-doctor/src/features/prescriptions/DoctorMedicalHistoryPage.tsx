import { EditOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Empty, Input, Modal, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { errorText, queryStatus } from 'shell/api-client';
import { ErrorState, PageHeader, toast } from 'shell/ui-kit';
import { useDoctorAppointments } from '../../api/appointments';
import { useEditRecord, usePatientHistory, type MedicalRecord } from './api';
import { patientOptions } from './patient-labels';

/** Search over condition, diagnosis and doctor name. */
export function searchRecords(records: MedicalRecord[], search: string): MedicalRecord[] {
  const q = search.trim().toLowerCase();
  return q ? records.filter((r) => [r.condition, r.diagnosis, r.doctor_name].some((f) => f?.toLowerCase().includes(q))) : records;
}

function EditRecordModal({ record, onClose }: { record: MedicalRecord; onClose: () => void }) {
  const [diagnosis, setDiagnosis] = useState(record.diagnosis ?? '');
  const [treatment, setTreatment] = useState(record.treatment ?? '');
  const [notes, setNotes] = useState(record.notes ?? '');
  const edit = useEditRecord();
  const save = () =>
    edit.mutate(
      { recordId: record.id, diagnosis, treatment, notes },
      {
        onSuccess: () => {
          toast.success('Medical record updated');
          onClose();
        },
        onError: (e) => toast.error(errorText(e, 'Failed to update medical record')),
      },
    );
  return (
    <Modal open title="Edit medical record" okText="Save Changes" onOk={save} onCancel={onClose} confirmLoading={edit.isPending} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label>
          Diagnosis
          <Input.TextArea aria-label="Diagnosis" rows={2} value={diagnosis} onChange={(e) => setDiagnosis(e.target.value)} maxLength={2000} />
        </label>
        <label>
          Treatment
          <Input.TextArea aria-label="Treatment" rows={2} value={treatment} onChange={(e) => setTreatment(e.target.value)} maxLength={2000} />
        </label>
        <label>
          Notes
          <Input.TextArea aria-label="Notes" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
        </label>
      </Space>
    </Modal>
  );
}

/** /dashboard/doctor/medical-history: one of the doctor's patients' records; Edit on the doctor's own appointment records. */
export function DoctorMedicalHistoryPage() {
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
        title="Medical History"
        subtitle="Your patients' visits and prescriptions."
        extra={
          <Button icon={<ReloadOutlined />} disabled={!patientId} onClick={() => void history.refetch().then((r) => (r.isError ? toast.error(errorText(r.error, 'Failed to load medical history')) : toast.success('Medical history refreshed')))}>
            Refresh
          </Button>
        }
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select aria-label="Patient" showSearch optionFilterProp="label" placeholder="Select a patient" style={{ minWidth: 260 }} options={patients} value={patientId} onChange={setPatientId} loading={appointments.loading} />
        <Input allowClear prefix={<SearchOutlined />} aria-label="Search medical history" placeholder="Search by condition, diagnosis or doctor" value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 320 }} />
      </Space>
      {appointments.error ? <ErrorState message={appointments.error} onRetry={appointments.load} /> : null}
      {!patientId ? (
        <Empty description="Select a patient to see their medical history." />
      ) : failed ? (
        <ErrorState message={errorText(history.error, 'Failed to load medical history')} onRetry={() => void history.refetch()} />
      ) : loading ? (
        <Skeleton active />
      ) : shown.length === 0 ? (
        <Empty description={history.data?.length ? 'No records match your search.' : 'No medical records yet.'} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((r) => (
            <Col key={r.id} xs={24} lg={12}>
              <Card
                size="small"
                title={
                  <Space wrap>
                    <Tag color={r.type === 'appointment' ? 'blue' : 'purple'}>{r.condition}</Tag>
                    {r.doctor_name ? `Dr. ${r.doctor_name}` : ''}
                  </Space>
                }
                // Edit only where the server allows it (the doctor's own appointment records).
                extra={r.can_edit ? <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} aria-label={`Edit ${r.id}`}>Edit</Button> : null}
              >
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label="Date">{r.date ? dayjs(r.date).format('D MMM YYYY') : '—'}</Descriptions.Item>
                  <Descriptions.Item label="Diagnosis">{r.diagnosis || '—'}</Descriptions.Item>
                  {r.type === 'appointment' ? <Descriptions.Item label="Treatment">{r.treatment || '—'}</Descriptions.Item> : null}
                  {r.notes ? <Descriptions.Item label="Notes">{r.notes}</Descriptions.Item> : null}
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
