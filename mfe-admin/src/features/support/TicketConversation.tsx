import type { TicketView } from '@afya/support-service/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Space, Typography } from 'antd';
import { StatusBadge, supportKeys } from 'shell/ui-kit';
import { ConversationView } from 'shell/support-kit';

/** The desk's right pane: the selected ticket's subject, description and conversation with the reply box. */
export function TicketConversation({ ticketId }: { ticketId: number | null }) {
  const queryClient = useQueryClient();
  if (!ticketId) return <Typography.Text type="secondary">Select a ticket to view and reply.</Typography.Text>;
  // The ticket as the queue last loaded it (any page, any filter).
  const ticket = queryClient
    .getQueriesData<{ complaints: TicketView[] }>({ queryKey: [...supportKeys.all, 'admin'] })
    .flatMap(([, data]) => data?.complaints ?? [])
    .find((t) => t.id === ticketId);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {ticket ? (
        <>
          <Space wrap>
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
