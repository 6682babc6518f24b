import type { AppointmentView } from '@afya/appointment-service/contracts';
import { Alert, Button, Card, Descriptions, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { appointmentTypeLabel, formatDate, formatSlot, translateMessage, visitModeLabel } from 'shell/i18n';
import { focusElement, formatKsh, Money } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { PaymentOptions } from '../payments/PaymentOptions';
import { BOOKED_TEXT } from './booking.rules';

/**
 * After booking: what was booked (as the server saved it), the amount due, and how to pay (M-Pesa, card or later).
 * The booking form and a claimed waitlist offer both end here; `message` is the server's reply to say on top (the
 * booking's own text when absent).
 */
export function BookingConfirmation({
  appointment,
  doctorName,
  onPayLater,
  message = BOOKED_TEXT,
}: {
  appointment: AppointmentView;
  doctorName: string;
  onPayLater: () => void;
  message?: string;
}) {
  // The form the patient was in is gone: focus goes to what replaced it, so keyboard and screen-reader users
  // continue from here rather than from the top of the document.
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = usePatientTranslation();
  // Issue 38: a covered visit's payment is what is due now (the co-pay), never more.
  const due = appointment.amount_due_now ?? appointment.total_amount;
  useEffect(() => {
    if (heading.current) focusElement(heading.current);
  }, []);
  return (
    <Card
      title={
        <h2 ref={heading} className="afya-card-heading">
          {t('booking.confirmation.title')}
        </h2>
      }
      data-testid="payment-panel"
    >
      <Alert type="success" showIcon title={translateMessage(message)} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('booking.confirmation.appointment')}>#{appointment.appointment_id}</Descriptions.Item>
        <Descriptions.Item label={t('booking.doctor')}>{doctorName}</Descriptions.Item>
        <Descriptions.Item label={t('booking.date')}>{formatDate(appointment.appointment_date.slice(0, 10), 'dayLong')}</Descriptions.Item>
        <Descriptions.Item label={t('booking.time')}>{formatSlot(appointment.time_slot)}</Descriptions.Item>
        <Descriptions.Item label={t('booking.confirmation.type')}>{appointmentTypeLabel(appointment.appointment_type)}</Descriptions.Item>
        {appointment.visit_mode ? <Descriptions.Item label={t('booking.confirmation.visit')}>{visitModeLabel(appointment.visit_mode)}</Descriptions.Item> : null}
      </Descriptions>
      {appointment.cover ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('booking.cover.split', { payer: appointment.cover.payer_code, covered: formatKsh(appointment.cover.cover_amount), due: formatKsh(appointment.cover.copay_amount) })}
          description={t('booking.cover.atDesk')}
        />
      ) : null}
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {t('booking.confirmation.amountDue')} <Money value={due} strong style={{ fontSize: 18 }} />
      </Typography.Paragraph>
      {due > 0 ? (
      <PaymentOptions
        appointmentId={appointment.appointment_id}
        amount={due}
        extra={
          <Button onClick={onPayLater} data-testid="pay-later">
            {t('booking.confirmation.payLater')}
          </Button>
        }
        done={
          <Button type="primary" onClick={onPayLater}>
            {t('booking.confirmation.viewAppointments')}
          </Button>
        }
      />
      ) : (
        <Button type="primary" onClick={onPayLater}>
          {t('booking.confirmation.viewAppointments')}
        </Button>
      )}
    </Card>
  );
}
