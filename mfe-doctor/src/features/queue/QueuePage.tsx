import { Button, Card, List, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { errorText, queryStatus } from 'shell/api-client';
import { formatDate, formatSlot, translateMessage } from 'shell/i18n';
import { EmptyState, ErrorState, PageHeader, toast } from 'shell/ui-kit';
import { useDoctorTranslation } from '../../i18n';
import { type Outcome, type QueueEntry, type QueueStep, useCallNext, useQueue, useQueueStep, useSetOutcome, useUnresolved } from './api';

const STATE_COLOR: Record<QueueEntry['state'], string> = { waiting: 'gold', called: 'blue', seen: 'green', left: 'default' };
const OUTCOMES: Outcome[] = ['attended', 'no_show', 'left_without_being_seen', 'late_cancellation'];

/**
 * /dashboard/doctor/queue (issue 40): the doctor's checked-in patients of today in queue order with each wait, read
 * again every few seconds; Call next, Seen, Left without being seen; below, their past visits still without an
 * outcome, each resolved with one of the four outcomes. Attendance never changes the appointment's status.
 */
export function QueuePage() {
  const { t } = useDoctorTranslation();
  const queue = useQueue();
  const { loading, failed } = queryStatus(queue);
  const entries = queue.data?.queue ?? [];
  const inQueue = entries.filter((e) => e.state === 'waiting' || e.state === 'called');
  const done = entries.filter((e) => e.state === 'seen' || e.state === 'left');
  const waiting = entries.filter((e) => e.state === 'waiting').length;
  const callNext = useCallNext();
  const stepMutation = useQueueStep();

  const onCallNext = () =>
    callNext.mutate(undefined, {
      onSuccess: (reply) => toast.success(reply.message),
      onError: (error) => toast.error(translateMessage(errorText(error, 'Failed to call the next patient'))),
    });
  const onStep = (entry: QueueEntry, step: QueueStep) =>
    stepMutation.mutate(
      { id: entry.appointment_id, step },
      { onSuccess: (reply) => toast.success(reply.message), onError: (error) => toast.error(translateMessage(errorText(error, 'Failed to update the queue'))) },
    );

  return (
    <div>
      <PageHeader title={t('queue.title')} subtitle={t('queue.subtitle')} />
      {failed ? <ErrorState message={translateMessage(errorText(queue.error, 'Failed to load the queue'))} onRetry={() => void queue.refetch()} /> : null}
      {loading ? <Skeleton active /> : null}
      {!loading && !failed ? (
        <Card
          title={<span role="status">{t('queue.waitingCount', { count: waiting })}</span>}
          extra={
            <Button type="primary" onClick={onCallNext} loading={callNext.isPending} disabled={waiting === 0}>
              {t('queue.callNext')}
            </Button>
          }
          styles={{ body: { padding: inQueue.length ? 0 : undefined } }}
          style={{ marginBottom: 16 }}
        >
          {inQueue.length === 0 ? (
            <EmptyState title={t('queue.empty')} description={t('queue.emptyHint')} />
          ) : (
            <List dataSource={inQueue} renderItem={(entry) => <QueueRow entry={entry} onStep={onStep} busy={stepMutation.isPending} />} />
          )}
        </Card>
      ) : null}
      {done.length ? (
        <Card title={t('queue.doneTitle', { count: done.length })} styles={{ body: { padding: 0 } }} style={{ marginBottom: 16 }}>
          <List dataSource={done} renderItem={(entry) => <QueueRow entry={entry} />} />
        </Card>
      ) : null}
      <UnresolvedCard />
    </div>
  );
}

function QueueRow({ entry, onStep, busy }: { entry: QueueEntry; onStep?: (entry: QueueEntry, step: QueueStep) => void; busy?: boolean }) {
  const { t } = useDoctorTranslation();
  const actions = onStep
    ? [
        entry.state === 'waiting' ? (
          <Button key="call" onClick={() => onStep(entry, 'call')} disabled={busy} aria-label={t('queue.callLabel', { number: entry.queue_number })}>
            {t('queue.call')}
          </Button>
        ) : null,
        <Button key="seen" onClick={() => onStep(entry, 'seen')} disabled={busy} aria-label={t('queue.seenLabel', { number: entry.queue_number })}>
          {t('queue.seen')}
        </Button>,
        <Button key="left" danger onClick={() => onStep(entry, 'left')} disabled={busy} aria-label={t('queue.leftLabel', { number: entry.queue_number })}>
          {t('queue.left')}
        </Button>,
      ].filter(Boolean)
    : [];
  return (
    <List.Item data-testid={`queue-${entry.appointment_id}`} style={{ padding: '12px 20px', flexWrap: 'wrap', gap: 8 }}>
      <Space align="start" size={16} style={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography.Text strong style={{ fontSize: 28, lineHeight: 1, minWidth: 44, display: 'inline-block' }} aria-label={t('queue.numberLabel', { number: entry.queue_number })}>
          {entry.queue_number}
        </Typography.Text>
        <Space orientation="vertical" size={2} style={{ minWidth: 0 }}>
          <Space wrap size={4}>
            <Typography.Text strong>{entry.patient_name}</Typography.Text>
            <Tag color={STATE_COLOR[entry.state]}>{t(`queue.state.${entry.state}`)}</Tag>
            {entry.walk_in ? <Tag>{t('queue.walkIn')}</Tag> : null}
            {entry.patient_no_shows > 0 ? <Tag color="orange">{t('queue.noShows', { count: entry.patient_no_shows })}</Tag> : null}
          </Space>
          <Typography.Text type="secondary">
            {t('queue.slot', { slot: formatSlot(entry.time_slot), arrived: formatDate(entry.arrived_at, 'time') })} ·{' '}
            {entry.state === 'waiting' ? t('queue.waitingFor', { count: entry.waiting_minutes }) : t('queue.waited', { count: entry.waiting_minutes })}
          </Typography.Text>
        </Space>
      </Space>
      {actions.length ? <Space wrap>{actions}</Space> : null}
    </List.Item>
  );
}

/** Past visits without an outcome 30 minutes after their end: nothing is marked automatically, the doctor says what happened. */
function UnresolvedCard() {
  const { t } = useDoctorTranslation();
  const unresolved = useUnresolved();
  const setOutcome = useSetOutcome();
  const visits = unresolved.data?.unresolved ?? [];
  if (unresolved.isError) return <ErrorState message={translateMessage(errorText(unresolved.error, 'Failed to load the visits without an outcome'))} onRetry={() => void unresolved.refetch()} />;
  if (!visits.length) return null;
  return (
    <Card title={t('queue.unresolvedTitle', { count: visits.length })} styles={{ body: { padding: 0 } }}>
      <Typography.Paragraph type="secondary" style={{ padding: '12px 20px 0', margin: 0 }}>
        {t('queue.unresolvedHint')}
      </Typography.Paragraph>
      <List
        dataSource={visits}
        renderItem={(visit) => (
          <List.Item data-testid={`unresolved-${visit.appointment_id}`} style={{ padding: '12px 20px', flexWrap: 'wrap', gap: 8 }}>
            <Space orientation="vertical" size={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
              <Typography.Text strong>{visit.patient_name}</Typography.Text>
              <Typography.Text type="secondary">
                {formatDate(visit.appointment_date, 'date')} · {formatSlot(visit.time_slot)}
                {visit.checked_in ? ` · ${t('queue.checkedIn')}` : ''}
              </Typography.Text>
            </Space>
            {/* A choice of outcomes, recorded as soon as one is picked (antd's Select: the shell's antd subset has no Dropdown). */}
            <Select<Outcome>
              aria-label={t('queue.recordLabel', { name: visit.patient_name })}
              placeholder={t('queue.record')}
              value={null}
              loading={setOutcome.isPending && setOutcome.variables?.id === visit.appointment_id}
              style={{ minWidth: 200 }}
              options={OUTCOMES.map((outcome) => ({ value: outcome, label: t(`queue.outcome.${outcome}`) }))}
              onChange={(outcome) =>
                setOutcome.mutate(
                  { id: visit.appointment_id, outcome },
                  { onSuccess: (reply) => toast.success(reply.message), onError: (error) => toast.error(translateMessage(errorText(error, 'Failed to record the outcome'))) },
                )
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
