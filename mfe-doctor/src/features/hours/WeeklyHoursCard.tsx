import { clinicToday } from '@afya/appointment-service/contracts/booking-rules';
import { SLOT_LENGTHS } from '@afya/appointment-service/contracts/doctor-hours';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { errorText } from 'shell/api-client';
import { formatDate, translateMessage } from 'shell/i18n';
import { ErrorState, toast } from 'shell/ui-kit';
import { useDoctorTranslation } from '../../i18n';
import { AffectedVisitsDialog } from './AffectedVisitsDialog';
import { type AffectedVisit, type HoursReply, useDoctorHours, useSaveHours } from './api';
import { bodyOf, clinicDay, copyMondayToWeekdays, draftFrom, draftProblems, ISO_WEEKDAYS, newSession, sessionsOf, timeOptions, type WeekDraft } from './week';
import { clockTime } from '@afya/appointment-service/contracts/doctor-hours';

const DATE_FORMAT = 'YYYY-MM-DD';

/** The draft to edit for what the server holds: the hours in effect from today (or `next`, when asked). */
function draftOf(hours: HoursReply, today: string, which: 'current' | 'next'): WeekDraft {
  if (which === 'next' && hours.next) return draftFrom(hours.next, hours.next.valid_from);
  return draftFrom(hours.custom ? hours : null, today);
}

/**
 * The doctor's week: per weekday, none or more sessions (start and end, within the clinic's hours), the slot length,
 * and the date the hours apply from. Each control is a labelled select, so the whole grid works by keyboard. What is
 * typed stays when saving fails.
 */
