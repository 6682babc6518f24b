import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, MedicinesTable, PageHeader } from 'shell/ui-kit';
import { usePrescription } from './api';

/** /dashboard/prescriptions/{id} for admins. */
export function AdminPrescriptionPage() {
  const navigate = useNavigate();
  const { prescriptionId } = useParams();
  const id = /^\d+$/.test(prescriptionId ?? '') ? Number(prescriptionId) : undefined;
  const query = usePrescription(id);
  const { loading, failed } = queryStatus(query);
  const missing = !id || (failed && query.error instanceof ApiError && query.error.status === 404);
  const p = query.data;
  return (
    <div>
      <PageHeader title="Prescription" extra={<Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/dashboard/prescriptions')}>All prescriptions</Button>} />
      {missing ? (
        <EmptyState title="No prescription found for this appointment." />
      ) : failed ? (
        <ErrorState message={`Error loading prescription: ${errorText(query.error, 'Failed to fetch prescription')}`} onRetry={() => void query.refetch()} />
      ) : loading || !p ? (
        <Skeleton active />
      ) : (
        <Card title={p.prescription_number}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label="Patient">{p.patient_name ?? `#${p.patient_id}`} (ID {p.patient_id})</Descriptions.Item>
            <Descriptions.Item label="Doctor">{p.doctor_name ? `Dr. ${p.doctor_name}` : `#${p.doctor_id}`}</Descriptions.Item>
            <Descriptions.Item label="Issued">{dayjs(p.issued_at).format('D MMM YYYY')}</Descriptions.Item>
            <Descriptions.Item label="Appointment">#{p.appointment_id}</Descriptions.Item>
            {p.notes ? <Descriptions.Item label="Notes">{p.notes}</Descriptions.Item> : null}
          </Descriptions>
          <MedicinesTable medicines={p.medicines} />
        </Card>
      )}
    </div>
  );
}
