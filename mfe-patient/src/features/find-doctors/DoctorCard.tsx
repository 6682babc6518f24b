import { CalendarOutlined, PhoneOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Space, Tag, Typography } from 'antd';
import { Money, initials } from 'shell/ui-kit';
import { doctorFullName, type Doctor } from './api';

/** One doctor on Find Doctors: name, specialization, phone, working days, fee, and Book Appointment. */
export function DoctorCard({ doctor: d, onBook }: { doctor: Doctor; onBook: () => void }) {
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
            {d.specialization || 'General practice'}
          </Tag>
        </div>
      </div>
      <Space orientation="vertical" size={6} style={{ width: '100%' }}>
        <Typography.Text>
          <PhoneOutlined style={{ marginRight: 8 }} aria-hidden />
          {d.contact_phone ? <a href={`tel:${d.contact_phone.replace(/\s+/g, '')}`}>{d.contact_phone}</a> : 'No phone listed'}
        </Typography.Text>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <CalendarOutlined style={{ marginTop: 5 }} aria-hidden />
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} aria-label="Available days">
            {d.available_days.length ? (
              d.available_days.map((day) => (
                <Tag key={day} style={{ marginInlineEnd: 0 }}>
                  {day}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">Days not listed</Typography.Text>
            )}
          </div>
        </div>
        <Typography.Text>
          Consultation fee: {d.fee === null ? <Typography.Text type="secondary">by appointment type</Typography.Text> : <Money value={d.fee} strong />}
        </Typography.Text>
      </Space>
      <Button type="primary" block style={{ marginTop: 'auto' }} aria-label={`Book Appointment with ${doctorFullName(d)}`} onClick={onBook}>
        Book Appointment
      </Button>
    </Card>
  );
}
