import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { MedicalRecord } from '@afya/prescription-service/contracts';

/** One medical history record: condition, doctor, date, diagnosis, treatment, notes, the prescription's medicines. */
export function RecordCard({ record: r, actions }: { record: MedicalRecord; actions?: ReactNode }) {
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Tag color={r.type === 'appointment' ? 'blue' : 'purple'}>{r.condition}</Tag>
          <span>{r.doctor_name ? `Dr. ${r.doctor_name}` : 'Doctor'}</span>
          {r.specialization ? <Typography.Text type="secondary">{r.specialization}</Typography.Text> : null}
        </Space>
      }
      extra={actions}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Date">{r.date ? dayjs(r.date).format('D MMM YYYY') : '—'}</Descriptions.Item>
        <Descriptions.Item label="Diagnosis">{r.diagnosis || '—'}</Descriptions.Item>
        {r.type === 'appointment' ? <Descriptions.Item label="Treatment">{r.treatment || '—'}</Descriptions.Item> : null}
        {r.notes ? <Descriptions.Item label="Notes">{r.notes}</Descriptions.Item> : null}
      </Descriptions>
      {r.medicines.length ? (
        <div>
          <Typography.Text strong>Medicines</Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
            {r.medicines.map((m, i) => (
              <li key={i}>
                <strong>{m.name}</strong> {m.dosage}
                {m.frequency ? ` · ${m.frequency}` : ''} · {m.instructions}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
