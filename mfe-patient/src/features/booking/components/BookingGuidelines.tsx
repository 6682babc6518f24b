import { ClockCircleOutlined, InfoCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { CANCELLATION_NOTICE_HOURS } from '@afya/appointment-service/contracts/catalog';
import { Card, Space, Typography } from 'antd';
import { Fragment } from 'react';
import { officeHoursLines } from '../../../shared/booking/booking.rules';
import { usePatientTranslation } from '../../../i18n';

/** The panels beside the booking form: guidelines, emergency advice, office hours (CLINIC_HOURS, as the slots). */
export function BookingGuidelines() {
  const { t } = usePatientTranslation();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title={<span><InfoCircleOutlined style={{ color: '#0f766e', marginRight: 8 }} />{t('booking.guidelines.title')}</span>}>
        <ul style={{ paddingLeft: 18, margin: 0, lineHeight: 1.8 }}>
          <li>{t('booking.guidelines.early')}</li>
          <li>{t('booking.guidelines.cancel', { hours: CANCELLATION_NOTICE_HOURS })}</li>
          <li>{t('booking.guidelines.bring')}</li>
          <li>{t('booking.guidelines.pending')}</li>
        </ul>
      </Card>
      <Card size="small" title={<span><WarningOutlined style={{ color: '#dc2626', marginRight: 8 }} />{t('booking.emergency.title')}</span>}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('booking.emergency.before')} <a href="tel:999" className="afya-inline-link">999</a> {t('booking.emergency.or')}{' '}
          <a href="tel:112" className="afya-inline-link">112</a>{t('booking.emergency.after')}
        </Typography.Paragraph>
      </Card>
      <Card size="small" title={<span><ClockCircleOutlined style={{ color: '#2563eb', marginRight: 8 }} />{t('booking.officeHours')}</span>}>
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
