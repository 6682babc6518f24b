import { CalendarOutlined, PhoneOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Space, Tag, Typography } from 'antd';
import { Money, initials } from 'shell/ui-kit';
import { doctorFullName, type Doctor } from '../../api/doctors';
import { specialtyLabel } from 'shell/i18n';
import { weekdayName } from '../../shared/booking/booking.rules';
import { usePatientTranslation } from '../../i18n';

/** One doctor on Find Doctors: name, specialization, phone, working days, fee, and Book Appointment. */
export function DoctorCard({ doctor: d, onBook }: { doctor: Doctor; onBook: () => void }) {
  const { t } = usePatientTranslation();
  return (
    <Card style={{ height: '100%' }} styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, height: '100%' } }} data-testid="doctor-card">
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', minWidth: 0 }}>
        <Avatar size={48} style={{ background: '#0f766e', flex: 'none' }}>
          {initials(d.first_name, d.last_name)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
            {doctorFullName(d)}
          </Typography.Title>
          <Tag color="cyan" style={{ marginTop: 4 }}>
            {d.specialization ? specialtyLabel(d.specialization) : t('doctors.generalPractice')}
          </Tag>
        </div>
      </div>
      <Space orientation="vertical" size={6} style={{ width: '100%' }}>
        <Typography.Text>
          <PhoneOutlined style={{ marginRight: 8 }} aria-hidden />
          {d.contact_phone ? <a href={`tel:${d.contact_phone.replace(/\s+/g, '')}`}>{d.contact_phone}</a> : t('doctors.noPhone')}
        </Typography.Text>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <CalendarOutlined style={{ marginTop: 5 }} aria-hidden />
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} aria-label={t('doctors.availableDays')}>
            {d.available_days.length ? (
              d.available_days.map((day) => (
                <Tag key={day} style={{ marginInlineEnd: 0 }}>
                  {weekdayName(day)}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">{t('doctors.noDays')}</Typography.Text>
            )}
          </div>
        </div>
        <Typography.Text>
          {t('doctors.fee')} {d.fee === null ? <Typography.Text type="secondary">{t('doctors.feeByType')}</Typography.Text> : <Money value={d.fee} strong />}
        </Typography.Text>
        {/* Issue 38: the payers the doctor accepts (self-pay is always possible) */}
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <SafetyCertificateOutlined style={{ marginTop: 5 }} aria-hidden />
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} aria-label={t('doctors.payers')} data-testid="doctor-payers">
            {d.payers?.length ? (
              d.payers.map((p) => (
                <Tag key={p.payer_id} color="green" style={{ marginInlineEnd: 0 }}>
                  {t('doctors.accepts', { payer: p.code })}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">{t('doctors.selfPayOnly')}</Typography.Text>
            )}
          </div>
        </div>
      </Space>
      <Button type="primary" block style={{ marginTop: 'auto' }} aria-label={t('doctors.bookWith', { name: doctorFullName(d) })} onClick={onBook}>
        {t('booking.title')}
      </Button>
    </Card>
  );
}
