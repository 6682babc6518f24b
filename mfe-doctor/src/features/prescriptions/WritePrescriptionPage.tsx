import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Select, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Medicine } from '@afya/prescription-service/contracts';
import { PrescriptionMessages } from '@afya/prescription-service/contracts/catalog';
import { errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, PageHeader, toast } from 'shell/ui-kit';
import { useCreatePrescription, useWritableAppointments } from './api';
import { emptyMedicine, medicinesValid, startedFilling, trimMedicines } from './medicine-rows';
import { MedicineRows } from './MedicineRows';
import { PatientHistory } from './PatientHistory';
import { writableOptions } from './patient-labels';

export const REDIRECT_MS = 1500;

/** /dashboard/doctor/write-prescription: pick an own appointment, see the patient and history, write the medicines. */
export function WritePrescriptionPage() {
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
      setError(PrescriptionMessages.fillRequired);
      return;
    }
    setError(null);
    create.mutate(
      { appointment_id: appointment.appointment_id, medicines: trimMedicines(medicines), notes: notes.trim() },
      {
        onSuccess: () => {
          toast.success(PrescriptionMessages.created);
          setDone(true);
          timer.current = setTimeout(() => navigate('/dashboard/doctor/prescriptions'), REDIRECT_MS);
        },
        onError: (e) => setError(errorText(e, 'Failed to create prescription')),
      },
    );
  };

  return (
    <div>
      <PageHeader title="Write Prescription" subtitle="For one of your appointments that has no prescription yet." />
      {failed ? <ErrorState message={errorText(writable.error, 'Failed to fetch appointments')} onRetry={() => void writable.refetch()} /> : null}
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !failed && writable.data?.length === 0 ? (
        <EmptyState title="No appointments waiting for a prescription." description="Every one of your appointments already has one, or none is booked yet." />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <Card>
              <Form layout="vertical" onFinish={submit} disabled={done}>
                <Form.Item label="Appointment" required>
                  <Select
                    aria-label="Appointment"
                    showSearch
                    optionFilterProp="label"
                    placeholder="Select an appointment"
                    value={appointment ? appointment.appointment_id : undefined}
                    onChange={(id: number) => setAppointmentId(id)}
                    options={options}
                  />
                </Form.Item>
                {appointment ? (
                  <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
                    <Descriptions.Item label="Patient">{appointment.patient_name ?? `#${appointment.patient_id}`}</Descriptions.Item>
                    {appointment.patient_phone ? <Descriptions.Item label="Phone">{appointment.patient_phone}</Descriptions.Item> : null}
                    <Descriptions.Item label="Date">{dayjs(appointment.appointment_date).format('ddd, D MMM YYYY')}</Descriptions.Item>
                    <Descriptions.Item label="Time">{appointment.time_slot}</Descriptions.Item>
                    <Descriptions.Item label="Type">{appointment.appointment_type}</Descriptions.Item>
                  </Descriptions>
                ) : null}
                <Form.Item label="Medicines" required>
                  <MedicineRows value={medicines} onChange={setMedicines} />
                </Form.Item>
                <Form.Item label="Notes">
                  <Input.TextArea aria-label="Notes" rows={3} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} placeholder="Optional notes for the patient" />
                </Form.Item>
                {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
                <div role="status" id={hintId} style={{ marginBottom: incomplete ? 12 : 0 }}>
                  {incomplete ? <Typography.Text type="danger">{PrescriptionMessages.fillRequired}</Typography.Text> : null}
                </div>
                <Button type="primary" htmlType="submit" disabled={!valid || done} loading={create.isPending} aria-describedby={incomplete ? hintId : undefined}>
                  Save Prescription
                </Button>
              </Form>
            </Card>
          </Col>
          <Col xs={24} lg={10}>{appointment ? <PatientHistory userId={appointment.patient_id} /> : <Card size="small" title="Medical history">Select an appointment to see the patient&apos;s history.</Card>}</Col>
        </Row>
      )}
    </div>
  );
}
