import { clinicToday } from '@afya/appointment-service/contracts/booking-rules';
import { clockMinutes, clockTime, isoWeekday } from '@afya/appointment-service/contracts/doctor-hours';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Empty, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { formatDate } from 'shell/i18n';
import { ErrorState, toast } from 'shell/ui-kit';
import { useDoctorTranslation } from '../../i18n';
import { AffectedVisitsDialog } from './AffectedVisitsDialog';
import { type AffectedVisit, type OverrideChange, type OverrideSessions, useChangeOverride, useDoctorHours, useDoctorOverrides } from './api';
import { clinicDay, draftFrom, draftProblems, timeOptions, type DraftSession } from './week';

const DATE_FORMAT = 'YYYY-MM-DD';
let nextKey = 1;

/** "09:00–12:00, 14:00–16:00", or the day off. */
export function sessionsText(sessions: OverrideSessions, dayOff: string): string {
  return sessions.length ? sessions.map((s) => `${s.start}–${s.end}`).join(', ') : dayOff;
}

/**
 * Custom hours for one date (issue 37, decision 0116): a date, its sessions in place of the week's (none: not working
 * that day), checked with the weekly editor's rules for that weekday. When booked visits that date would lose their
 * slot, the server lists them (409) and the doctor confirms in the affected-visits dialog. The dates set are listed,
 * each removable (back to the weekly hours, with the same confirmation when visits would lose their slot).
 */
