import { useAdminTranslation } from '../../i18n';
import { formatDate } from 'shell/i18n';
import { MailOutlined, MessageOutlined } from '@ant-design/icons';
import { DELIVERY_STATUSES, type DeliveryStatus, type MessageChannel } from '@afya/support-service/contracts/catalog';
import { Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ErrorState, PageHeader, ScrollRegion } from 'shell/ui-kit';
import { type Delivery, type DeliveryFilters, useDeliveries } from './api';

const STATUS_COLORS: Record<DeliveryStatus, string> = {
  sending: 'processing',
  sent: 'blue',
  delivered: 'green',
  retrying: 'orange',
  failed: 'red',
  skipped: 'default',
};

/**
 * /dashboard/admin/messages: every SMS and email the platform sent or did not send, and why; searched and paged by
 * the server. No message bodies (they can name a visit's type): what kind, to whom (masked), when, how it went.
 */
export function DeliveryLogPage() {
  const { t } = useAdminTranslation();
  const statusOptions = [{ value: 'all', label: t('common.allStatuses') }, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`delivery.status.${s}`) }))];
  const channelOptions = [
    { value: 'all', label: t('delivery.smsAndEmail') },
    { value: 'sms', label: 'SMS' },
    { value: 'email', label: t('delivery.email') },
  ];
  const [filters, setFilters] = useState<DeliveryFilters>({ search: '', status: 'all', channel: 'all', page: 1, limit: 20 });
  const [searchText, setSearchText] = useState('');
  const deliveries = useDeliveries(filters);
  const change = (next: Partial<DeliveryFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }));

  const columns: ColumnsType<Delivery> = [
    { title: t('delivery.when'), render: (_, d) => formatDate(d.sent_at ?? d.due_at, 'dateTime'), onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    { title: t('delivery.recipient'), render: (_, d) => d.user_name ?? t('delivery.userNumber', { id: d.user_id }), onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    {
      title: t('delivery.channel'),
      render: (_, d) => (d.channel === 'sms' ? <Tag icon={<MessageOutlined />}>SMS</Tag> : <Tag icon={<MailOutlined />}>{t('delivery.email')}</Tag>),
    },
    { title: t('delivery.message'), render: (_, d) => t(`delivery.kind.${d.kind}`, { defaultValue: d.kind }), onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    { title: t('common.appointment'), dataIndex: 'appointment_id', render: (id: number | null) => (id ? `#${id}` : '—'), responsive: ['lg'] },
    { title: t('delivery.to'), dataIndex: 'recipient', render: (r: string | null) => r ?? '—', onCell: () => ({ style: { overflowWrap: 'anywhere' } }) },
    {
      title: t('common.status'),
      render: (_, d) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLORS[d.status]}>{t(`delivery.tag.${d.status}`, { defaultValue: d.status })}</Tag>
          {d.attempts > 1 ? <Typography.Text type="secondary">{t('delivery.tries', { count: d.attempts })}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: t('delivery.details'),
      // In full, wrapping: a reason is at most 100 characters (the support service cuts it), and a cut one hid the
      // cause behind a hover no keyboard reaches.
      render: (_, d) => (d.reason || d.provider_status ? <Typography.Text type="secondary">{d.reason ?? d.provider_status}</Typography.Text> : null),
      onCell: () => ({ style: { minWidth: 160, overflowWrap: 'anywhere' } }),
    },
  ];

  return (
    <div>
      <PageHeader title={t('delivery.title')} subtitle={t('delivery.subtitle')} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label={t('delivery.searchLabel')}
          placeholder={t('delivery.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onSearch={(value) => change({ search: value })}
          style={{ width: 340, maxWidth: '100%' }}
        />
        <Select aria-label={t('common.status')} value={filters.status} onChange={(status) => change({ status })} options={statusOptions} style={{ minWidth: 150 }} popupMatchSelectWidth={false} />
        <Select<MessageChannel | 'all'> aria-label={t('delivery.channel')} value={filters.channel} onChange={(channel) => change({ channel })} options={channelOptions} style={{ minWidth: 150 }} popupMatchSelectWidth={false} />
      </Space>
      {deliveries.isError ? <ErrorState message={t('delivery.failed')} onRetry={() => void deliveries.refetch()} /> : null}
      {/* Wider than a phone (and than a 1280 px screen beside the menu): a scrolling region the keyboard can reach
          (ScrollRegion), not the table's own scroll box. */}
      <ScrollRegion label={t('delivery.region')} minWidth={900}>
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
            showTotal: (total) => t('delivery.count', { count: total }),
            onChange: (page, limit) => setFilters((f) => ({ ...f, page: limit === f.limit ? page : 1, limit })),
          }}
          locale={{ emptyText: filters.search || filters.status !== 'all' || filters.channel !== 'all' ? t('delivery.noMatch') : t('delivery.empty') }}
        />
      </ScrollRegion>
    </div>
  );
}
