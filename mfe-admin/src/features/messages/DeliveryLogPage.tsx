import { MailOutlined, MessageOutlined } from '@ant-design/icons';
import { DELIVERY_STATUSES, type DeliveryStatus, type MessageChannel } from '@afya/support-service/contracts/catalog';
import { Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ErrorState, PageHeader } from 'shell/ui-kit';
import { DELIVERIES_FAILED, type Delivery, type DeliveryFilters, useDeliveries } from './api';

const KIND_LABELS: Record<string, string> = {
  'booking-confirmation': 'Booking confirmation',
  'payment-confirmation': 'Payment confirmation',
  cancellation: 'Cancellation',
  'reminder-24h': 'Reminder (24 h)',
  'reminder-2h': 'Reminder (2 h)',
  reschedule: 'Rescheduled',
  'doctor-reschedule': 'Rescheduled (to the doctor)',
  'password-reset': 'Password reset',
};
const STATUS_COLORS: Record<DeliveryStatus, string> = {
  sending: 'processing',
  sent: 'blue',
  delivered: 'green',
  retrying: 'orange',
  failed: 'red',
  skipped: 'default',
};
const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) }))];
const CHANNEL_OPTIONS = [
  { value: 'all', label: 'SMS and email' },
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'Email' },
];

/**
 * /dashboard/admin/messages: every SMS and email the platform sent or did not send, and why; searched and paged by
 * the server. No message bodies (they can name a visit's type): what kind, to whom (masked), when, how it went.
 */
export function DeliveryLogPage() {
  const [filters, setFilters] = useState<DeliveryFilters>({ search: '', status: 'all', channel: 'all', page: 1, limit: 20 });
  const [searchText, setSearchText] = useState('');
  const deliveries = useDeliveries(filters);
  const change = (next: Partial<DeliveryFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }));

  const columns: ColumnsType<Delivery> = [
    { title: 'When', render: (_, d) => dayjs(d.sent_at ?? d.due_at).format('D MMM YYYY, HH:mm'), onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    { title: 'Recipient', render: (_, d) => d.user_name ?? `User #${d.user_id}`, onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    {
      title: 'Channel',
      render: (_, d) => (d.channel === 'sms' ? <Tag icon={<MessageOutlined />}>SMS</Tag> : <Tag icon={<MailOutlined />}>Email</Tag>),
    },
    { title: 'Message', render: (_, d) => KIND_LABELS[d.kind] ?? d.kind, onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    { title: 'Appointment', dataIndex: 'appointment_id', render: (id: number | null) => (id ? `#${id}` : '—'), responsive: ['lg'] },
    { title: 'To', dataIndex: 'recipient', render: (r: string | null) => r ?? '—' },
    {
      title: 'Status',
      render: (_, d) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLORS[d.status]}>{d.status}</Tag>
          {d.attempts > 1 ? <Typography.Text type="secondary">{d.attempts} tries</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: 'Details',
      render: (_, d) =>
        d.reason ? (
          <Tooltip title={d.reason}>
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 260 }}>
              {d.reason}
            </Typography.Text>
          </Tooltip>
        ) : d.provider_status ? (
          <Typography.Text type="secondary">{d.provider_status}</Typography.Text>
        ) : null,
    },
  ];

  return (
    <div>
      <PageHeader title="Messages" subtitle="Every SMS and email sent to patients: confirmations and reminders, with what the provider said." />
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label="Search messages"
          placeholder="Search by patient, email, phone or appointment"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onSearch={(value) => change({ search: value })}
          style={{ width: 340, maxWidth: '100%' }}
        />
        <Select aria-label="Status" value={filters.status} onChange={(status) => change({ status })} options={STATUS_OPTIONS} style={{ width: 150 }} />
        <Select<MessageChannel | 'all'> aria-label="Channel" value={filters.channel} onChange={(channel) => change({ channel })} options={CHANNEL_OPTIONS} style={{ width: 150 }} />
      </Space>
      {deliveries.isError ? <ErrorState message={DELIVERIES_FAILED} onRetry={() => void deliveries.refetch()} /> : null}
      <Table<Delivery>
        rowKey="delivery_id"
        size="small"
        loading={deliveries.isFetching}
        columns={columns}
        dataSource={deliveries.data?.rows ?? []}
        pagination={{
          current: filters.page,
          pageSize: filters.limit,
          total: deliveries.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total) => `${total} messages`,
          onChange: (page, limit) => setFilters((f) => ({ ...f, page: limit === f.limit ? page : 1, limit })),
        }}
        locale={{ emptyText: filters.search || filters.status !== 'all' || filters.channel !== 'all' ? 'No messages match your filters.' : 'No messages sent yet.' }}
        // one line per row; on a phone the table scrolls sideways rather than squeezing every cell
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
