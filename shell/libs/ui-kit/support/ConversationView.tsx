import { SendOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MESSAGE_MAX_LENGTH } from '@afya/support-service/contracts/catalog';
import { useTranslation } from '../../i18n';
import { formatTicketTime, senderLabel } from './support.logic';
import { useConversation } from './support.api';

/**
 * One ticket's conversation (CONTRACT.md §2, admin panel; the patient's and doctor's drawer): messages
 * oldest first with sender, text and time, 'Loading messages...', 'No messages yet.', and, when the viewer
 * may write, a reply box ('Type your reply...') with Send Reply. Updates live (server-sent events), polled
 * every 10 s while the stream is down.
 */
export function ConversationView({
  ticketId,
  canReply,
  onReplyError,
}: {
  ticketId: number;
  canReply: boolean;
  /** The admin desk ignores reply failures (CONTRACT.md §8); the owners' pages show them. */
  onReplyError?: (error: unknown) => void;
}) {
  const { live, messages, post } = useConversation(ticketId);
  const [reply, setReply] = useState('');
  const { t } = useTranslation('shell');
  const list = messages.data ?? [];

  const send = () => {
    const text = reply.trim();
    if (!text || post.isPending) return;
    post.mutate(text, { onSuccess: () => setReply(''), onError: onReplyError });
  };

  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
        <Typography.Text strong>{t('tickets.chat.messages')}</Typography.Text>
        <Tag color={live ? 'green' : 'default'} aria-live="polite">
          {live ? t('tickets.chat.live') : t('tickets.chat.polling')}
        </Tag>
      </div>
      <div
        role="log"
        aria-label={t('tickets.chat.messages')}
        style={{ minHeight: 120, maxHeight: 250, overflowY: 'auto', border: '1px solid rgba(128,128,128,0.25)', borderRadius: 8, padding: 12 }}
      >
        {messages.isPending && messages.isFetching ? (
          <Typography.Text type="secondary">{t('tickets.chat.loading')}</Typography.Text>
        ) : list.length === 0 ? (
          <Typography.Text type="secondary">{t('tickets.chat.none')}</Typography.Text>
        ) : (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {list.map((m) => (
              <div key={m.message_id} data-testid="ticket-message">
                <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 8 }}>
                  <span>
                    <Typography.Text strong>{senderLabel(m.sender_role)}</Typography.Text>
                    {m.sender_name ? <Typography.Text type="secondary"> · {m.sender_name}</Typography.Text> : null}
                  </span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatTicketTime(m.created_at)}
                  </Typography.Text>
                </div>
                <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{m.message}</div>
              </div>
            ))}
          </Space>
        )}
      </div>
      {canReply ? (
        <div style={{ marginTop: 12 }}>
          <Input.TextArea
            aria-label={t('tickets.chat.reply')}
            placeholder={t('tickets.chat.replyPlaceholder')}
            value={reply}
            maxLength={MESSAGE_MAX_LENGTH}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(e) => setReply(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
            }}
          />
          <Button type="primary" icon={<SendOutlined />} style={{ marginTop: 8 }} onClick={send} loading={post.isPending} disabled={!reply.trim()}>
            {t('tickets.chat.send')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
