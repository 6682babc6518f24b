import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { formatKsh, toast } from 'shell/ui-kit';
import { useRefund, type Payment } from './api';

/** Confirms a refund with its reason (required). */
export function RefundDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const refund = useRefund();
  const close = () => {
    setReason('');
    refund.reset();
    onClose();
  };
  const submit = () => {
    if (!payment || !reason.trim()) return;
    refund.mutate(
      { id: payment.payment_id, reason: reason.trim() },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          close();
        },
      },
    );
  };
  return (
    <Modal
      open={payment !== null}
      title={payment ? `Refund payment #${payment.payment_id}?` : ''}
      okText="Refund"
      okButtonProps={{ danger: true, disabled: !reason.trim(), loading: refund.isPending }}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
    >
      {payment ? (
        <>
          <Typography.Paragraph>
            {formatKsh(payment.amount)} to {payment.patient_name ?? `patient #${payment.user_id}`}.{' '}
            {payment.method === 'card'
              ? 'The card payment is refunded through Stripe.'
              : 'M-Pesa: the payment is marked refunded; send the money back by a B2C payout from the M-Pesa portal.'}
          </Typography.Paragraph>
          {refund.isError ? <Alert type="error" showIcon role="alert" title={errorText(refund.error, 'Failed to refund payment')} style={{ marginBottom: 12 }} /> : null}
          <Form layout="vertical" onFinish={submit}>
            <Form.Item label="Reason" required help="Shown in the payment's history and sent with the refund.">
              <Input.TextArea autoFocus rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} aria-label="Refund reason" />
            </Form.Item>
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
