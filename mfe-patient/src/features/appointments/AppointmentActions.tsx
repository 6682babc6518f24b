import { FileTextOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { doctorName } from 'shell/ui-kit';
import { PayAppointmentButton } from '../payments/PayAppointmentButton';
import type { Appointment } from './api';
import { cancelRule, canPay, canRate, hasActions } from './appointments.logic';
import { RateAppointment } from './RateAppointment';

/**
 * A patient's buttons on one appointment card: Pay Now (card or M-Pesa, in a dialog), View Prescription, Rate Visit,
 * and Cancel (disabled, with the reason, inside the notice period). Nothing when none applies.
 */
export function AppointmentActions({
  appointment: a,
  prescriptionId,
  cancelling,
  onCancel,
  onViewPrescription,
  onRated,
  now = Date.now(),
}: {
  appointment: Appointment;
  prescriptionId?: number;
  cancelling: boolean;
  onCancel: () => void;
  onViewPrescription: (prescriptionId: number) => void;
  onRated: (rating: number, comment?: string) => void;
  now?: number;
}) {
  const rule = cancelRule(a, now);
  if (!hasActions(a, prescriptionId !== undefined, now)) return null;
  return (
    <>
      {canPay(a) ? <PayAppointmentButton appointmentId={a.appointment_id} amount={a.total_amount} doctor={doctorName(a)} /> : null}
      {prescriptionId !== undefined ? (
        <Button icon={<FileTextOutlined />} onClick={() => onViewPrescription(prescriptionId)}>
          View Prescription
        </Button>
      ) : null}
      {canRate(a) ? <RateAppointment appointment={a} onRated={onRated} /> : null}
      {rule.show ? (
        rule.allowed ? (
          <Button danger loading={cancelling} onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Tooltip title={rule.reason} trigger={['hover', 'focus']}>
            <span tabIndex={0} aria-label={`Cancel unavailable: ${rule.reason}`} data-testid="cancel-locked">
              <Button danger disabled>
                Cancel
              </Button>
            </span>
          </Tooltip>
        )
      ) : null}
    </>
  );
}
