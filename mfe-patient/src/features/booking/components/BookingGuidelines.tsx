import { ClockCircleOutlined, InfoCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { CANCELLATION_NOTICE_HOURS } from '@afya/appointment-service/contracts/catalog';
import { Card, Space, Typography } from 'antd';
import { Fragment } from 'react';
import { officeHoursLines } from '../booking.rules';

/** The panels beside the booking form: guidelines, emergency advice, office hours (CLINIC_HOURS, as the slots). */
export function BookingGuidelines() {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title={<span><InfoCircleOutlined style={{ color: '#0f766e', marginRight: 8 }} />Booking Guidelines</span>}>
        <ul style={{ paddingLeft: 18, margin: 0, lineHeight: 1.8 }}>
          <li>Please arrive 15 minutes early for your appointment.</li>
          <li>Cancel at least {CANCELLATION_NOTICE_HOURS} hours in advance if you cannot make it.</li>
          <li>Bring your ID, insurance card and any previous medical records.</li>
          <li>Your booking is Pending until you pay; paying confirms it at once.</li>
        </ul>
      </Card>
      <Card size="small" title={<span><WarningOutlined style={{ color: '#dc2626', marginRight: 8 }} />Emergency?</span>}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Do not book online for an emergency. Call <a href="tel:999" className="afya-inline-link">999</a> or <a href="tel:112" className="afya-inline-link">112</a>, or go to the nearest emergency
          department right away.
        </Typography.Paragraph>
      </Card>
      <Card size="small" title={<span><ClockCircleOutlined style={{ color: '#2563eb', marginRight: 8 }} />Office Hours</span>}>
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 16px', margin: 0 }}>
          {officeHoursLines().map((line) => (
            <Fragment key={line.days}>
              <dt>{line.days}</dt>
              <dd style={{ margin: 0, textAlign: 'right' }}>{line.hours}</dd>
            </Fragment>
          ))}
        </dl>
      </Card>
    </Space>
  );
}
