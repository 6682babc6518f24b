import { CalendarOutlined, DownloadOutlined, FileTextOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { MedicinesTable } from 'shell/ui-kit';
import type { Prescription } from '../../api/prescriptions';
import { formatDate, specialtyLabel } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';

/** One prescription on the patient's list: number, dates, doctor, medicines, notes, Download PDF. */
export function PrescriptionCard({
  prescription: p,
  onDownload,
  downloading,
  onOpen,
}: {
  prescription: Prescription;
  onDownload: (p: Prescription) => void;
  downloading: boolean;
  onOpen?: (p: Prescription) => void;
}) {
  const { t } = usePatientTranslation();
  return (
    <Card
      title={
        <Space wrap>
          <FileTextOutlined />
          <span>{t('prescriptions.number', { number: p.prescription_number })}</span>
        </Space>
      }
      actions={[
        <Button key="pdf" type="link" icon={<DownloadOutlined />} loading={downloading} onClick={() => onDownload(p)}>
          {t('prescriptions.download')}
        </Button>,
        ...(onOpen
          ? [
              <Button key="open" type="link" onClick={() => onOpen(p)}>
                {t('prescriptions.details')}
              </Button>,
            ]
          : []),
      ]}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={<><CalendarOutlined /> {t('prescriptions.issued')}</>}>{formatDate(p.issued_at, 'date')}</Descriptions.Item>
        <Descriptions.Item label={t('booking.dateLabel')}>{p.appointment_date ? formatDate(p.appointment_date.slice(0, 10), 'date') : '—'}</Descriptions.Item>
        <Descriptions.Item label={<><UserOutlined /> {t('booking.doctor')}</>}>
          {p.doctor_name ? t('home.doctorName', { name: p.doctor_name }) : t('prescriptions.doctorNumber', { id: p.doctor_id })}
          {p.specialization ? <Tag style={{ marginLeft: 8 }}>{specialtyLabel(p.specialization)}</Tag> : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('booking.confirmation.appointment')}>#{p.appointment_id}</Descriptions.Item>
        <Descriptions.Item label={t('prescriptions.patientId')}>{p.patient_id}</Descriptions.Item>
      </Descriptions>
      <MedicinesTable medicines={p.medicines} />
      {p.notes ? (
        <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
          <Typography.Text type="secondary">{t('prescriptions.notes')} </Typography.Text>
          {p.notes}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
