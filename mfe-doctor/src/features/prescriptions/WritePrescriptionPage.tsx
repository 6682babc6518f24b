import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Select, Skeleton, Typography } from 'antd';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Medicine } from '@afya/prescription-service/contracts';
import { appointmentTypeLabel, formatDate, formatSlot } from 'shell/i18n';
import { errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, PageHeader, toast } from 'shell/ui-kit';
import { useCreatePrescription, useWritableAppointments } from '../../api/prescriptions';
import { emptyMedicine, medicinesValid, startedFilling, trimMedicines } from './medicine-rows';
import { MedicineRows } from './MedicineRows';
import { PatientHistory } from '../../shared/PatientHistory';
import { writableOptions } from './patient-labels';
import { useDoctorTranslation } from '../../i18n';

export const REDIRECT_MS = 1500;

/** /dashboard/doctor/write-prescription: pick an own appointment, see the patient and history, write the medicines. */
export function WritePrescriptionPage() {
  const { t } = useDoctorTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const writable = useWritableAppointments();
  const { loading, failed } = queryStatus(writable);
  const [appointmentId, setAppointmentId] = useState<number | undefined>(() => (params.get('appointment_id') ? Number(params.get('appointment_id')) : undefined));
  const [medicines, setMedicines] = useState<Medicine[]>([emptyMedicine()]);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const create = useCreatePrescription();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const appointment = writable.data?.find((a) => a.appointment_id === appointmentId);
  const options = useMemo(() => writableOptions(writable.data ?? []), [writable.data]);
  const valid = !!appointment && medicinesValid(medicines);
  // Save stays disabled until the form is valid (CONTRACT.md §5); once the doctor has started, say why it is.
  const incomplete = !valid && !error && (startedFilling(medicines) || !!notes);
  const hintId = useId();

  const submit = () => {
    if (!appointment || !medicinesValid(medicines)) {
      setError(t('messages.fillRequired'));
      return;
    }
    setError(null);
    create.mutate(
      { appointment_id: appointment.appointment_id, medicines: trimMedicines(medicines), notes: notes.trim() },
      {
        onSuccess: () => {
          toast.success(t('messages.created'));
          setDone(true);
          timer.current = setTimeout(() => navigate('/dashboard/doctor/prescriptions'), REDIRECT_MS);
        },
        onError: (e) => setError(errorText(e, t('write.createFailed'))),
      },
    );
  };

  return (
    <div>
      <PageHeader title={t('nav.writePrescription')} subtitle={t('write.subtitle')} />
      {failed ? <ErrorState message={errorText(writable.error, t('write.fetchFailed'))} onRetry={() => void writable.refetch()} /> : null}
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !failed && writable.data?.length === 0 ? (
        <EmptyState title={t('write.empty')} description={t('write.emptyHint')} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <Card>
              <Form layout="vertical" onFinish={submit} disabled={done}>
                <Form.Item label={t('write.appointment')} required>
                  <Select
                    aria-label={t('write.appointment')}
                    showSearch
                    optionFilterProp="label"
                    placeholder={t('write.selectAppointment')}
                    value={appointment ? appointment.appointment_id : undefined}
                    onChange={(id: number) => setAppointmentId(id)}
                    options={options}
                  />
                </Form.Item>
                {appointment ? (
                  <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
                    <Descriptions.Item label={t('home.patient')}>{appointment.patient_name ?? `#${appointment.patient_id}`}</Descriptions.Item>
                    {appointment.patient_phone ? <Descriptions.Item label={t('write.phone')}>{appointment.patient_phone}</Descriptions.Item> : null}
                    <Descriptions.Item label={t('write.date')}>{formatDate(appointment.appointment_date.slice(0, 10), 'day')}</Descriptions.Item>
                    <Descriptions.Item label={t('home.time')}>{formatSlot(appointment.time_slot)}</Descriptions.Item>
                    <Descriptions.Item label={t('home.type')}>{appointmentTypeLabel(appointment.appointment_type)}</Descriptions.Item>
                  </Descriptions>
                ) : null}
                <Form.Item label={t('write.medicines')} required>
                  <MedicineRows value={medicines} onChange={setMedicines} />
                </Form.Item>
                <Form.Item label={t('write.notes')}>
                  <Input.TextArea aria-label={t('write.notes')} rows={3} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} placeholder={t('write.notesPlaceholder')} />
                </Form.Item>
                {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
                <div role="status" id={hintId} style={{ marginBottom: incomplete ? 12 : 0 }}>
                  {incomplete ? <Typography.Text type="danger">{t('messages.fillRequired')}</Typography.Text> : null}
                </div>
                <Button type="primary" htmlType="submit" disabled={!valid || done} loading={create.isPending} aria-describedby={incomplete ? hintId : undefined}>
                  {t('write.save')}
                </Button>
              </Form>
            </Card>
          </Col>
          <Col xs={24} lg={10}>{appointment ? <PatientHistory userId={appointment.patient_id} appointmentId={appointment.appointment_id} /> : <Card size="small" title={t('history.title')}>{t('write.selectForHistory')}</Card>}</Col>
        </Row>
      )}
    </div>
  );
}
