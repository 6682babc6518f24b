import { useAdminTranslation } from '../../i18n';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { formatKsh, toast } from 'shell/ui-kit';
import { useRefund, type Payment } from './api';

/** Confirms a refund with its reason (required). */
export function RefundDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const { t } = useAdminTranslation();
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
      title={payment ? t('refund.title', { id: payment.payment_id }) : ''}
      okText={t('payments.refund')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, disabled: !reason.trim(), loading: refund.isPending }}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
    >
      {payment ? (
        <>
          <Typography.Paragraph>
            {t('refund.to', { amount: formatKsh(payment.amount), name: payment.patient_name ?? t('refund.patientNumber', { id: payment.user_id }) })}{' '}
            {payment.method === 'card' ? t('refund.card') : t('refund.mpesa')}
          </Typography.Paragraph>
          {refund.isError ? <Alert type="error" showIcon role="alert" title={errorText(refund.error, t('refund.failed'))} style={{ marginBottom: 12 }} /> : null}
          <Form layout="vertical" onFinish={submit}>
            <Form.Item label={t('refund.reason')} required help={t('refund.reasonHint')}>
              <Input.TextArea autoFocus rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} aria-label={t('refund.reasonLabel')} />
            </Form.Item>
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
