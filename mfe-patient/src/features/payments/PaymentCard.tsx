import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { formatDate, translateMessage } from 'shell/i18n';
import { Money, StatusBadge } from 'shell/ui-kit';
import type { Payment } from '../../api/payments';
import { doctorOf, methodLabel } from './payments.logic';
import { usePatientTranslation } from '../../i18n';

/** One payment (CONTRACT.md §2 "Payment history"): number, status, amount, date, appointment, transaction, doctor. */
export function PaymentCard({ payment: p, onReceipt, opening, showPatient, actions }: {
  payment: Payment;
  onReceipt: (p: Payment) => void;
  opening: boolean;
  showPatient?: boolean;
  actions?: React.ReactNode;
}) {
  const { t } = usePatientTranslation();
  return (
    <Card
      size="small"
      data-testid={`payment-${p.payment_id}`}
      title={
        <Space wrap>
          <span>{t('payments.number', { id: p.payment_id })}</span>
          <StatusBadge status={p.payment_status} />
          <Tag>{methodLabel(p)}</Tag>
        </Space>
      }
      extra={<Money value={p.amount} strong />}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        {showPatient ? <Descriptions.Item label={t('payments.patient')}>{p.patient_name ?? `#${p.user_id}`}</Descriptions.Item> : null}
        <Descriptions.Item label={t('booking.date')}>{formatDate(p.created_at, 'dateTime')}</Descriptions.Item>
        <Descriptions.Item label={t('booking.confirmation.appointment')}>#{p.appointment_id}</Descriptions.Item>
        <Descriptions.Item label={t('booking.doctor')}>{doctorOf(p)}</Descriptions.Item>
        <Descriptions.Item label={p.method === 'mpesa' ? t('payments.mpesaReceipt') : t('payments.transactionId')}>
          <Typography.Text copyable={!!p.transaction_id} style={{ wordBreak: 'break-all' }}>
            {p.method === 'mpesa' ? p.mpesa_receipt ?? '—' : p.transaction_id ?? '—'}
          </Typography.Text>
        </Descriptions.Item>
        {p.failure_reason && p.payment_status === 'failed' ? <Descriptions.Item label={t('payments.reason')}>{translateMessage(p.failure_reason)}</Descriptions.Item> : null}
        {p.payment_status === 'refunded' ? <Descriptions.Item label={t('payments.refund')}>{p.refund_reason ?? t('payments.refunded')}</Descriptions.Item> : null}
      </Descriptions>
      <Space wrap style={{ marginTop: 8 }}>
        {p.payment_status === 'completed' ? (
          <Button icon={<FilePdfOutlined />} loading={opening} onClick={() => onReceipt(p)}>
            {t('payments.viewReceipt')}
          </Button>
        ) : null}
        {actions}
      </Space>
    </Card>
  );
}
