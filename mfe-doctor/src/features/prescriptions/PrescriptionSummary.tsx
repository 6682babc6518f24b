import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Typography } from 'antd';
import { MedicinesTable } from 'shell/ui-kit';
import dayjs from 'dayjs';
import type { PrescriptionView } from './api';

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
  return (
    <Card
      title={`${p.prescription_number} · ${p.patient_name ?? `Patient #${p.patient_id}`}`}
      actions={[
        ...(onEdit
          ? [
              <Button key="edit" type="link" icon={<EditOutlined />} onClick={() => onEdit(p)}>
                Edit
              </Button>,
            ]
          : []),
        <Button key="pdf" type="link" icon={<DownloadOutlined />} loading={downloading} onClick={() => onDownload(p)}>
          Download PDF
        </Button>,
      ]}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Issued">{dayjs(p.issued_at).format('D MMM YYYY')}</Descriptions.Item>
        <Descriptions.Item label="Appointment">
          #{p.appointment_id} {p.appointment_date ? `· ${dayjs(p.appointment_date).format('D MMM YYYY')}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Patient ID">{p.patient_id}</Descriptions.Item>
        <Descriptions.Item label="Doctor">{p.doctor_name ? `Dr. ${p.doctor_name}` : `#${p.doctor_id}`}</Descriptions.Item>
      </Descriptions>
      <MedicinesTable medicines={p.medicines} />
      {p.notes ? (
        <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
          <Typography.Text type="secondary">Notes: </Typography.Text>
          {p.notes}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
