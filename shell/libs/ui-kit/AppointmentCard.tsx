import type { AppointmentView } from '@afya/appointment-service/contracts';
import { VideoCameraOutlined } from '@ant-design/icons';
import { Card, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { appointmentTypeLabel, formatDate, formatSlot, specialtyLabel, useTranslation, visitModeLabel } from '../i18n';
import { StatusBadge, Money } from './components';

/**
 * What a card reads of an appointment: the contract's view (AppointmentView), every field but the number
 * optional so a list may pass what it has.
 */
export type AppointmentCardData = Pick<AppointmentView, 'appointment_id'> &
  Partial<Pick<AppointmentView, 'appointment_date' | 'time_slot' | 'total_amount' | 'appointment_status' | 'paid' | 'created_at' | 'type' | 'visit_mode' | 'booked_by'>> & {
    doctor?: Partial<AppointmentView['doctor']> | null;
  };

/**
 * The payment tag of a card: Paid, Payment pending, or none for a cancelled visit that was never paid
 * (nothing is due on it; a paid one keeps "Paid", which matters for a refund).
 */
export function paymentTag(a: Pick<AppointmentCardData, 'paid' | 'appointment_status'>): 'Paid' | 'Payment pending' | null {
  if (a.paid) return 'Paid';
  return (a.appointment_status ?? '').toLowerCase() === 'cancelled' ? null : 'Payment pending';
}

/**
 * One appointment in a list (CONTRACT.md §2): a name (the doctor for patients, the patient for doctors
 * and admins), status, appointment number, amount, date, time slot, specialization, paid or pending, created
 * date, and the role's actions. Admins replace the amount and status with inline editors.
 */
export function AppointmentCard({
  appointment: a,
  title,
  actions,
  amount,
  status,
  footer,
  extraFacts = [],
}: {
  appointment: AppointmentCardData;
  title: ReactNode;
  actions?: ReactNode;
  amount?: ReactNode;
  status?: ReactNode;
  footer?: ReactNode;
  /** More label/value pairs shown first (e.g. the doctor on an admin's list). */
  extraFacts?: Array<[string, ReactNode]>;
}) {
  const payment = paymentTag(a);
  const { t } = useTranslation('shell');
  const facts: Array<[string, ReactNode]> = [
    ...extraFacts,
    [t('appointmentCard.appointment'), `#${a.appointment_id}`],
    [t('appointmentCard.amount'), amount ?? <Money value={a.total_amount} strong />],
    [t('appointmentCard.date'), a.appointment_date ? formatDate(a.appointment_date.slice(0, 10), 'day') : '—'],
    [t('appointmentCard.time'), formatSlot(a.time_slot)],
    [t('appointmentCard.specialization'), specialtyLabel(a.doctor?.specialization) || '—'],
    ...(a.type ? [[t('appointmentCard.type'), appointmentTypeLabel(a.type)] as [string, ReactNode]] : []),
    ...(a.visit_mode
      ? [
          [
            t('appointmentCard.visit'),
            a.visit_mode === 'video' ? (
              <Tag color="blue" icon={<VideoCameraOutlined />}>
                {visitModeLabel('video')}
              </Tag>
            ) : (
              visitModeLabel('in_person')
            ),
          ] as [string, ReactNode],
        ]
      : []),
    ...(payment
      ? [[t('appointmentCard.payment'), <Tag color={payment === 'Paid' ? 'green' : 'orange'}>{payment === 'Paid' ? t('status.paid') : t('appointmentCard.paymentPending')}</Tag>] as [string, ReactNode]]
      : []),
    [t('appointmentCard.created'), a.created_at ? formatDate(a.created_at, 'date') : '—'],
    // Family care (issue 36): a visit a carer booked for the patient says who, and as whom.
    ...(a.booked_by
      ? [
          [
            t('appointmentCard.bookedBy'),
            a.booked_by.relationship
              ? `${a.booked_by.name ?? ''} (${t(`appointmentCard.relationship.${a.booked_by.relationship}`, { defaultValue: a.booked_by.relationship })})`
              : (a.booked_by.name ?? ''),
          ] as [string, ReactNode],
        ]
      : []),
  ];
  return (
    <Card
      size="small"
      data-testid="appointment-card"
      data-appointment-id={a.appointment_id}
      styles={{ body: { padding: 16 } }}
      style={{ marginBottom: 12 }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Text strong style={{ fontSize: 16, minWidth: 0 }}>
          {title}
        </Typography.Text>
        {status ?? <StatusBadge status={a.appointment_status} />}
      </div>
      <dl className="afya-facts" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: '10px 16px', margin: 0 }}>
        {facts.map(([label, value]) => (
          <div key={label} style={{ minWidth: 0 }}>
            <dt style={{ fontSize: 12, color: 'var(--afya-text-muted, #5b6b73)' }}>{label}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
          </div>
        ))}
      </dl>
      {footer || actions ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 12, alignItems: 'center', justifyContent: 'space-between' }}>
          <div style={{ minWidth: 0, flex: '1 1 200px' }}>{footer}</div>
          {actions ? <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end', marginLeft: 'auto' }}>{actions}</div> : null}
        </div>
      ) : null}
    </Card>
  );
}
