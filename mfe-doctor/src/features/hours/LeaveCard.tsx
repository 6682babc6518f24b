import { clinicToday } from '@afya/appointment-service/contracts/booking-rules';
import { DoctorHoursMessages, leaveProblem } from '@afya/appointment-service/contracts/doctor-hours';
import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Empty, Input, List, Popconfirm, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { formatDate, translateMessage } from 'shell/i18n';
import { ErrorState, toast } from 'shell/ui-kit';
import { useDoctorTranslation } from '../../i18n';
import { AffectedVisitsDialog } from './AffectedVisitsDialog';
import { type AffectedVisit, type LeaveInput, useAddLeave, useDoctorLeave, useRemoveLeave } from './api';

const DATE_FORMAT = 'YYYY-MM-DD';
const REASON_MAX = 500;

/** Days in a leave, both ends included. */
export function leaveDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Why the leave typed cannot be sent, in the page's language (the contract's leaveProblem decides), or null. */
export function leaveFormProblem(from: string | null, to: string | null, today: string, t: (key: string) => string): string | null {
  if (!from || !to) return t('leave.problem.dates');
  const problem = leaveProblem({ from, to }, today);
  if (problem === DoctorHoursMessages.leaveOrder) return t('leave.problem.order');
  if (problem === DoctorHoursMessages.leavePast) return t('leave.problem.past');
  if (problem) return t('leave.problem.dates');
  return null;
}

/**
 * Leave: a date range (one entry however long) with a private reason; when booked visits fall in it, the server
 * lists them (409) and the doctor confirms in a dialog before anything is saved. Upcoming leave below, each removable.
 */
export function LeaveCard({ doctorId }: { doctorId: number | undefined }) {
  const { t } = useDoctorTranslation();
  const today = clinicToday();
  const leave = useDoctorLeave(doctorId);
  const add = useAddLeave(doctorId);
  const remove = useRemoveLeave(doctorId);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [affected, setAffected] = useState<AffectedVisit[] | null>(null);

  const problem = leaveFormProblem(from, to, today, t);
  const rangeText = from && to ? (from === to ? formatDate(from, 'day') : `${formatDate(from, 'day')} – ${formatDate(to, 'day')}`) : '';

  const send = (confirm: boolean) => {
    setAttempted(true);
    if (problem || !from || !to) return;
    const input: LeaveInput = { from, to, reason };
    add.mutate(
      { input, confirm },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'confirm') {
            setAffected(outcome.appointments);
            return;
          }
          setAffected(null);
          setFrom(null);
          setTo(null);
          setReason('');
          setAttempted(false);
          toast.success(outcome.needsNewTime.length ? t('leave.savedMoved', { count: outcome.needsNewTime.length }) : t('leave.saved'));
        },
        // The dialog closes on a failure; the form keeps what was typed, and says why.
        onError: () => setAffected(null),
      },
    );
  };

  const dateField = (label: string, value: string | null, onChange: (v: string | null) => void, min: string) => (
    <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Typography.Text strong>{label}</Typography.Text>
      <DatePicker
        aria-label={label}
        value={value ? dayjs(value, DATE_FORMAT) : null}
        format={DATE_FORMAT}
        placeholder={DATE_FORMAT}
        allowClear={false} // its 14 px clear icon is below the 24 px target size; a typed or picked date replaces it
        disabledDate={(d: Dayjs) => d.format(DATE_FORMAT) < min}
        onChange={(d) => {
          onChange(d ? d.format(DATE_FORMAT) : null);
          add.reset();
        }}
        status={attempted && problem ? 'error' : undefined}
        style={{ width: 180 }}
      />
    </label>
  );

  return (
    <Card title={t('leave.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('leave.intro')}</Typography.Text>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
          {dateField(t('leave.from'), from, (v) => {
            setFrom(v);
            if (v && (!to || to < v)) setTo(v);
          }, today)}
          {dateField(t('leave.to'), to, setTo, from ?? today)}
        </div>
        <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <Typography.Text strong>{t('leave.reason')}</Typography.Text>
          <Input.TextArea
            aria-label={t('leave.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={REASON_MAX}
            autoSize={{ minRows: 2, maxRows: 4 }}
            style={{ maxWidth: 520 }}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('leave.reasonHint')}
          </Typography.Text>
        </label>
        {from && to && !problem ? <Typography.Text>{t('leave.summary', { count: leaveDays(from, to), range: rangeText })}</Typography.Text> : null}
        {attempted && problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
        {add.isError ? <Alert type="error" showIcon role="alert" title={translateMessage(errorText(add.error, t('leave.saveFailed')), 'doctor')} description={t('leave.keptHint')} /> : null}
        <div>
          <Button type="primary" onClick={() => send(false)} loading={add.isPending && affected === null}>
            {t('leave.add')}
          </Button>
        </div>

        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('leave.upcoming')}
        </Typography.Title>
        {leave.isError ? (
          <ErrorState message={t('leave.loadFailed')} onRetry={() => void leave.refetch()} />
        ) : (
          <List
            loading={leave.isPending && leave.fetchStatus !== 'idle'}
            dataSource={leave.data ?? []}
            rowKey={(l) => l.leave_id}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('leave.none')} /> }}
            renderItem={(l) => {
              const range = l.from === l.to ? formatDate(l.from, 'day') : `${formatDate(l.from, 'day')} – ${formatDate(l.to, 'day')}`;
              return (
                <List.Item
                  data-testid={`leave-${l.leave_id}`}
                  actions={[
                    <Popconfirm
                      key="remove"
                      title={t('leave.removeTitle')}
                      description={t('leave.removeHint')}
                      okText={t('leave.remove')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        remove.mutateAsync(l.leave_id).then(
                          () => toast.success(t('leave.removed')),
                          (error: unknown) => toast.error(translateMessage(errorText(error, t('leave.removeFailed')), 'doctor')),
                        )
                      }
                    >
                      <Button danger type="text" icon={<DeleteOutlined />} aria-label={t('leave.removeLabel', { range })}>
                        {t('leave.remove')}
                      </Button>
                    </Popconfirm>,
                  ]}
                >
                  <List.Item.Meta
                    title={range}
                    description={
                      <>
                        {t('leave.days', { count: leaveDays(l.from, l.to) })}
                        {l.from <= today && today <= l.to ? ` · ${t('leave.now')}` : ''}
                        {l.reason ? <div>{l.reason}</div> : null}
                      </>
                    }
                  />
                </List.Item>
              );
            }}
          />
        )}
      </Space>
      <AffectedVisitsDialog visits={affected} range={rangeText} saving={add.isPending} onConfirm={() => send(true)} onCancel={() => setAffected(null)} />
    </Card>
  );
}

