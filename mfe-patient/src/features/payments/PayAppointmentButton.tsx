import { CreditCardOutlined } from '@ant-design/icons';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { formatKsh } from 'shell/ui-kit';
import { PaymentOptions } from './PaymentOptions';

/** My Appointments' Pay Now: the same payment options as after booking, in a dialog. */
export function PayAppointmentButton({ appointmentId, amount, doctor }: { appointmentId: number; amount: number; doctor: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<CreditCardOutlined />} onClick={() => setOpen(true)} data-testid={`pay-${appointmentId}`}>
        Pay Now
      </Button>
      <Modal open={open} title="Complete Payment" onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <Typography.Paragraph>
          Appointment #{appointmentId} with {doctor}: <strong>{formatKsh(amount)}</strong>
        </Typography.Paragraph>
        <PaymentOptions appointmentId={appointmentId} amount={amount} />
      </Modal>
    </>
  );
}
