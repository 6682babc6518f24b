import { Button, Card, List, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, PageHeader, toast } from 'shell/ui-kit';
import { type WaitlistEntry, useLeaveWaitlist, useWaitlist } from './api';
import { dayLabel, entryStatusText } from './waitlist.logic';

const STATUS_COLOR: Record<WaitlistEntry['status'], string> = { waiting: 'blue', offered: 'gold', booked: 'green', left: 'default' };

/** The patient's waitlist entries: where they stand, the slot held for them (with its confirmation page), Leave. */
export function WaitlistPage() {
  const query = useWaitlist();
  const leave = useLeaveWaitlist();
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
        title="Waitlist"
        subtitle="When a slot frees with a doctor whose waitlist you joined, we hold it for you for 15 minutes and send you an SMS and an email."
        extra={
          <Link to="/dashboard/appointments/book">
            <Button>Book an appointment</Button>
          </Link>
        }
      />
      {failed ? <ErrorState message={errorText(query.error, 'Failed to load your waitlist')} onRetry={() => void query.refetch()} /> : null}
      {loading ? <Skeleton active /> : null}
      {!loading && !failed && entries.length === 0 ? (
        <EmptyState title="You are on no waitlist." description="When the day you want has no free time, the booking screen offers you the doctor’s waitlist." />
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
                            title="Leave this waitlist?"
                            description={entry.offer ? 'The slot held for you goes to the next patient.' : undefined}
                            okText="Leave"
                            cancelText="Stay"
                            onConfirm={() => onLeave(entry)}
                          >
                            <Button danger loading={leave.isPending && leave.variables === entry.entry_id} aria-label={`Leave Dr ${entry.doctor.last_name}'s waitlist`}>
                              Leave
                            </Button>
                          </Popconfirm>,
                        ]
                      : []
                  }
                >
                  <List.Item.Meta
                    title={
                      <Space wrap>
                        <span>
                          Dr {entry.doctor.first_name} {entry.doctor.last_name}
                        </span>
                        <Tag color={STATUS_COLOR[entry.status]}>{entryStatusText(entry)}</Tag>
                      </Space>
                    }
                    description={
                      <Space direction="vertical" size={4}>
                        <Typography.Text type="secondary">
                          {entry.doctor.specialization ?? 'General'} · {entry.appointment_type} · {dayLabel(entry.date_from)}
                          {entry.date_to !== entry.date_from ? ` to ${dayLabel(entry.date_to)}` : ''}
                        </Typography.Text>
                        {entry.offer ? (
                          <Link to={`/dashboard/waitlist/offers/${entry.offer.offer_id}`}>
                            {dayLabel(entry.offer.appointment_date)} at {entry.offer.time_slot} is held for you: confirm it
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
