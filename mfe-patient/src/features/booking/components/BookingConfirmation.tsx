import type { AppointmentView } from '@afya/appointment-service/contracts';
import { VISIT_MODE_LABELS } from '@afya/appointment-service/contracts/catalog';
import { Alert, Button, Card, Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { focusElement, Money } from 'shell/ui-kit';
import { PaymentOptions } from '../../payments/PaymentOptions';
import { BOOKED_TEXT } from '../booking.rules';

/** After booking: what was booked (as the server saved it), the amount due, and how to pay (M-Pesa, card or later). */
export function BookingConfirmation({ appointment, doctorName, onPayLater }: { appointment: AppointmentView; doctorName: string; onPayLater: () => void }) {
  // The form the patient was in is gone: focus goes to what replaced it, so keyboard and screen-reader users
  // continue from here rather than from the top of the document.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (heading.current) focusElement(heading.current);
  }, []);
  return (
    <Card
      title={
        <h2 ref={heading} className="afya-card-heading">
          Complete Payment
        </h2>
      }
      data-testid="payment-panel"
    >
      <Alert type="success" showIcon title={BOOKED_TEXT} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Appointment">#{appointment.appointment_id}</Descriptions.Item>
        <Descriptions.Item label="Doctor">{doctorName}</Descriptions.Item>
        <Descriptions.Item label="Date">{dayjs(appointment.appointment_date).format('dddd, D MMMM YYYY')}</Descriptions.Item>
        <Descriptions.Item label="Time">{appointment.time_slot}</Descriptions.Item>
        <Descriptions.Item label="Type">{appointment.appointment_type}</Descriptions.Item>
        {appointment.visit_mode ? <Descriptions.Item label="Visit">{VISIT_MODE_LABELS[appointment.visit_mode]}</Descriptions.Item> : null}
      </Descriptions>
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        Amount due: <Money value={appointment.total_amount} strong style={{ fontSize: 18 }} />
      </Typography.Paragraph>
      <PaymentOptions
        appointmentId={appointment.appointment_id}
        amount={appointment.total_amount}
        extra={
          <Button onClick={onPayLater} data-testid="pay-later">
            Pay Later
          </Button>
        }
        done={
          <Button type="primary" onClick={onPayLater}>
            View Appointments
          </Button>
        }
      />
    </Card>
  );
}
