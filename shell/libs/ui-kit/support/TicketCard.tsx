import { DeleteOutlined, EditOutlined, MessageOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Input, Select, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { DoctorTicketView, TicketView } from '@afya/support-service/contracts';
import { TICKET_PRIORITIES } from '@afya/support-service/contracts/catalog';
import { StatusBadge } from '../components';
import { formatTicketTime, STATUS_LABELS, type TicketFilterValue } from './support.logic';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** The patient and doctor screens' statuses (CONTRACT.md §4). */
const OWNER_STATUSES = ['open', 'in-progress', 'resolved', 'closed'] as const;

/** Search over title and description, status and priority filters, and the count. */
export function TicketFilters({ value, onChange, count, total, extra }: { value: TicketFilterValue; onChange: (v: TicketFilterValue) => void; count: number; total: number; extra?: ReactNode }) {
  return (
    <Card styles={{ body: { padding: 16 } }} style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search tickets by title or description"
          aria-label="Search tickets"
          value={value.search}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
          style={{ flex: '1 1 240px', minWidth: 0 }}
        />
        <Select
          aria-label="Filter by status"
          value={value.status}
          onChange={(status) => onChange({ ...value, status })}
          options={[{ value: 'all', label: 'All statuses' }, ...OWNER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
          style={{ flex: '1 1 150px', minWidth: 0 }}
        />
        <Select
          aria-label="Filter by priority"
          value={value.priority}
          onChange={(priority) => onChange({ ...value, priority })}
          options={[{ value: 'all', label: 'All priorities' }, ...[...TICKET_PRIORITIES].reverse().map((p) => ({ value: p, label: capitalise(p) }))]}
          style={{ flex: '1 1 150px', minWidth: 0 }}
        />
        {extra}
        <Typography.Text type="secondary" aria-live="polite">
          {count === total ? `${total} ticket${total === 1 ? '' : 's'}` : `${count} of ${total} tickets`}
        </Typography.Text>
      </div>
    </Card>
  );
}

/** One ticket in the patient's or doctor's list. Edit and Delete appear only where `onEdit` / `onDelete` are given. */
export function TicketCard({
  ticket,
  onOpen,
  onEdit,
  onDelete,
  deleting,
}: {
  ticket: TicketView | DoctorTicketView;
  onOpen: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  deleting?: boolean;
}) {
  const patient = 'user_phone' in ticket ? ticket : null;
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="ticket-card">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
        <div style={{ minWidth: 0, flex: '1 1 280px' }}>
          <Space size={8} wrap>
            <Badge dot={ticket.unread} offset={[4, 0]}>
              <Typography.Text strong>{ticket.subject}</Typography.Text>
            </Badge>
            <StatusBadge status={ticket.status} />
            <StatusBadge status={ticket.priority} />
            <Tag>{capitalise(ticket.category)}</Tag>
            {ticket.unread ? <Tag color="red">New reply</Tag> : null}
          </Space>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '6px 0 0' }}>
            {ticket.description}
          </Typography.Paragraph>
          {patient ? (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {patient.user_name} · {patient.user_email}
              {patient.user_phone ? ` · ${patient.user_phone}` : ''}
              {patient.appointment_date ? ` · appointment ${patient.appointment_date}` : ''}
            </Typography.Text>
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Created {formatTicketTime(ticket.created_at)}
            {ticket.messages_count ? ` · ${ticket.messages_count} message${ticket.messages_count === 1 ? '' : 's'}` : ''}
          </Typography.Text>
        </div>
        <Space wrap>
          <Button icon={<MessageOutlined />} onClick={onOpen}>
            Conversation
          </Button>
          {onEdit ? (
            <Button icon={<EditOutlined />} onClick={onEdit}>
              Edit
            </Button>
          ) : null}
          {onDelete ? (
            <Button danger icon={<DeleteOutlined />} onClick={onDelete} loading={deleting}>
              Delete
            </Button>
          ) : null}
        </Space>
      </div>
    </Card>
  );
}
