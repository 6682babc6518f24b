import { useAdminTranslation } from '../../i18n';
import type { TicketView } from '@afya/support-service/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ListPage } from 'shell/api-client';
import { Space, Typography } from 'antd';
import { StatusBadge, supportKeys } from 'shell/ui-kit';
import { useSyncExternalStore } from 'react';
import { ConversationView } from 'shell/support-kit';

/** The desk's right pane: the selected ticket's subject, description and conversation with the reply box. */
export function TicketConversation({ ticketId }: { ticketId: number | null }) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  // The ticket as the queue last loaded it (any page, any filter), read again whenever the cache changes: a status
  // change refetches the queue, and the header must follow it (a one-off read kept the old status).
  const ticket = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => (ticketId ? cachedTicket(queryClient, ticketId) : undefined),
  );
  if (!ticketId) return <Typography.Text type="secondary">{t('support.select')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {ticket ? (
        <>
          <Space wrap data-testid="conversation-header">
            <Typography.Title level={5} style={{ margin: 0 }}>
              {ticket.subject}
            </Typography.Title>
            <StatusBadge status={ticket.status} />
            <StatusBadge status={ticket.priority} />
          </Space>
          <Typography.Text type="secondary">
            {ticket.user} · {ticket.email}
          </Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{ticket.description}</Typography.Paragraph>
        </>
      ) : null}
      {/* CONTRACT.md §8: reply failures are ignored on the admin desk. */}
      <ConversationView key={ticketId} ticketId={ticketId} canReply />
    </Space>
  );
}

/** The newest copy of a ticket among the cached admin queue pages (the same object until its data changes). */
function cachedTicket(queryClient: QueryClient, ticketId: number): TicketView | undefined {
  const copies = queryClient
    .getQueryCache()
    .findAll({ queryKey: [...supportKeys.all, 'admin'] })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .flatMap((q) => (q.state.data as ListPage<TicketView> | undefined)?.items ?? []);
  return copies.find((t) => t.id === ticketId);
}
