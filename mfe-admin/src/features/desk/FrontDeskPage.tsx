import { Button, Card, Col, Form, Input, List, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText, queryStatus } from 'shell/api-client';
import { formatDate, formatSlot, translateMessage } from 'shell/i18n';
import { EmptyState, ErrorState, LinkButton, PageHeader, StatusBadge, toast } from 'shell/ui-kit';
import { useAdminTranslation } from '../../i18n';
import {
  freeSlotsToday,
  type Outcome,
  type QueueEntry,
  type QueueStep,
  useCallNext,
  useCheckIn,
  useDoctors,
  useQueue,
  useQueueStep,
  useSetOutcome,
  useTodaysVisits,
  useUnresolved,
  useWalkIn,
} from './api';
import { slotOrder } from './desk.logic';

const STATE_COLOR: Record<QueueEntry['state'], string> = { waiting: 'gold', called: 'blue', seen: 'green', left: 'default' };
const OUTCOMES: Outcome[] = ['attended', 'no_show', 'left_without_being_seen', 'late_cancellation'];
const failed = (fallback: string) => (error: unknown) => toast.error(translateMessage(errorText(error, fallback)));

/**
 * /dashboard/admin/desk (issue 40): reception's day for one doctor: today's visits to check in, a walk-in booked on a
 * free slot of today, the doctor's queue with Call next, Seen and Left, and every doctor's past visits still without
 * an outcome. Nothing clinical is shown here (no notes, diagnoses or prescriptions).
 */
export function FrontDeskPage() {
  const { t } = useAdminTranslation();
  const doctors = useDoctors();
  // The chosen doctor is in the address (?doctor=), so a reload or a shared link keeps the desk on them.
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('doctor'));
  const doctorId = Number.isInteger(chosen) && chosen > 0 ? chosen : doctors.data?.[0]?.doctor_id;

  return (
    <div>
      <PageHeader title={t('desk.title')} subtitle={t('desk.subtitle')} />
      {doctors.isError ? <ErrorState message={translateMessage(errorText(doctors.error, 'Failed to fetch doctors'))} onRetry={() => void doctors.refetch()} /> : null}
      <Space wrap style={{ marginBottom: 16 }}>
        <label htmlFor="desk-doctor">{t('desk.doctor')}</label>
        <Select
          id="desk-doctor"
          style={{ minWidth: 240 }}
          loading={doctors.isLoading}
          value={doctorId}
          onChange={(value: number) => setParams({ doctor: String(value) }, { replace: true })}
          options={(doctors.data ?? []).map((d) => ({ value: d.doctor_id, label: `Dr. ${d.first_name} ${d.last_name}` }))}
        />
        {doctorId ? <LinkButton to={`/dashboard/admin/desk/display?doctor=${doctorId}`}>{t('desk.display')}</LinkButton> : null}
      </Space>
      {doctorId ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <TodayCard doctorId={doctorId} />
            <WalkInCard doctorId={doctorId} />
          </Col>
          <Col xs={24} xl={12}>
            <QueueCard doctorId={doctorId} />
            <UnresolvedCard />
          </Col>
        </Row>
      ) : null}
    </div>
  );
}

