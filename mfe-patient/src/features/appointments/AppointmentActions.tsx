import { CalendarOutlined, CreditCardOutlined, CustomerServiceOutlined, FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { Button, Tooltip } from 'antd';
import type { Appointment } from './api';
import { cancelRule, canPay, canRate, hasActions, rescheduleRule } from './appointments.logic';
import { RateAppointment } from './RateAppointment';

/**
 * A patient's buttons on one appointment card: Pay Now (card or M-Pesa, in a dialog), View Prescription, Rate Visit,
 * Reschedule and Cancel (inside the notice period disabled, with the reason and a link to support). Nothing when none
 * applies.
 */
export function AppointmentActions({
  appointment: a,
  prescriptionId,
  cancelling,
  onPay,
  onCancel,
  onReschedule,
  onViewPrescription,
  onRated,
  now = Date.now(),
}: {
  appointment: Appointment;
  prescriptionId?: number;
  cancelling: boolean;
  /** Pay Now: the page opens its payment dialog (it must outlive this card's buttons). */
  onPay: () => void;
  onCancel: () => void;
  /** Reschedule: the page opens its dialog with the booking screen's slot picker. */
  onReschedule: () => void;
  onViewPrescription: (prescriptionId: number) => void;
  onRated: (rating: number, comment?: string) => void;
  now?: number;
}) {
  const rule = cancelRule(a, now);
  const move = rescheduleRule(a, now);
  if (!hasActions(a, prescriptionId !== undefined, now)) return null;
  return (
    <>
      {canPay(a) ? (
        <Button type="primary" icon={<CreditCardOutlined />} onClick={onPay} data-testid={`pay-${a.appointment_id}`}>
          Pay Now
        </Button>
      ) : null}
      {prescriptionId !== undefined ? (
        <Button icon={<FileTextOutlined />} onClick={() => onViewPrescription(prescriptionId)}>
          View Prescription
        </Button>
      ) : null}
      {canRate(a) ? <RateAppointment appointment={a} onRated={onRated} /> : null}
      {move.show ? (
        move.allowed ? (
          <Button icon={<CalendarOutlined />} onClick={onReschedule} data-testid={`reschedule-${a.appointment_id}`}>
            Reschedule
          </Button>
        ) : (
          <Tooltip title={move.reason} trigger={['hover', 'focus']}>
            <span tabIndex={0} aria-label={`Reschedule unavailable: ${move.reason}`}>
              <Button icon={<CalendarOutlined />} disabled>
                Reschedule
              </Button>
            </span>
          </Tooltip>
        )
      ) : null}
      {rule.show ? (
        rule.allowed ? (
          <Button danger loading={cancelling} onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <>
            <Tooltip title={rule.reason} trigger={['hover', 'focus']}>
              <span tabIndex={0} aria-label={`Cancel unavailable: ${rule.reason}`} data-testid="cancel-locked">
                <Button danger disabled>
                  Cancel
                </Button>
              </span>
            </Tooltip>
            {/* Too late to cancel here: the clinic can still help (a late cancellation, a reschedule). */}
            <Link to="/dashboard/support" data-testid="cancel-support">
              <CustomerServiceOutlined /> Contact support to cancel
            </Link>
          </>
        )
      ) : null}
    </>
  );
}
