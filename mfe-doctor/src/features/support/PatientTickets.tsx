import type { DoctorTicketView } from '@afya/support-service/contracts';
import { Drawer, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, StatusBadge } from 'shell/ui-kit';
import { ConversationView, NO_TICKET_FILTERS, TicketCard, TicketFilters, filterTickets, useTicketList } from 'shell/support-kit';
import { useDoctorTranslation } from '../../i18n';

/** The tickets of the doctor's patients (name, email, phone, appointment date): read, never changed. */
export function PatientTickets() {
  const { t } = useDoctorTranslation();
  const query = useTicketList('doctor');
  const { loading, failed } = queryStatus(query);
  const [filters, setFilters] = useState(NO_TICKET_FILTERS);
  const [openId, setOpenId] = useState<number | null>(null);
  const tickets = (query.data ?? []) as DoctorTicketView[];
  const shown = filterTickets(tickets, filters);
  const open = tickets.find((t) => t.complaint_id === openId) ?? null;

  return (
    <>
      <TicketFilters value={filters} onChange={setFilters} count={shown.length} total={tickets.length} />
      {loading ? (
        <Typography.Text type="secondary">{t('support.loading')}</Typography.Text>
      ) : failed ? (
        <ErrorState message={errorText(query.error, t('messages.loadTicketsFailed'))} onRetry={() => void query.refetch()} />
      ) : tickets.length === 0 ? (
        <EmptyState title={t('support.noneForPatients')} />
      ) : shown.length === 0 ? (
        <EmptyState title={t('support.noMatch')} />
      ) : (
        shown.map((t) => <TicketCard key={t.complaint_id} ticket={t} onOpen={() => setOpenId(t.complaint_id)} />)
      )}
      <Drawer open={!!open} onClose={() => setOpenId(null)} title={open?.subject ?? t('support.conversation')} size="large" destroyOnHidden>
        {open ? (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Space wrap>
              <StatusBadge status={open.status} />
              <StatusBadge status={open.priority} />
            </Space>
            <Typography.Text>
              {open.user_name} · <a href={`mailto:${open.user_email}`}>{open.user_email}</a>
              {open.user_phone ? (
                <>
                  {' · '}
                  <a href={`tel:${open.user_phone}`}>{open.user_phone}</a>
                </>
              ) : null}
            </Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{open.description}</Typography.Paragraph>
            <ConversationView ticketId={open.complaint_id} canReply={false} />
          </Space>
        ) : null}
      </Drawer>
    </>
  );
}
