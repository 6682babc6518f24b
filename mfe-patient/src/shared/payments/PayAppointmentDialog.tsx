import { Modal, Typography } from 'antd';
import { formatKsh } from 'shell/ui-kit';
import { PaymentOptions } from './PaymentOptions';
import { usePatientTranslation } from '../../i18n';

/** The appointment being paid: a snapshot taken at Pay Now, so the dialog outlives the list's refresh. */
export interface PayingAppointment {
  appointmentId: number;
  amount: number;
  doctor: string;
}

/**
 * My Appointments' Complete Payment dialog: the same payment options as after booking. It lives on the page, not in
 * the appointment's card: once paid, the card drops its Pay Now button, and the dialog must stay to show the outcome.
 */
export function PayAppointmentDialog({ paying, onClose }: { paying: PayingAppointment | null; onClose: () => void }) {
  const { t } = usePatientTranslation();
  return (
    <Modal open={paying !== null} title={t('booking.confirmation.title')} onCancel={onClose} footer={null} destroyOnHidden>
      {paying ? (
        <>
          <Typography.Paragraph>
            {t('pay.dialogLine', { id: paying.appointmentId, doctor: paying.doctor })} <strong>{formatKsh(paying.amount)}</strong>
          </Typography.Paragraph>
          <PaymentOptions appointmentId={paying.appointmentId} amount={paying.amount} />
        </>
      ) : null}
    </Modal>
  );
}
