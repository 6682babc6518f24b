import { CalendarOutlined, CreditCardOutlined, CustomerServiceOutlined, FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { Button, Tooltip } from 'antd';
import type { Appointment } from '../../api/appointments';
import { cancelRule, canPay, canRate, hasActions, needsNewTime, rescheduleRule } from './appointments.logic';
import { translateMessage } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';
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
  const { t } = usePatientTranslation();
  const rule = cancelRule(a, now);
  const move = rescheduleRule(a, now);
  if (!hasActions(a, prescriptionId !== undefined, now)) return null;
  return (
    <>
      {canPay(a) ? (
        <Button type="primary" icon={<CreditCardOutlined />} onClick={onPay} data-testid={`pay-${a.appointment_id}`}>
          {t('appointments.payNow')}
        </Button>
      ) : null}
      {prescriptionId !== undefined ? (
        <Button icon={<FileTextOutlined />} onClick={() => onViewPrescription(prescriptionId)}>
          {t('appointments.viewPrescription')}
        </Button>
      ) : null}
      {canRate(a) ? <RateAppointment appointment={a} onRated={onRated} /> : null}
      {/* a visit that needs a new time offers it in its notice (NewTimeNotice), as Pick a new time */}
      {move.show && !needsNewTime(a) ? (
        move.allowed ? (
          <Button icon={<CalendarOutlined />} onClick={onReschedule} data-testid={`reschedule-${a.appointment_id}`}>
            {t('appointments.reschedule')}
          </Button>
        ) : (
          <Tooltip title={translateMessage(move.reason ?? '')} trigger={['hover', 'focus']}>
            <span tabIndex={0} aria-label={t('appointments.rescheduleUnavailable', { reason: translateMessage(move.reason ?? '') })}>
              <Button icon={<CalendarOutlined />} disabled>
                {t('appointments.reschedule')}
              </Button>
            </span>
          </Tooltip>
        )
      ) : null}
      {rule.show ? (
        rule.allowed ? (
          <Button danger loading={cancelling} onClick={onCancel}>
            {t('appointments.cancel')}
          </Button>
        ) : (
          <>
            <Tooltip title={translateMessage(rule.reason ?? '')} trigger={['hover', 'focus']}>
              <span tabIndex={0} aria-label={t('appointments.cancelUnavailable', { reason: translateMessage(rule.reason ?? '') })} data-testid="cancel-locked">
                <Button danger disabled>
                  {t('appointments.cancel')}
                </Button>
              </span>
            </Tooltip>
            {/* Too late to cancel here: the clinic can still help (a late cancellation, a reschedule). */}
            <Link to="/dashboard/support" data-testid="cancel-support">
              <CustomerServiceOutlined /> {t('appointments.contactToCancel')}
            </Link>
          </>
        )
      ) : null}
    </>
  );
}
