import { Alert, List, Modal, Typography } from 'antd';
import { formatDate, formatSlot } from 'shell/i18n';
import { StatusBadge } from 'shell/ui-kit';
import { useAdminTranslation } from '../../i18n';
import type { PendingClosure } from './useClosureFlow';

/**
 * Before closing the clinic on days with booked visits: each day and its visits (the server's 409 lists), and what
 * confirming does. Nothing is saved for these days until Confirm.
 */
export function ClosureVisitsDialog({ pending, busy, onConfirm, onCancel }: { pending: PendingClosure[] | null; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useAdminTranslation();
  const total = (pending ?? []).reduce((n, p) => n + p.appointments.length, 0);
  return (
    <Modal
      open={pending !== null}
      title={t('calendar.affectedTitle', { count: total })}
      okText={t('calendar.confirmClose')}
      cancelText={t('calendar.goBack')}
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('calendar.affectedIntro')}</Typography.Paragraph>
      {(pending ?? []).map((p) => (
        <section key={p.input.date} aria-label={`${p.input.name}, ${formatDate(p.input.date, 'day')}`} style={{ marginBottom: 12 }}>
          <Typography.Text strong>
            {p.input.name} · {formatDate(p.input.date, 'day')}
          </Typography.Text>
          <List
            size="small"
            bordered
            dataSource={p.appointments}
            rowKey={(v) => v.appointment_id}
            renderItem={(v) => (
              <List.Item extra={<StatusBadge status={v.appointment_status} />}>
                <List.Item.Meta title={v.patient_full_name ?? t('calendar.patientNumber', { id: v.user_id })} description={`${formatSlot(v.time_slot)} · #${v.appointment_id}`} />
              </List.Item>
            )}
          />
        </section>
      ))}
      <Alert type="info" showIcon title={t('calendar.affectedWhat')} />
    </Modal>
  );
}
