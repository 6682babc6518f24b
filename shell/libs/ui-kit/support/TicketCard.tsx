import { DeleteOutlined, EditOutlined, MessageOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Input, Select, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { DoctorTicketView, TicketView } from '@afya/support-service/contracts';
import { TICKET_PRIORITIES } from '@afya/support-service/contracts/catalog';
import { useTranslation } from '../../i18n';
import { StatusBadge } from '../components';
import { formatTicketTime, type TicketFilterValue } from './support.logic';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** The patient and doctor screens' statuses (CONTRACT.md §4). */
const OWNER_STATUSES = ['open', 'in-progress', 'resolved', 'closed'] as const;

/** Search over title and description, status and priority filters, and the count. */
export function TicketFilters({ value, onChange, count, total, extra }: { value: TicketFilterValue; onChange: (v: TicketFilterValue) => void; count: number; total: number; extra?: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <Card styles={{ body: { padding: 16 } }} style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('tickets.searchPlaceholder')}
          aria-label={t('tickets.search')}
          value={value.search}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
          style={{ flex: '1 1 240px', minWidth: 0 }}
        />
        <Select
          aria-label={t('filters.byStatus')}
          value={value.status}
          onChange={(status) => onChange({ ...value, status })}
          options={[{ value: 'all', label: t('tickets.allStatuses') }, ...OWNER_STATUSES.map((s) => ({ value: s, label: t(`tickets.statuses.${s}`) }))]}
          style={{ flex: '1 1 150px', minWidth: 0 }}
        />
        <Select
          aria-label={t('tickets.byPriority')}
          value={value.priority}
          onChange={(priority) => onChange({ ...value, priority })}
          options={[{ value: 'all', label: t('tickets.allPriorities') }, ...[...TICKET_PRIORITIES].reverse().map((p) => ({ value: p, label: t(`status.${p}`, { defaultValue: capitalise(p) }) }))]}
          style={{ flex: '1 1 150px', minWidth: 0 }}
        />
        {extra}
        <Typography.Text type="secondary" aria-live="polite">
          {count === total ? t('tickets.count', { count: total }) : t('tickets.countOf', { shown: count, total, count: total })}
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
  const { t } = useTranslation('shell');
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
            <Tag>{t(`tickets.categories.${ticket.category}`, { defaultValue: capitalise(ticket.category) })}</Tag>
            {ticket.unread ? <Tag color="red">{t('tickets.newReply')}</Tag> : null}
          </Space>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '6px 0 0' }}>
            {ticket.description}
          </Typography.Paragraph>
          {patient ? (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {patient.user_name} · {patient.user_email}
              {patient.user_phone ? ` · ${patient.user_phone}` : ''}
              {patient.appointment_date ? ` · ${t('tickets.appointment', { date: patient.appointment_date })}` : ''}
            </Typography.Text>
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('tickets.created', { time: formatTicketTime(ticket.created_at) })}
            {ticket.messages_count ? ` · ${t('tickets.messages', { count: ticket.messages_count })}` : ''}
          </Typography.Text>
        </div>
        <Space wrap>
          <Button icon={<MessageOutlined />} onClick={onOpen}>
            {t('tickets.conversation')}
          </Button>
          {onEdit ? (
            <Button icon={<EditOutlined />} onClick={onEdit}>
              {t('tickets.edit')}
            </Button>
          ) : null}
          {onDelete ? (
            <Button danger icon={<DeleteOutlined />} onClick={onDelete} loading={deleting}>
              {t('common.delete')}
            </Button>
          ) : null}
        </Space>
      </div>
    </Card>
  );
}
