import { useAdminTranslation } from '../../i18n';
import { formatDate } from 'shell/i18n';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, MedicinesTable, PageHeader } from 'shell/ui-kit';
import { usePrescription } from './api';

/** /dashboard/prescriptions/{id} for admins. */
export function AdminPrescriptionPage() {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  const { prescriptionId } = useParams();
  const id = /^\d+$/.test(prescriptionId ?? '') ? Number(prescriptionId) : undefined;
  const query = usePrescription(id);
  const { loading, failed } = queryStatus(query);
  const missing = !id || (failed && query.error instanceof ApiError && query.error.status === 404);
  const p = query.data;
  return (
    <div>
      <PageHeader title={t('rx.one')} extra={<Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/dashboard/prescriptions')}>{t('rx.allBack')}</Button>} />
      {missing ? (
        <EmptyState title={t('rx.notFound')} />
      ) : failed ? (
        <ErrorState message={t('rx.loadOneError', { error: errorText(query.error, t('rx.fetchOneFailed')) })} onRetry={() => void query.refetch()} />
      ) : loading || !p ? (
        <Skeleton active />
      ) : (
        <Card title={p.prescription_number}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('common.patient')}>{t('rx.patientWithId', { name: p.patient_name ?? `#${p.patient_id}`, id: p.patient_id })}</Descriptions.Item>
            <Descriptions.Item label={t('common.doctor')}>{p.doctor_name ? t('common.doctorName', { name: p.doctor_name }) : `#${p.doctor_id}`}</Descriptions.Item>
            <Descriptions.Item label={t('rx.issued')}>{formatDate(p.issued_at)}</Descriptions.Item>
            <Descriptions.Item label={t('common.appointment')}>#{p.appointment_id}</Descriptions.Item>
            {p.notes ? <Descriptions.Item label={t('rx.notes')}>{p.notes}</Descriptions.Item> : null}
          </Descriptions>
          <MedicinesTable medicines={p.medicines} />
        </Card>
      )}
    </div>
  );
}
