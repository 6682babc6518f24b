import { FilePdfOutlined, RollbackOutlined } from '@ant-design/icons';
import { PAYMENT_MESSAGES } from '@afya/payment-service/contracts/catalog';
import { Button, Card, Input, List, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { errorText, queryStatus } from 'shell/api-client';
import { countOf, ErrorState, formatKsh, Money, PageHeader, StatusBadge, toast } from 'shell/ui-kit';
import { openReceipt, useAllPayments, useDisputes, type Payment } from './api';
import { RefundDialog } from './RefundDialog';

const STATUS_OPTIONS = ['all', 'completed', 'pending', 'failed', 'refunded'].map((value) => ({ value, label: value === 'all' ? 'All statuses' : value[0].toUpperCase() + value.slice(1) }));
const doctor = (p: Payment) => [p.appointment.doctor.first_name, p.appointment.doctor.last_name].filter(Boolean).join(' ');

/** /dashboard/payments for admins: every payment (card and M-Pesa) with the patient, refunds, and payment disputes. */
export function AdminPaymentsPage() {
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
      toast.error(errorText(error, PAYMENT_MESSAGES.receiptFailed));
    } finally {
      setOpening(null);
    }
  };

  const columns: ColumnsType<Payment> = [
    { title: '#', dataIndex: 'payment_id', width: 70 },
    { title: 'Patient', render: (_, p) => p.patient_name ?? `#${p.user_id}` },
    { title: 'Doctor', render: (_, p) => (doctor(p) ? `Dr. ${doctor(p)}` : '—'), responsive: ['md'] },
    { title: 'Appointment', dataIndex: 'appointment_id', render: (id: number) => `#${id}`, responsive: ['lg'] },
    { title: 'Method', render: (_, p) => <Tag>{p.method === 'mpesa' ? 'M-Pesa' : 'Card'}</Tag> },
    {
      title: 'Transaction',
      responsive: ['lg'],
      render: (_, p) => <Typography.Text style={{ wordBreak: 'break-all', fontSize: 12 }}>{p.method === 'mpesa' ? p.mpesa_receipt ?? p.transaction_id : p.transaction_id}</Typography.Text>,
    },
    { title: 'Amount', align: 'right', render: (_, p) => <Money value={p.amount} /> },
    { title: 'Status', render: (_, p) => <StatusBadge status={p.payment_status} /> },
    { title: 'Date', render: (_, p) => dayjs(p.created_at).format('D MMM YYYY HH:mm'), responsive: ['md'] },
    {
      title: 'Actions',
      render: (_, p) =>
        p.payment_status === 'completed' ? (
          <Space wrap>
            <Button size="small" icon={<FilePdfOutlined />} loading={opening === p.payment_id} onClick={() => void receipt(p)} aria-label={`View receipt of payment ${p.payment_id}`}>
              Receipt
            </Button>
            <Button size="small" danger icon={<RollbackOutlined />} onClick={() => setRefunding(p)} aria-label={`Refund payment ${p.payment_id}`}>
              Refund
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
      <PageHeader title="Payments" subtitle="Every card and M-Pesa payment, refunds and payment disputes." />
      <Card size="small" title={`Payment disputes (${disputes.data?.open ?? 0})`} style={{ marginBottom: 16 }} data-testid="payment-disputes">
        {disputes.isError ? (
          <ErrorState message={errorText(disputes.error, 'Failed to load payment disputes')} onRetry={() => void disputes.refetch()} />
        ) : (
          <List
            size="small"
            loading={disputes.isPending}
            locale={{ emptyText: 'No payment disputes.' }}
            dataSource={open}
            renderItem={(d) => (
              <List.Item>
                <Space wrap>
                  <Tag color="red">{d.source.replace('_', ' ')}</Tag>
                  <span>
                    Payment #{d.payment_id ?? '—'}, appointment #{d.appointment_id}: {d.reason}
                    {d.amount !== null ? ` (${formatKsh(d.amount)})` : ''}
                  </span>
                  <Typography.Text type="secondary">{dayjs(d.created_at).format('D MMM YYYY HH:mm')}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Card>
      {failed ? <ErrorState message={PAYMENT_MESSAGES.historyFailed} onRetry={() => void payments.refetch()} /> : null}
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear aria-label="Search payments" placeholder="Search by patient, doctor, transaction or status" value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 340, maxWidth: '100%' }} />
        <Select aria-label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} style={{ width: 160 }} />
        <Typography.Text type="secondary">{countOf(rows.length, 'payment')}</Typography.Text>
      </Space>
      <Table<Payment>
        rowKey="payment_id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: search || status !== 'all' ? 'No payments match your filters.' : 'No payments yet.' }}
        scroll={{ x: true }}
      />
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </div>
  );
}
