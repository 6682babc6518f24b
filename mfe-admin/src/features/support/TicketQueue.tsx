import { useAdminTranslation } from '../../i18n';
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import type { TicketStatus, TicketView } from '@afya/support-service/contracts';
import { TICKET_STATUSES } from '@afya/support-service/contracts/catalog';
import { Badge, Button, Card, Input, Pagination, Select, Space, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { queryStatus } from 'shell/api-client';
import { StatusBadge, confirmDelete } from 'shell/ui-kit';
import { formatTicketTime, useAdminTickets, useTicketMutations } from 'shell/support-kit';

const PAGE_SIZE = 20;
/** A ticket row's line: what may shrink (ellipsis) on the left, fixed controls on the right, never wrapping. */
const ROW = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', gap: 8 } as const;

/**
 * The desk's left pane: search ('Search by subject, user, or email...') and status filter on the server
 * (GET /support/all), each entry with user, email, a status selector, Delete, subject, created time and status.
 * CONTRACT.md §8: a failed list shows an empty list; status and delete failures are ignored.
 */
export function TicketQueue({ selectedId, onSelect }: { selectedId: number | null; onSelect: (id: number | null) => void }) {
  const { t } = useAdminTranslation();
  const statusOptions = TICKET_STATUSES.map((s) => ({ value: s, label: t(`ticketStatus.${s}`) }));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TicketStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);
  const query = useAdminTickets({ search: deferredSearch, status, page, limit: PAGE_SIZE });
  const { loading } = queryStatus(query);
  const mutations = useTicketMutations();
  const tickets: TicketView[] = query.isError ? [] : (query.data?.items ?? []);
  const total = query.isError ? 0 : (query.data?.total ?? 0);

  const remove = async (ticket: TicketView) => {
    if (!(await confirmDelete(t('support.deleteConfirm'), { title: t('support.deleteTitle'), okText: t('common.delete'), cancelText: t('common.cancel') }))) return;
    mutations.remove.mutate(ticket.id, { onSuccess: () => selectedId === ticket.id && onSelect(null) });
  };

  return (
    <Card styles={{ body: { padding: 12 } }}>
      <Space orientation="vertical" size={8} style={{ width: '100%', marginBottom: 8 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('support.search')}
          aria-label={t('support.searchLabel')}
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
        />
        <Select
          aria-label={t('support.filterStatus')}
          value={status}
          onChange={(value) => (setStatus(value), setPage(1))}
          options={[{ value: 'all', label: t('common.allStatuses') }, ...statusOptions]}
          style={{ width: '100%' }}
        />
      </Space>
      {/* A list role only around ticket rows: an empty or loading list has no listitems (ARIA). */}
      <div role={loading || tickets.length === 0 ? undefined : 'list'} aria-label={t('support.tickets')} aria-busy={loading} style={{ maxHeight: 500, overflowY: 'auto' }}>
        {loading ? (
          <Typography.Text type="secondary">{t('support.loading')}</Typography.Text>
        ) : tickets.length === 0 ? (
          <Typography.Text type="secondary">{t('support.empty')}</Typography.Text>
        ) : (
          tickets.map((ticket) => (
            <div
              role="listitem"
              key={ticket.id}
              data-testid="desk-ticket"
              style={{
                padding: 10,
                marginBottom: 8,
                borderRadius: 8,
                border: `1px solid ${ticket.id === selectedId ? '#1677ff' : 'rgba(128,128,128,0.25)'}`,
                background: ticket.id === selectedId ? 'rgba(22,119,255,0.06)' : undefined,
              }}
            >
              {/* One layout for every row, whatever the name or email length: who (ellipsis) beside the status;
                  the subject; then the time beside the controls. Nothing wraps into a different arrangement. */}
              <div style={ROW}>
                <div style={{ minWidth: 0 }}>
                  <Badge dot={ticket.unread} offset={[4, 0]}>
                    <Typography.Text strong ellipsis style={{ maxWidth: '100%' }}>
                      {ticket.user ?? t('support.unknownUser')}
                    </Typography.Text>
                  </Badge>
                  <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
                    {ticket.email}
                  </Typography.Text>
                </div>
                <StatusBadge status={ticket.status ?? 'open'} />
              </div>
              <Button type="link" onClick={() => onSelect(ticket.id)} style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left', margin: '4px 0' }} aria-pressed={ticket.id === selectedId}>
                {ticket.subject}
              </Button>
              <div style={ROW}>
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  {formatTicketTime(ticket.created_at)}
                </Typography.Text>
                <Space size={4} wrap={false}>
                  <Select<TicketStatus>
                    size="small"
                    aria-label={t('support.statusOf', { id: ticket.id })}
                    value={ticket.status ?? 'open'}
                    options={statusOptions}
                    onChange={(next) => mutations.setStatus.mutate({ id: ticket.id, status: next })}
                    popupMatchSelectWidth={false}
                    style={{ minWidth: 118 }}
                  />
                  <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(ticket)} aria-label={t('support.deleteLabel', { id: ticket.id })}>
                    {t('common.delete')}
                  </Button>
                </Space>
              </div>
            </div>
          ))
        )}
      </div>
      {total > PAGE_SIZE ? (
        <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} showSizeChanger={false} style={{ marginTop: 8, textAlign: 'center' }} />
      ) : null}
    </Card>
  );
}