/** The doctor's visits of today, by time: Check in for a Confirmed one not yet here; the number once checked in. */
function TodayCard({ doctorId }: { doctorId: number }) {
  const { t } = useAdminTranslation();
  const visits = useTodaysVisits();
  const queue = useQueue(doctorId);
  const checkIn = useCheckIn();
  const numbers = new Map((queue.data?.queue ?? []).map((e) => [e.appointment_id, e.queue_number]));
  const today = (visits.data ?? []).filter((v) => v.doctor_id === doctorId && v.appointment_status !== 'Cancelled').sort((a, b) => slotOrder(a.time_slot) - slotOrder(b.time_slot));
  const { loading, failed: loadFailed } = queryStatus(visits);
  return (
    <Card title={t('desk.todayTitle', { count: today.length })} styles={{ body: { padding: today.length ? 0 : undefined } }} style={{ marginBottom: 16 }}>
      {loadFailed ? <ErrorState message={translateMessage(errorText(visits.error, 'Failed to fetch appointments'))} onRetry={() => void visits.refetch()} /> : null}
      {loading ? <Skeleton active /> : null}
      {!loading && !loadFailed && today.length === 0 ? <EmptyState title={t('desk.todayEmpty')} /> : null}
      {today.length ? (
        <List
          dataSource={today}
          renderItem={(visit) => {
            const number = numbers.get(visit.appointment_id);
            const name = visit.patient_full_name ?? t('desk.patient');
            return (
              <List.Item data-testid={`desk-visit-${visit.appointment_id}`} style={{ padding: '12px 20px', flexWrap: 'wrap', gap: 8 }}>
                <Space orientation="vertical" size={2} style={{ flex: '1 1 200px', minWidth: 0 }}>
                  <Typography.Text strong>{name}</Typography.Text>
                  <Space wrap size={4}>
                    <Typography.Text type="secondary">{formatSlot(visit.time_slot)}</Typography.Text>
                    <StatusBadge status={visit.appointment_status} />
                  </Space>
                </Space>
                {number !== undefined ? (
                  <Tag color="blue">{t('desk.number', { number })}</Tag>
                ) : visit.appointment_status === 'Confirmed' ? (
                  <Button
                    type="primary"
                    onClick={() => checkIn.mutate(visit.appointment_id, { onSuccess: (reply) => toast.success(reply.message), onError: failed('Failed to check the patient in') })}
                    loading={checkIn.isPending && checkIn.variables === visit.appointment_id}
                    aria-label={t('desk.checkInLabel', { name })}
                  >
                    {t('desk.checkIn')}
                  </Button>
                ) : visit.appointment_status === 'Pending' ? (
                  <Typography.Text type="secondary">{t('desk.unpaid')}</Typography.Text>
                ) : null}
              </List.Item>
            );
          }}
        />
      ) : null}
    </Card>
  );
}

