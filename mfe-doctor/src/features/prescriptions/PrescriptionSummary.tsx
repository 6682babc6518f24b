import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Typography } from 'antd';
import { MedicinesTable } from 'shell/ui-kit';
import { formatDate } from 'shell/i18n';
import type { PrescriptionView } from '../../api/prescriptions';
import { useDoctorTranslation } from '../../i18n';

/** One issued prescription: patient, dates, medicines, notes, Download PDF and Edit. */
export function PrescriptionSummary({
  prescription: p,
  onDownload,
  downloading,
  onEdit,
}: {
  prescription: PrescriptionView;
  onDownload: (p: PrescriptionView) => void;
  downloading: boolean;
  onEdit?: (p: PrescriptionView) => void;
}) {
  const { t } = useDoctorTranslation();
  return (
    <Card
      title={`${p.prescription_number} · ${p.patient_name ?? t('common.patientNumber', { id: p.patient_id })}`}
      actions={[
        ...(onEdit
          ? [
              <Button key="edit" type="link" icon={<EditOutlined />} onClick={() => onEdit(p)}>
                {t('common.edit')}
              </Button>,
            ]
          : []),
        <Button key="pdf" type="link" icon={<DownloadOutlined />} loading={downloading} onClick={() => onDownload(p)}>
          {t('summary.downloadPdf')}
        </Button>,
      ]}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('summary.issued')}>{formatDate(p.issued_at)}</Descriptions.Item>
        <Descriptions.Item label={t('write.appointment')}>
          #{p.appointment_id} {p.appointment_date ? `· ${formatDate(p.appointment_date.slice(0, 10))}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('summary.patientId')}>{p.patient_id}</Descriptions.Item>
        <Descriptions.Item label={t('summary.doctor')}>{p.doctor_name ? t('common.doctorName', { name: p.doctor_name }) : `#${p.doctor_id}`}</Descriptions.Item>
      </Descriptions>
      <MedicinesTable medicines={p.medicines} />
      {p.notes ? (
        <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
          <Typography.Text type="secondary">{t('summary.notes')} </Typography.Text>
          {p.notes}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
