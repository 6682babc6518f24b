import { Button, Card, List, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { errorText, queryStatus } from 'shell/api-client';
import { appointmentTypeLabel, formatSlot, specialtyLabel, translateMessage } from 'shell/i18n';
import { EmptyState, ErrorState, LinkButton, PageHeader, toast } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { type WaitlistEntry, useLeaveWaitlist, useWaitlist } from '../../api/waitlist';
import { dayLabel, entryStatusText } from './waitlist.logic';

const STATUS_COLOR: Record<WaitlistEntry['status'], string> = { waiting: 'blue', offered: 'gold', booked: 'green', left: 'default' };

/** The patient's waitlist entries: where they stand, the slot held for them (with its confirmation page), Leave. */
export function WaitlistPage() {
  const query = useWaitlist();
  const leave = useLeaveWaitlist();
  const { t } = usePatientTranslation();
  const { loading, failed } = queryStatus(query);
  const entries = query.data ?? [];

  const onLeave = (entry: WaitlistEntry) =>
    leave.mutate(entry.entry_id, {
      onSuccess: (reply) => toast.success(reply.message),
      onError: (error) => toast.error(errorText(error, 'Failed to leave the waitlist')),
    });

  return (
    <div>
      <PageHeader
        title={t('waitlist.page.title')}
        subtitle={t('waitlist.page.subtitle')}
        extra={<LinkButton to="/dashboard/appointments/book">{t('waitlist.page.book')}</LinkButton>}
      />
      {failed ? <ErrorState message={translateMessage(errorText(query.error, 'Failed to load your waitlist'))} onRetry={() => void query.refetch()} /> : null}
      {loading ? <Skeleton active /> : null}
      {!loading && !failed && entries.length === 0 ? (
        <EmptyState title={t('waitlist.page.empty')} description={t('waitlist.page.emptyHint')} />
      ) : null}
      {entries.length ? (
        <Card styles={{ body: { padding: 0 } }}>
          <List
            dataSource={entries}
            renderItem={(entry) => {
              const open = entry.status === 'waiting' || entry.status === 'offered';
              return (
                <List.Item
                  style={{ padding: '16px 20px', flexWrap: 'wrap', gap: 12 }}
                  actions={
                    open
                      ? [
                          <Popconfirm
                            key="leave"
                            title={t('waitlist.page.leaveTitle')}
                            description={entry.offer ? t('waitlist.page.leaveHeld') : undefined}
                            okText={t('waitlist.page.leave')}
                            cancelText={t('waitlist.page.stay')}
                            onConfirm={() => onLeave(entry)}
                          >
                            <Button danger loading={leave.isPending && leave.variables === entry.entry_id} aria-label={t('waitlist.page.leaveLabel', { name: entry.doctor.last_name })}>
                              {t('waitlist.page.leave')}
                            </Button>
                          </Popconfirm>,
                        ]
                      : []
                  }
                >
                  <List.Item.Meta
                    title={
                      <Space wrap>
                        <span>{t('waitlist.doctor', { name: `${entry.doctor.first_name} ${entry.doctor.last_name}` })}</span>
                        <Tag color={STATUS_COLOR[entry.status]}>{entryStatusText(entry)}</Tag>
                      </Space>
                    }
                    description={
                      <Space direction="vertical" size={4}>
                        <Typography.Text type="secondary">
                          {entry.doctor.specialization ? specialtyLabel(entry.doctor.specialization) : t('waitlist.page.general')} · {appointmentTypeLabel(entry.appointment_type)} ·{' '}
                          {entry.date_to !== entry.date_from ? t('waitlist.page.range', { from: dayLabel(entry.date_from), to: dayLabel(entry.date_to) }) : dayLabel(entry.date_from)}
                        </Typography.Text>
                        {entry.offer ? (
                          <Link to={`/dashboard/waitlist/offers/${entry.offer.offer_id}`}>
                            {t('waitlist.page.held', { date: dayLabel(entry.offer.appointment_date), time: formatSlot(entry.offer.time_slot) })}
                          </Link>
                        ) : null}
                      </Space>
                    }
                  />
                </List.Item>
              );
            }}
          />
        </Card>
      ) : null}
    </div>
  );
}
