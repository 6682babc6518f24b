import { useAdminTranslation } from '../../i18n';
import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';

/** Asks for the reason of a soft delete; OK stays disabled until one is typed. */
export function ReasonModal({ title, text, busy, onConfirm, onCancel }: { title: string; text: string; busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const { t } = useAdminTranslation();
  const [reason, setReason] = useState('');
  return (
    <Modal open title={title} okText={t('common.delete')} cancelText={t('common.cancel')} okButtonProps={{ danger: true, disabled: !reason.trim() }} confirmLoading={busy} onOk={() => onConfirm(reason.trim())} onCancel={onCancel} destroyOnHidden>
      <Typography.Paragraph>{text}</Typography.Paragraph>
      <Input.TextArea aria-label={t('refund.reason')} rows={3} maxLength={500} placeholder={t('rx.reasonPlaceholder')} value={reason} onChange={(e) => setReason(e.target.value)} />
    </Modal>
  );
}
