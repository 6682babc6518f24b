import { useAdminTranslation } from '../../i18n';
import { formatDate, formatNumber } from 'shell/i18n';
import { FilePdfOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Card, Input, List, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { errorText, queryStatus } from 'shell/api-client';
import { ErrorState, formatKsh, Money, PageHeader, StatusBadge, toast } from 'shell/ui-kit';
import { openReceipt, useAllPayments, useDisputes, type Payment } from './api';
import { RefundDialog } from './RefundDialog';

const STATUS_VALUES = ['all', 'completed', 'pending', 'failed', 'refunded'];
const doctor = (p: Payment) => [p.appointment.doctor.first_name, p.appointment.doctor.last_name].filter(Boolean).join(' ');

/** /dashboard/payments for admins: every payment (card and M-Pesa) with the patient, refunds, and payment disputes. */
export function AdminPaymentsPage() {
  const { t } = useAdminTranslation();
  const payments = useAllPayments();
  const disputes = useDisputes();
  const { loading, failed } = queryStatus(payments);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [opening, setOpening] = useState<number | null>(null);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (payments.data ?? []).filter(
      (p) =>
        (status === 'all' || p.payment_status === status) &&
        (!q || [p.transaction_id, p.mpesa_receipt, p.patient_name, doctor(p), p.payment_status, String(p.appointment_id)].some((v) => v?.toLowerCase().includes(q))),
    );
  }, [payments.data, search, status]);

  const receipt = async (p: Payment) => {
    setOpening(p.payment_id);
    try {
      await openReceipt(p.payment_id);
    } catch (error) {
      toast.error(errorText(error, t('payments.receiptFailed')));
    } finally {
      setOpening(null);
    }
  };

  const columns: ColumnsType<Payment> = [
    { title: '#', dataIndex: 'payment_id', width: 70 },
    { title: t('common.patient'), render: (_, p) => p.patient_name ?? `#${p.user_id}` },
    { title: t('common.doctor'), render: (_, p) => (doctor(p) ? t('common.doctorName', { name: doctor(p) }) : '—'), responsive: ['md'] },
    { title: t('common.appointment'), dataIndex: 'appointment_id', render: (id: number) => `#${id}`, responsive: ['lg'] },
    { title: t('payments.method'), render: (_, p) => <Tag>{p.method === 'mpesa' ? 'M-Pesa' : t('payments.card')}</Tag> },
    {
      title: t('payments.transaction'),
      responsive: ['lg'],
      render: (_, p) => <Typography.Text style={{ wordBreak: 'break-all', fontSize: 12 }}>{p.method === 'mpesa' ? p.mpesa_receipt ?? p.transaction_id : p.transaction_id}</Typography.Text>,
    },
    { title: t('payments.amount'), align: 'right', render: (_, p) => <Money value={p.amount} /> },
    { title: t('common.status'), render: (_, p) => <StatusBadge status={p.payment_status} /> },
    { title: t('common.date'), render: (_, p) => formatDate(p.created_at, 'dateTime'), responsive: ['md'] },
    {
      title: t('common.actions'),
      render: (_, p) =>
        p.payment_status === 'completed' ? (
          <Space wrap>
            <Button size="small" icon={<FilePdfOutlined />} loading={opening === p.payment_id} onClick={() => void receipt(p)} aria-label={t('payments.receiptLabel', { id: p.payment_id })}>
              {t('payments.receipt')}
            </Button>
            <Button size="small" danger icon={<RollbackOutlined />} onClick={() => setRefunding(p)} aria-label={t('payments.refundLabel', { id: p.payment_id })}>
              {t('payments.refund')}
            </Button>
          </Space>
        ) : p.payment_status === 'refunded' ? (
          <Typography.Text type="secondary">{p.refund_reason}</Typography.Text>
        ) : p.failure_reason ? (
          <Typography.Text type="secondary">{p.failure_reason}</Typography.Text>
        ) : null,
    },
  ];

  const open = disputes.data?.disputes.filter((d) => !d.resolved) ?? [];
  return (
    <div>
      <PageHeader title={t('payments.title')} subtitle={t('payments.subtitle')} />
      <Card size="small" title={t('payments.disputes', { count: disputes.data?.open ?? 0 })} style={{ marginBottom: 16 }} data-testid="payment-disputes">
        {disputes.isError ? (
          <ErrorState message={errorText(disputes.error, t('payments.disputesFailed'))} onRetry={() => void disputes.refetch()} />
        ) : (
          <List
            size="small"
            loading={disputes.isPending}
            locale={{ emptyText: t('payments.noDisputes') }}
            dataSource={open}
            renderItem={(d) => (
              <List.Item>
                <Space wrap>
                  <Tag color="red">{d.source.replace('_', ' ')}</Tag>
                  <span>
                    {t('payments.disputeLine', { payment: d.payment_id ?? '—', appointment: d.appointment_id, reason: d.reason })}
                    {d.amount !== null ? ` (${formatKsh(d.amount)})` : ''}
                  </span>
                  <Typography.Text type="secondary">{formatDate(d.created_at, 'dateTime')}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
      {failed ? <ErrorState message={t('payments.historyFailed')} onRetry={() => void payments.refetch()} /> : null}
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear aria-label={t('payments.searchLabel')} placeholder={t('payments.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 340, maxWidth: '100%' }} />
        <Select aria-label={t('common.status')} value={status} onChange={setStatus} options={STATUS_VALUES.map((value) => ({ value, label: t(`paymentStatus.${value}`) }))} style={{ minWidth: 160 }} popupMatchSelectWidth={false} />
        <Typography.Text type="secondary">{t('payments.count', { count: rows.length, n: formatNumber(rows.length) })}</Typography.Text>
      </Space>
      <Table<Payment>
        rowKey="payment_id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: search || status !== 'all' ? t('payments.noMatch') : t('payments.empty') }}
        scroll={{ x: true }}
      />
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </div>
  );
}
