import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { MedicalRecord } from '@afya/prescription-service/contracts';
import { formatDate, specialtyLabel } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';
import { kindLabel } from './history.logic';

/** One medical history record: condition, doctor, date, diagnosis, treatment, notes, the prescription's medicines. */
export function RecordCard({ record: r, actions }: { record: MedicalRecord; actions?: ReactNode }) {
  const { t } = usePatientTranslation();
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Tag color={r.type === 'appointment' ? 'blue' : 'purple'}>{kindLabel(r)}</Tag>
          <span>{r.doctor_name ? t('home.doctorName', { name: r.doctor_name }) : t('booking.doctor')}</span>
          {r.specialization ? <Typography.Text type="secondary">{specialtyLabel(r.specialization)}</Typography.Text> : null}
        </Space>
      }
      extra={actions}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('booking.date')}>{r.date ? formatDate(r.date, 'date') : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('history.diagnosis')}>{r.diagnosis || '—'}</Descriptions.Item>
        {r.type === 'appointment' ? <Descriptions.Item label={t('history.treatment')}>{r.treatment || '—'}</Descriptions.Item> : null}
        {r.notes ? <Descriptions.Item label={t('history.notes')}>{r.notes}</Descriptions.Item> : null}
      </Descriptions>
      {r.medicines.length ? (
        <div>
          <Typography.Text strong>{t('history.medicines')}</Typography.Text>
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