/** A walk-in: the patient's phone (they already have an account) and a free slot of today; booked and checked in at once. */
function WalkInCard({ doctorId }: { doctorId: number }) {
  const { t } = useAdminTranslation();
  const visits = useTodaysVisits();
  const walkIn = useWalkIn();
  const [form] = Form.useForm<{ phone: string; time_slot: string }>();
  const slots = useMemo(() => freeSlotsToday(visits.data ?? [], doctorId), [visits.data, doctorId]);
  const submit = (values: { phone: string; time_slot: string }) =>
    walkIn.mutate(
      { doctor_id: doctorId, phone: values.phone.trim(), time_slot: values.time_slot },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          form.resetFields();
        },
        onError: failed('Failed to book the walk-in'),
      },
    );
  return (
    <Card title={t('desk.walkInTitle')} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{t('desk.walkInHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="phone" label={t('desk.phone')} rules={[{ required: true, message: t('desk.phoneRequired') }]}>
          <Input inputMode="tel" autoComplete="off" placeholder="0712 345 678" />
        </Form.Item>
        <Form.Item name="time_slot" label={t('desk.slot')} rules={[{ required: true, message: t('desk.slotRequired') }]}>
          <Select options={slots.map((slot) => ({ value: slot, label: formatSlot(slot) }))} notFoundContent={t('desk.noSlots')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={walkIn.isPending}>
          {t('desk.walkInSubmit')}
        </Button>
      </Form>
    </Card>
  );
}

/** The doctor's queue of today, in number order, with each wait; Call next, Seen, Left without being seen. */
function QueueCard({ doctorId }: { doctorId: number }) {
  const { t } = useAdminTranslation();
  const queue = useQueue(doctorId);
  const callNext = useCallNext();
  const step = useQueueStep();
  const entries = queue.data?.queue ?? [];
  const waiting = entries.filter((e) => e.state === 'waiting').length;
  const onStep = (entry: QueueEntry, value: QueueStep) =>
    step.mutate({ id: entry.appointment_id, step: value }, { onSuccess: (reply) => toast.success(reply.message), onError: failed('Failed to update the queue') });
  return (
    <Card
      title={<span role="status">{t('desk.queueTitle', { count: waiting })}</span>}
      extra={
        <Button type="primary" disabled={waiting === 0} loading={callNext.isPending} onClick={() => callNext.mutate(doctorId, { onSuccess: (reply) => toast.success(reply.message), onError: failed('Failed to call the next patient') })}>
          {t('desk.callNext')}
        </Button>
      }
      styles={{ body: { padding: entries.length ? 0 : undefined } }}
      style={{ marginBottom: 16 }}
    >
      {queue.isError ? <ErrorState message={translateMessage(errorText(queue.error, 'Failed to load the queue'))} onRetry={() => void queue.refetch()} /> : null}
      {!queue.isLoading && !queue.isError && entries.length === 0 ? <EmptyState title={t('desk.queueEmpty')} /> : null}
      {entries.length ? (
        <List
          dataSource={entries}
          renderItem={(entry) => {
            const open = entry.state === 'waiting' || entry.state === 'called';
            return (
              <List.Item data-testid={`desk-queue-${entry.appointment_id}`} style={{ padding: '12px 20px', flexWrap: 'wrap', gap: 8 }}>
                <Space align="start" size={16} style={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Typography.Text strong style={{ fontSize: 28, lineHeight: 1, minWidth: 44, display: 'inline-block' }}>
                    {entry.queue_number}
                  </Typography.Text>
                  <Space orientation="vertical" size={2} style={{ minWidth: 0 }}>
                    <Space wrap size={4}>
                      <Typography.Text strong>{entry.patient_name}</Typography.Text>
                      <Tag color={STATE_COLOR[entry.state]}>{t(`desk.state.${entry.state}`)}</Tag>
                      {entry.walk_in ? <Tag>{t('desk.walkIn')}</Tag> : null}
                      {entry.patient_no_shows > 0 ? <Tag color="orange">{t('desk.noShows', { count: entry.patient_no_shows })}</Tag> : null}
                    </Space>
                    <Typography.Text type="secondary">
                      {t('desk.arrived', { time: formatDate(entry.arrived_at, 'time') })} · {t(entry.state === 'waiting' ? 'desk.waitingFor' : 'desk.waited', { count: entry.waiting_minutes })}
                    </Typography.Text>
                  </Space>
                </Space>
                {open ? (
                  <Space wrap>
                    {entry.state === 'waiting' ? (
                      <Button onClick={() => onStep(entry, 'call')} disabled={step.isPending} aria-label={t('desk.callLabel', { number: entry.queue_number })}>
                        {t('desk.call')}
                      </Button>
                    ) : null}
                    <Button onClick={() => onStep(entry, 'seen')} disabled={step.isPending} aria-label={t('desk.seenLabel', { number: entry.queue_number })}>
                      {t('desk.seen')}
                    </Button>
                    <Button danger onClick={() => onStep(entry, 'left')} disabled={step.isPending} aria-label={t('desk.leftLabel', { number: entry.queue_number })}>
                      {t('desk.left')}
                    </Button>
                  </Space>
                ) : null}
              </List.Item>
            );
          }}
        />
      ) : null}
    </Card>
  );
}

/** Every doctor's past visits without an outcome 30 minutes after their end: nothing is marked automatically. */
function UnresolvedCard() {
  const { t } = useAdminTranslation();
  const unresolved = useUnresolved();
  const setOutcome = useSetOutcome();
  const visits = unresolved.data?.unresolved ?? [];
  if (unresolved.isError) return <ErrorState message={translateMessage(errorText(unresolved.error, 'Failed to load the visits without an outcome'))} onRetry={() => void unresolved.refetch()} />;
  return (
    <Card title={t('desk.unresolvedTitle', { count: visits.length })} styles={{ body: { padding: visits.length ? 0 : undefined } }}>
      {visits.length === 0 ? <Typography.Text type="secondary">{t('desk.unresolvedNone')}</Typography.Text> : null}
      {visits.length ? (
        <List
          dataSource={visits}
          renderItem={(visit) => (
            <List.Item data-testid={`desk-unresolved-${visit.appointment_id}`} style={{ padding: '12px 20px', flexWrap: 'wrap', gap: 8 }}>
              <Space orientation="vertical" size={2} style={{ flex: '1 1 200px', minWidth: 0 }}>
                <Space wrap size={4}>
                  <Typography.Text strong>{visit.patient_name}</Typography.Text>
                  {visit.patient_no_shows > 0 ? <Tag color="orange">{t('desk.noShows', { count: visit.patient_no_shows })}</Tag> : null}
                </Space>
                <Typography.Text type="secondary">
                  {visit.doctor_name} · {formatDate(visit.appointment_date, 'date')} · {formatSlot(visit.time_slot)}
                  {visit.checked_in ? ` · ${t('desk.checkedIn')}` : ''}
                </Typography.Text>
              </Space>
              {/* A choice of outcomes, recorded as soon as one is picked (antd's Select: the shell's antd subset has no Dropdown). */}
              <Select<Outcome>
                aria-label={t('desk.recordLabel', { name: visit.patient_name })}
                placeholder={t('desk.record')}
                value={null}
                style={{ minWidth: 200 }}
                options={OUTCOMES.map((outcome) => ({ value: outcome, label: t(`desk.outcome.${outcome}`) }))}
                onChange={(outcome) =>
                  setOutcome.mutate({ id: visit.appointment_id, outcome }, { onSuccess: (reply) => toast.success(reply.message), onError: failed('Failed to record the outcome') })
                }
              />
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}
