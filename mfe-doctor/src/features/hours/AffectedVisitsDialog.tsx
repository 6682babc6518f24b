import { Alert, List, Modal, Typography } from 'antd';
import { formatDate, formatSlot } from 'shell/i18n';
import { StatusBadge } from 'shell/ui-kit';
import { useDoctorTranslation } from '../../i18n';
import type { AffectedVisit } from './api';

/**
 * Before a leave (or new weekly hours) over booked visits is saved: the visits it falls on (the server's 409 list),
 * and what confirming does (each patient is asked to pick a new time; nothing is cancelled). Nothing is saved until
 * Confirm. `kind` picks the texts: a leave's range, the date new hours apply from, or a date's own hours.
 */
export function AffectedVisitsDialog({
  kind = 'leave',
  visits,
  range,
  saving,
  onConfirm,
  onCancel,
}: {
  kind?: 'leave' | 'hours' | 'override';
  visits: AffectedVisit[] | null;
  range: string;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useDoctorTranslation();
  return (
    <Modal
      open={visits !== null}
      title={t(`${kind}.affectedTitle`, { count: visits?.length ?? 0 })}
      okText={t(`${kind}.confirm`)}
      cancelText={t('leave.goBack')}
      onOk={onConfirm}
      onCancel={onCancel}
      confirmLoading={saving}
      okButtonProps={{ danger: true }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t(`${kind}.affectedIntro`, { range })}</Typography.Paragraph>
      <section aria-label={t(`${kind}.affectedList`)}>
      <List
        size="small"
        bordered
        dataSource={visits ?? []}
        rowKey={(v) => v.appointment_id}
        renderItem={(v) => (
          <List.Item extra={<StatusBadge status={v.appointment_status} />}>
            <List.Item.Meta
              title={v.patient_full_name ?? t('common.patientNumber', { id: v.user_id })}
              description={`${formatDate(v.appointment_date, 'day')} · ${formatSlot(v.time_slot)}`}
            />
          </List.Item>
        )}
      />
      </section>
      <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('leave.affectedWhat')} />
    </Modal>
  );
}
