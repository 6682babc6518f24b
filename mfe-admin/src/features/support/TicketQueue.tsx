import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import type { TicketStatus, TicketView } from '@afya/support-service/contracts';
import { TICKET_STATUSES } from '@afya/support-service/contracts/catalog';
import { Badge, Button, Card, Input, Pagination, Select, Space, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { queryStatus } from 'shell/api-client';
import { StatusBadge, confirmDelete } from 'shell/ui-kit';
import { DELETE_CONFIRM, STATUS_LABELS, formatTicketTime, useAdminTickets, useTicketMutations } from 'shell/support-kit';

const PAGE_SIZE = 20;
/** A ticket row's line: what may shrink (ellipsis) on the left, fixed controls on the right, never wrapping. */
const ROW = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', gap: 8 } as const;
const STATUS_OPTIONS = TICKET_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

/**
 * The desk's left pane: search ('Search by subject, user, or email...') and status filter on the server
 * (GET /support/all), each entry with user, email, a status selector, Delete, subject, created time and status.
 * CONTRACT.md §8: a failed list shows an empty list; status and delete failures are ignored.
 */
export function TicketQueue({ selectedId, onSelect }: { selectedId: number | null; onSelect: (id: number | null) => void }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TicketStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);
  const query = useAdminTickets({ search: deferredSearch, status, page, limit: PAGE_SIZE });
  const { loading } = queryStatus(query);
  const mutations = useTicketMutations();
  const tickets: TicketView[] = query.isError ? [] : (query.data?.items ?? []);
  const total = query.isError ? 0 : (query.data?.total ?? 0);

  const remove = async (t: TicketView) => {
    if (!(await confirmDelete(DELETE_CONFIRM, { title: 'Delete ticket?', okText: 'Delete' }))) return;
    mutations.remove.mutate(t.id, { onSuccess: () => selectedId === t.id && onSelect(null) });
  };

  return (
    <Card styles={{ body: { padding: 12 } }}>
      <Space orientation="vertical" size={8} style={{ width: '100%', marginBottom: 8 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search by subject, user, or email..."
          aria-label="Search tickets"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
        />
        <Select
          aria-label="Filter by status"
          value={status}
          onChange={(value) => (setStatus(value), setPage(1))}
          options={[{ value: 'all', label: 'All statuses' }, ...STATUS_OPTIONS]}
          style={{ width: '100%' }}
        />
      </Space>
      {/* A list role only around ticket rows: an empty or loading list has no listitems (ARIA). */}
      <div role={loading || tickets.length === 0 ? undefined : 'list'} aria-label="Tickets" aria-busy={loading} style={{ maxHeight: 500, overflowY: 'auto' }}>
        {loading ? (
          <Typography.Text type="secondary">Loading tickets...</Typography.Text>
        ) : tickets.length === 0 ? (
          <Typography.Text type="secondary">No tickets found.</Typography.Text>
        ) : (
          tickets.map((t) => (
            <div
              role="listitem"
              key={t.id}
              data-testid="desk-ticket"
              style={{
                padding: 10,
                marginBottom: 8,
                borderRadius: 8,
                border: `1px solid ${t.id === selectedId ? '#1677ff' : 'rgba(128,128,128,0.25)'}`,
                background: t.id === selectedId ? 'rgba(22,119,255,0.06)' : undefined,
              }}
            >
              {/* One layout for every row, whatever the name or email length: who (ellipsis) beside the status;
                  the subject; then the time beside the controls. Nothing wraps into a different arrangement. */}
              <div style={ROW}>
                <div style={{ minWidth: 0 }}>
                  <Badge dot={t.unread} offset={[4, 0]}>
                    <Typography.Text strong ellipsis style={{ maxWidth: '100%' }}>
                      {t.user ?? 'Unknown user'}
                    </Typography.Text>
                  </Badge>
                  <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
                    {t.email}
                  </Typography.Text>
                </div>
                <StatusBadge status={t.status ?? 'open'} />
              </div>
              <Button type="link" onClick={() => onSelect(t.id)} style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left', margin: '4px 0' }} aria-pressed={t.id === selectedId}>
                {t.subject}
              </Button>
              <div style={ROW}>
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  {formatTicketTime(t.created_at)}
                </Typography.Text>
                <Space size={4} wrap={false}>
                  <Select<TicketStatus>
                    size="small"
                    aria-label={`Status of ticket ${t.id}`}
                    value={t.status ?? 'open'}
                    options={STATUS_OPTIONS}
                    onChange={(next) => mutations.setStatus.mutate({ id: t.id, status: next })}
                    style={{ width: 118 }}
                  />
                  <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(t)} aria-label={`Delete ticket ${t.id}`}>
                    Delete
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
