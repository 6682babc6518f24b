import type { AppointmentView } from '@afya/appointment-service/contracts';
import { CreditCardOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { Money } from 'shell/ui-kit';
import { BOOKED_TEXT } from '../booking.rules';

/** After booking: what was booked (as the server saved it), the amount due, and how to pay. */
export function BookingConfirmation({ appointment, doctorName, onPayLater }: { appointment: AppointmentView; doctorName: string; onPayLater: () => void }) {
  return (
    <Card title="Complete Payment" data-testid="payment-panel">
      <Alert type="success" showIcon title={BOOKED_TEXT} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Appointment">#{appointment.appointment_id}</Descriptions.Item>
        <Descriptions.Item label="Doctor">{doctorName}</Descriptions.Item>
        <Descriptions.Item label="Date">{dayjs(appointment.appointment_date).format('dddd, D MMMM YYYY')}</Descriptions.Item>
        <Descriptions.Item label="Time">{appointment.time_slot}</Descriptions.Item>
        <Descriptions.Item label="Type">{appointment.appointment_type}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        Amount due: <Money value={appointment.total_amount} strong style={{ fontSize: 18 }} />
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button icon={<CreditCardOutlined />} disabled aria-describedby="payment-note">
          Pay by Card
        </Button>
        <Button icon={<MobileOutlined />} disabled aria-describedby="payment-note">
          Pay with M-Pesa
        </Button>
        <Button type="primary" onClick={onPayLater}>
          Pay Later
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" id="payment-note" style={{ marginBottom: 0 }}>
        Online payment by card and M-Pesa is being connected and is not available yet. Your appointment is saved as Pending; you
        can pay later from My Appointments.
      </Typography.Paragraph>
    </Card>
  );
}