export function DateOverridesCard({ doctorId }: { doctorId: number | undefined }) {
  const { t } = useDoctorTranslation();
  const today = clinicToday();
  const overrides = useDoctorOverrides(doctorId);
  const hours = useDoctorHours(doctorId);
  const change = useChangeOverride(doctorId);
  const [date, setDate] = useState<string | null>(null);
  const [sessions, setSessions] = useState<DraftSession[]>([]);
  const [attempted, setAttempted] = useState(false);
  /** The change waiting for confirmation, and the visits it would leave without a slot. */
  const [pending, setPending] = useState<{ change: OverrideChange; visits: AffectedVisit[] } | null>(null);

  const slotMinutes = hours.data?.custom ? hours.data.slot_minutes : 30;
  const weekday = date ? isoWeekday(date) : 1;
  const problems = date ? draftProblems({ ...draftFrom(null, date), slot_minutes: slotMinutes, days: { ...draftFrom(null, date).days, [weekday]: sessions } }, today) : null;
  const formProblem = !date ? t('override.problem.date') : (problems?.form ?? null);
  const hasProblems = !!formProblem || Object.keys(problems?.rows ?? {}).length > 0;

  const run = (next: OverrideChange) =>
    change.mutate(next, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'confirm') return setPending({ change: next, visits: outcome.appointments });
        setPending(null);
        const moved = outcome.needsNewTime.length;
        if (next.sessions === null) toast.success(moved ? t('override.removedMoved', { count: moved }) : t('override.removed'));
        else {
          toast.success(moved ? t('override.savedMoved', { count: moved }) : t('override.saved'));
          setDate(null);
          setSessions([]);
          setAttempted(false);
        }
      },
      onError: (error) => {
        setPending(null);
        if (next.sessions === null) toast.error(errorText(error, t('override.removeFailed')));
      },
    });

  const save = () => {
    setAttempted(true);
    if (hasProblems || !date) return;
    run({ date, sessions: sessions.map(({ start, end }) => ({ start, end })), confirm: false });
  };
  const addSession = () => {
    const day = clinicDay(weekday);
    if (!day) return;
    const last = sessions.at(-1);
    const start = last ? clockMinutes(last.end) : Math.max(day.opens, 9 * 60);
    if (start >= day.closes) return;
    setSessions([...sessions, { key: nextKey++, start: clockTime(start), end: clockTime(Math.min(start + 60, day.closes)) }]);
    change.reset();
  };
  const setSession = (key: number, field: 'start' | 'end', value: string) => setSessions(sessions.map((s) => (s.key === key ? { ...s, [field]: value } : s)));

  const dateText = (d: string) => formatDate(d, 'day');
  const closed = date !== null && !clinicDay(weekday);

  return (
    <Card title={t('override.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('override.intro')}</Typography.Text>
        <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <Typography.Text strong>{t('override.date')}</Typography.Text>
          <DatePicker
            aria-label={t('override.date')}
            value={date ? dayjs(date, DATE_FORMAT) : null}
            format={DATE_FORMAT}
            placeholder={DATE_FORMAT}
            allowClear={false}
            disabledDate={(d: Dayjs) => d.format(DATE_FORMAT) < today}
            onChange={(d) => {
              setDate(d ? d.format(DATE_FORMAT) : null);
              setSessions([]);
              change.reset();
            }}
            status={attempted && !date ? 'error' : undefined}
            style={{ width: 180 }}
          />
        </label>
        {date ? (
          <div role="group" aria-label={t('override.sessionsOf', { date: dateText(date) })} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {closed ? <Tag style={{ alignSelf: 'flex-start' }}>{t('hours.clinicClosed')}</Tag> : null}
            {!closed && sessions.length === 0 ? <Tag style={{ alignSelf: 'flex-start' }}>{t('override.dayOff')}</Tag> : null}
            {sessions.map((s, i) => {
              const options = timeOptions(weekday, [s.start, s.end]).map((time) => ({ value: time, label: time }));
              const problem = problems?.rows[s.key];
              return (
                <div key={s.key}>
                  <Space wrap size={8}>
                    {(['start', 'end'] as const).map((part) => (
                      <Select
                        key={part}
                        showSearch
                        aria-label={t(part === 'start' ? 'override.startLabel' : 'override.endLabel', { n: i + 1 })}
                        value={s[part]}
                        options={options}
                        onChange={(v: string) => setSession(s.key, part, v)}
                        status={attempted && problem ? 'error' : undefined}
                        style={{ width: 104 }}
                      />
                    ))}
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('override.removeSession', { n: i + 1 })} onClick={() => setSessions(sessions.filter((x) => x.key !== s.key))} />
                  </Space>
                  {attempted && problem ? (
                    <div>
                      <Typography.Text type="danger" role="alert">
                        {problem}
                      </Typography.Text>
                    </div>
                  ) : null}
                </div>
              );
            })}
            {!closed ? (
              <Button size="small" icon={<PlusOutlined />} onClick={addSession} aria-label={t('hours.addSession')} style={{ alignSelf: 'flex-start' }}>
                {t('hours.addSession')}
              </Button>
            ) : null}
          </div>
        ) : null}
        {attempted && formProblem ? <Alert type="error" showIcon role="alert" title={formProblem} /> : null}
        {change.isError && change.variables?.sessions !== null ? <Alert type="error" showIcon role="alert" title={errorText(change.error, t('override.saveFailed'))} /> : null}
        <div>
          <Button type="primary" onClick={save} loading={change.isPending && pending === null && change.variables?.sessions !== null} disabled={closed}>
            {t('override.save')}
          </Button>
        </div>

        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('override.upcoming')}
        </Typography.Title>
        {overrides.isError ? (
          <ErrorState message={t('override.loadFailed')} onRetry={() => void overrides.refetch()} />
        ) : (
          <List
            loading={overrides.isPending && overrides.fetchStatus !== 'idle'}
            dataSource={overrides.data ?? []}
            rowKey={(o) => o.date}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('override.none')} /> }}
            renderItem={(o) => (
              <List.Item
                data-testid={`override-${o.date}`}
                actions={[
                  <Popconfirm
                    key="remove"
                    title={t('override.removeTitle')}
                    description={t('override.removeHint')}
                    okText={t('leave.remove')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => run({ date: o.date, sessions: null, confirm: false })}
                  >
                    <Button danger type="text" icon={<DeleteOutlined />} aria-label={t('override.removeLabel', { date: dateText(o.date) })}>
                      {t('leave.remove')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta title={dateText(o.date)} description={sessionsText(o.sessions, t('override.dayOff'))} />
              </List.Item>
            )}
          />
        )}
      </Space>
      <AffectedVisitsDialog
        kind="override"
        visits={pending?.visits ?? null}
        range={pending ? dateText(pending.change.date) : ''}
        saving={change.isPending}
        onConfirm={() => pending && run({ ...pending.change, confirm: true })}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
