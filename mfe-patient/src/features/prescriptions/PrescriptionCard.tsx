import { CalendarOutlined, DownloadOutlined, FileTextOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { MedicinesTable } from 'shell/ui-kit';
import dayjs from 'dayjs';
import type { Prescription } from './api';

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
  return (
    <Card
      title={
        <Space wrap>
          <FileTextOutlined />
          <span>Prescription {p.prescription_number}</span>
        </Space>
      }
      actions={[
        <Button key="pdf" type="link" icon={<DownloadOutlined />} loading={downloading} onClick={() => onDownload(p)}>
          Download PDF
        </Button>,
        ...(onOpen
          ? [
              <Button key="open" type="link" onClick={() => onOpen(p)}>
                View details
              </Button>,
            ]
          : []),
      ]}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={<><CalendarOutlined /> Issued</>}>{dayjs(p.issued_at).format('D MMM YYYY')}</Descriptions.Item>
        <Descriptions.Item label="Appointment date">{p.appointment_date ? dayjs(p.appointment_date).format('D MMM YYYY') : '—'}</Descriptions.Item>
        <Descriptions.Item label={<><UserOutlined /> Doctor</>}>
          {p.doctor_name ? `Dr. ${p.doctor_name}` : `Doctor #${p.doctor_id}`}
          {p.specialization ? <Tag style={{ marginLeft: 8 }}>{p.specialization}</Tag> : null}
        </Descriptions.Item>
        <Descriptions.Item label="Appointment">#{p.appointment_id}</Descriptions.Item>
        <Descriptions.Item label="Patient ID">{p.patient_id}</Descriptions.Item>
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