export function WeeklyHoursCard({ doctorId }: { doctorId: number | undefined }) {
  const { t } = useDoctorTranslation();
  const hours = useDoctorHours(doctorId);
  const save = useSaveHours(doctorId);
  const today = clinicToday();
  const [draft, setDraft] = useState<WeekDraft | null>(null);
  const [dirty, setDirty] = useState(false);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [attempted, setAttempted] = useState(false);
  /** The booked visits the week typed would leave without a slot (409), shown before anything is saved. */
  const [affected, setAffected] = useState<AffectedVisit[] | null>(null);

  // The saved hours fill the grid until the doctor changes something (a refetch never overwrites their edits).
  useEffect(() => {
    if (hours.data && !dirty) setDraft(draftOf(hours.data, today, 'current'));
  }, [hours.data, dirty, today]);

  if (hours.isError) return <Card title={t('hours.weekTitle')}><ErrorState message={t('hours.loadFailed')} onRetry={() => void hours.refetch()} /></Card>;
  if (!draft || !hours.data) return <Card title={t('hours.weekTitle')} loading />;

  const problems = draftProblems(draft, today);
  const hasProblems = Object.keys(problems.rows).length > 0 || problems.form !== null;
  const change = (next: WeekDraft) => {
    setDraft(next);
    setDirty(true);
    setConfirmEmpty(false);
    save.reset();
  };
  const setSession = (weekday: number, key: number, field: 'start' | 'end', value: string) =>
    change({ ...draft, days: { ...draft.days, [weekday]: draft.days[weekday].map((s) => (s.key === key ? { ...s, [field]: value } : s)) } });
  const addSession = (weekday: number) => {
    const added = newSession(draft, weekday);
    if (added) change({ ...draft, days: { ...draft.days, [weekday]: [...draft.days[weekday], added] } });
  };
  const removeSession = (weekday: number, key: number) => change({ ...draft, days: { ...draft.days, [weekday]: draft.days[weekday].filter((s) => s.key !== key) } });
  const discard = () => {
    setDirty(false);
    setAttempted(false);
    save.reset();
    setDraft(draftOf(hours.data, today, 'current'));
  };

  /**
   * `confirmedEmpty`: the doctor accepted a week without sessions. `confirmVisits`: they saw the booked visits the
   * hours leave without a slot (the server's 409 list) and confirmed: each of them then needs a new time.
   */
  const submit = (confirmedEmpty = false, confirmVisits = false) => {
    setAttempted(true);
    if (hasProblems) return;
    if (!confirmedEmpty && sessionsOf(draft).length === 0) {
      setConfirmEmpty(true);
      return;
    }
    setConfirmEmpty(false);
    save.mutate(
      { body: bodyOf(draft), confirm: confirmVisits },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'confirm') {
            setAffected(outcome.appointments);
            return;
          }
          const { saved } = outcome;
          setAffected(null);
          const moved = saved.needs_new_time.length;
          toast.success(moved ? t('hours.savedMoved', { count: moved }) : t('hours.saved'));
          setDirty(false);
          setAttempted(false);
          setDraft(draftFrom(saved, saved.valid_from ?? today));
        },
      },
    );
  };

  const { custom, valid_from: since, next } = hours.data;
  return (
    <Card title={t('hours.weekTitle')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {custom ? (
          <Typography.Text type="secondary">{t('hours.inEffect', { date: formatDate(since, 'day') })}</Typography.Text>
        ) : (
          <Alert type="info" showIcon title={t('hours.noneSet')} description={t('hours.noneSetHint')} />
        )}
        {next ? (
          <Alert
            type="warning"
            showIcon
            title={t('hours.nextSaved', { date: formatDate(next.valid_from, 'day') })}
            action={
              <Button size="small" onClick={() => { setDraft(draftOf(hours.data, today, 'next')); setDirty(true); }}>
                {t('hours.editNext')}
              </Button>
            }
          />
        ) : null}

        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
          <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <Typography.Text strong>{t('hours.slotLength')}</Typography.Text>
            <Select<number>
              aria-label={t('hours.slotLength')}
              value={draft.slot_minutes}
              onChange={(slot_minutes) => change({ ...draft, slot_minutes })}
              options={SLOT_LENGTHS.map((m) => ({ value: m, label: t('hours.minutes', { count: m }) }))}
              style={{ width: 160 }}
            />
          </label>
          <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <Typography.Text strong>{t('hours.validFrom')}</Typography.Text>
            <DatePicker
              aria-label={t('hours.validFrom')}
              value={dayjs(draft.valid_from, DATE_FORMAT)}
              format={DATE_FORMAT}
              allowClear={false}
              disabledDate={(d) => d.format(DATE_FORMAT) < today}
              onChange={(d) => d && change({ ...draft, valid_from: d.format(DATE_FORMAT) })}
              style={{ width: 180 }}
            />
          </label>
        </div>

        <div role="group" aria-label={t('hours.weekLabel')} style={{ display: 'flex', flexDirection: 'column' }}>
          {ISO_WEEKDAYS.map((weekday) => {
            const day = clinicDay(weekday);
            const dayName = t(`hours.weekday.${weekday}`);
            const sessions = draft.days[weekday];
            return (
              <div
                key={weekday}
                role="group"
                aria-label={dayName}
                data-testid={`weekday-${weekday}`}
                style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: '12px 0', borderTop: '1px solid var(--ant-color-split, rgba(128,128,128,0.2))' }}
              >
                <div style={{ flex: '0 0 150px', minWidth: 130 }}>
                  <Typography.Text strong>{dayName}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {day ? t('hours.clinicOpen', { opens: clockTime(day.opens), closes: clockTime(day.closes) }) : t('hours.clinicClosed')}
                  </Typography.Text>
                </div>
                <div style={{ flex: '1 1 260px', display: 'flex', flexDirection: 'column', gap: 8 }}>
                  {sessions.length === 0 ? <Tag style={{ alignSelf: 'flex-start' }}>{t('hours.notWorking')}</Tag> : null}
                  {sessions.map((s, i) => {
                    const problem = problems.rows[s.key];
                    const options = timeOptions(weekday, [s.start, s.end]).map((time) => ({ value: time, label: time }));
                    const label = (part: 'start' | 'end') => t(part === 'start' ? 'hours.startLabel' : 'hours.endLabel', { day: dayName, n: i + 1 });
                    return (
                      <div key={s.key}>
                        <Space wrap size={8}>
                          <Select
                            showSearch
                            aria-label={label('start')}
                            value={s.start}
                            options={options}
                            onChange={(v: string) => setSession(weekday, s.key, 'start', v)}
                            status={problem ? 'error' : undefined}
                            style={{ width: 104 }}
                          />
                          <span aria-hidden>–</span>
                          <Select
                            showSearch
                            aria-label={label('end')}
                            value={s.end}
                            options={options}
                            onChange={(v: string) => setSession(weekday, s.key, 'end', v)}
                            status={problem ? 'error' : undefined}
                            style={{ width: 104 }}
                          />
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('hours.removeSession', { day: dayName, n: i + 1 })}
                            onClick={() => removeSession(weekday, s.key)}
                          />
                        </Space>
                        {problem ? (
                          <div>
                            <Typography.Text type="danger" role="alert">
                              {problem}
                            </Typography.Text>
                          </div>
                        ) : null}
                      </div>
                    );
                  })}
                  {day ? (
                    <Space wrap size={8}>
                      <Button size="small" icon={<PlusOutlined />} onClick={() => addSession(weekday)} aria-label={t('hours.addSessionTo', { day: dayName })}>
                        {t('hours.addSession')}
                      </Button>
                      {weekday === 1 && sessions.length > 0 ? (
                        <Button size="small" icon={<CopyOutlined />} onClick={() => change(copyMondayToWeekdays(draft))}>
                          {t('hours.copyMonday')}
                        </Button>
                      ) : null}
                    </Space>
                  ) : null}
                </div>
              </div>
            );
          })}
        </div>

        {problems.form && (attempted || dirty) ? <Alert type="error" showIcon role="alert" title={translateMessage(problems.form, 'doctor')} /> : null}
        {attempted && hasProblems && !problems.form ? <Alert type="error" showIcon role="alert" title={t('hours.fixRows')} /> : null}
        {save.isError ? <Alert type="error" showIcon role="alert" title={translateMessage(errorText(save.error, t('hours.saveFailed')), 'doctor')} description={t('hours.keptHint')} /> : null}

        <Space wrap>
          <Popconfirm
            open={confirmEmpty}
            title={t('hours.emptyTitle')}
            description={t('hours.emptyHint', { date: formatDate(draft.valid_from, 'day') })}
            okText={t('hours.emptyOk')}
            cancelText={t('common.cancel')}
            onConfirm={() => submit(true)}
            onCancel={() => setConfirmEmpty(false)}
            onOpenChange={(open) => !open && setConfirmEmpty(false)}
          >
            <Button type="primary" onClick={() => submit()} loading={save.isPending}>
              {t('hours.save')}
            </Button>
          </Popconfirm>
          <Button onClick={discard} disabled={!dirty || save.isPending}>
            {t('hours.discard')}
          </Button>
        </Space>
        <AffectedVisitsDialog
          kind="hours"
          visits={affected}
          range={formatDate(draft.valid_from, 'day')}
          saving={save.isPending}
          onConfirm={() => submit(true, true)}
          onCancel={() => setAffected(null)}
        />
      </Space>
    </Card>
  );
}
