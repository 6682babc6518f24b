import type { CreateTicketPayload, TicketView } from '@afya/support-service/contracts';
import { FINISHED_STATUSES, SupportMessages } from '@afya/support-service/contracts/catalog';
import { Button, Drawer, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorText, queryStatus } from 'shell/api-client';
import { confirmDelete, EmptyState, ErrorState, StatusBadge } from '../components';
import { toast } from '../toast';
import { ConversationView } from './ConversationView';
import { useTicketList, useTicketMutations } from './support.api';
import { filterTickets, NO_TICKET_FILTERS } from './support.logic';
import { TicketCard, TicketFilters } from './TicketCard';
import { TicketFormModal } from './TicketFormModal';
import { translateMessage, useTranslation } from '../../i18n';

export const DELETE_CONFIRM = 'Are you sure you want to delete this ticket?';

/**
 * The signed-in user's own tickets (patients, and doctors for their own): list with filters, create and edit
 * modals, delete with confirmation, and the conversation drawer with a reply box.
 */
export function OwnTickets({ creating, onCreatingChange }: { creating: boolean; onCreatingChange: (open: boolean) => void }) {
  const { t } = useTranslation('shell');
  const query = useTicketList('own');
  const { loading, failed } = queryStatus(query);
  const { create, update, remove, setStatus } = useTicketMutations();
  const [filters, setFilters] = useState(NO_TICKET_FILTERS);
  const [editing, setEditing] = useState<TicketView | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const tickets = (query.data ?? []) as TicketView[];
  const shown = filterTickets(tickets, filters);
  const open = tickets.find((t) => t.complaint_id === openId) ?? null;

  const submit = (values: CreateTicketPayload) => {
    if (editing) {
      update.mutate(
        { id: editing.complaint_id, body: values },
        { onSuccess: () => (setEditing(null), toast.success(SupportMessages.updated)), onError: (e) => toast.error(errorText(e, SupportMessages.updateFailed)) },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => (onCreatingChange(false), toast.success(SupportMessages.created)),
        onError: (e) => toast.error(errorText(e, SupportMessages.createFailed)),
      });
    }
  };

  const del = async (ticket: TicketView) => {
    if (!(await confirmDelete(translateMessage(DELETE_CONFIRM), { title: t('tickets.deleteTitle'), okText: t('common.delete') }))) return;
    remove.mutate(ticket.complaint_id, {
      onSuccess: () => {
        if (openId === ticket.complaint_id) setOpenId(null);
        toast.success(SupportMessages.deleted);
      },
      onError: (e) => toast.error(errorText(e, SupportMessages.deleteFailed)),
    });
  };

  const closeTicket = (ticket: TicketView) =>
    setStatus.mutate({ id: ticket.complaint_id, status: 'closed' }, { onSuccess: () => toast.success(t('tickets.closed')), onError: (e) => toast.error(errorText(e, SupportMessages.updateFailed)) });

  return (
    <>
      <TicketFilters value={filters} onChange={setFilters} count={shown.length} total={tickets.length} />
      {loading ? (
        <Typography.Text type="secondary">{t('tickets.loading')}</Typography.Text>
      ) : failed ? (
        <ErrorState message={translateMessage(errorText(query.error, SupportMessages.loadFailed))} onRetry={() => void query.refetch()} />
      ) : tickets.length === 0 ? (
        <EmptyState
          title={t('tickets.none')}
          description={t('tickets.noneHint')}
          action={
            <Button type="primary" onClick={() => onCreatingChange(true)}>
              {t('tickets.new')}
            </Button>
          }
        />
      ) : shown.length === 0 ? (
        <EmptyState title={t('tickets.noMatch')} action={<Button onClick={() => setFilters(NO_TICKET_FILTERS)}>{t('tickets.clearFilters')}</Button>} />
      ) : (
        shown.map((t) => (
          <TicketCard
            key={t.complaint_id}
            ticket={t}
            onOpen={() => setOpenId(t.complaint_id)}
            onEdit={FINISHED_STATUSES.includes(t.status) ? undefined : () => setEditing(t)}
            onDelete={() => void del(t)}
            deleting={remove.isPending && remove.variables === t.complaint_id}
          />
        ))
      )}

      <TicketFormModal
        open={creating || !!editing}
        ticket={editing}
        submitting={create.isPending || update.isPending}
        onCancel={() => (setEditing(null), onCreatingChange(false))}
        onSubmit={submit}
      />

      <Drawer open={!!open} onClose={() => setOpenId(null)} title={open?.subject ?? 'Conversation'} size="large" destroyOnHidden>
        {open ? (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Space wrap>
              <StatusBadge status={open.status} />
              <StatusBadge status={open.priority} />
              {open.status !== 'closed' ? (
                <Button size="small" onClick={() => closeTicket(open)} loading={setStatus.isPending}>
                  Close ticket
                </Button>
              ) : null}
            </Space>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{open.description}</Typography.Paragraph>
            {FINISHED_STATUSES.includes(open.status) ? (
              <Typography.Text type="secondary">This ticket is {open.status}. Writing a message reopens it.</Typography.Text>
            ) : null}
            <ConversationView ticketId={open.complaint_id} canReply onReplyError={(e) => toast.error(errorText(e, 'Failed to send reply'))} />
          </Space>
        ) : null}
      </Drawer>
    </>
  );
}
