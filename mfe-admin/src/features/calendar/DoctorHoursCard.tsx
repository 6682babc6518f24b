import { isoWeekdayName } from '@afya/appointment-service/contracts/doctor-hours';
import { Card, List, Tag, Typography } from 'antd';
import { formatDate, specialtyLabel } from 'shell/i18n';
import { ErrorState } from 'shell/ui-kit';
import { useAdminTranslation } from '../../i18n';
import { type DoctorHoursSummary, useAllDoctorHours } from './api';

type Sessions = DoctorHoursSummary['sessions'];

/** A week's sessions as one line per working weekday, in weekday order: [1, '09:00–13:00, 14:00–17:00']. */
export function weekLines(sessions: Sessions): Array<[weekday: number, times: string]> {
  const byDay = new Map<number, string[]>();
  for (const s of [...sessions].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start))) {
    byDay.set(s.weekday, [...(byDay.get(s.weekday) ?? []), `${s.start}–${s.end}`]);
  }
  return [...byDay].map(([weekday, times]) => [weekday, times.join(', ')]);
}

/**
 * Each active doctor's weekly hours as they set them (issue 37), read-only: the sessions per weekday, the slot length
 * and the date they apply from, a later version already saved, or the clinic's slots on their available days for a
 * doctor without hours of their own. A list, not a table: it reads on a phone without scrolling sideways.
 */
export function DoctorHoursCard() {
  const { t } = useAdminTranslation();
  const doctors = useAllDoctorHours();
  const weekday = (n: number) => t(`weekday.${isoWeekdayName(n)}`);

  const week = (sessions: Sessions, label: string) =>
    sessions.length === 0 ? (
      <Typography.Text type="secondary">{t('calendar.noSessions')}</Typography.Text>
    ) : (
      <dl aria-label={label} style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 12px' }}>
        {weekLines(sessions).map(([day, times]) => (
          <div key={day} style={{ display: 'contents' }}>
            <dt style={{ color: 'var(--afya-text-muted, #5b6b73)' }}>{weekday(day)}</dt>
            <dd style={{ margin: 0 }}>{times}</dd>
          </div>
        ))}
      </dl>
    );

  const describe = (d: DoctorHoursSummary) => {
    const name = d.doctor_name ?? `#${d.doctor_id}`;
    if (!d.custom && !d.next) {
      return (
        <>
          <div>{t('calendar.clinicHours')}</div>
          <Typography.Text type="secondary">{d.available_days.length ? t('calendar.clinicDays', { days: d.available_days.map((day) => t(`weekday.${day}`, { defaultValue: day })).join(', ') }) : t('calendar.everyDay')}</Typography.Text>
        </>
      );
    }
    return (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {d.custom && d.valid_from ? (
          <div>
            {week(d.sessions, t('calendar.doctorHoursOf', { name }))}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('calendar.slotsFrom', { minutes: d.slot_minutes, date: formatDate(d.valid_from, 'day') })}
            </Typography.Text>
          </div>
        ) : (
          <div>{t('calendar.clinicHours')}</div>
        )}
        {d.next ? (
          <div>
            <Tag color="blue" style={{ marginBottom: 4 }}>
              {t('calendar.nextFrom', { date: formatDate(d.next.valid_from, 'day') })}
            </Tag>
            {week(d.next.sessions, `${t('calendar.doctorHoursOf', { name })} · ${t('calendar.nextFrom', { date: formatDate(d.next.valid_from, 'day') })}`)}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('calendar.slotsFrom', { minutes: d.next.slot_minutes, date: formatDate(d.next.valid_from, 'day') })}
            </Typography.Text>
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <Card title={t('calendar.doctorHoursTitle')}>
      <Typography.Paragraph type="secondary">{t('calendar.doctorHoursIntro')}</Typography.Paragraph>
      {doctors.isError ? (
        <ErrorState message={t('calendar.doctorHoursFailed')} onRetry={() => void doctors.refetch()} />
      ) : (
        <List<DoctorHoursSummary>
          loading={doctors.isPending}
          dataSource={doctors.data ?? []}
          rowKey="doctor_id"
          locale={{ emptyText: t('calendar.noDoctors') }}
          pagination={(doctors.data?.length ?? 0) > 10 ? { pageSize: 10, size: 'small' } : false}
          renderItem={(d) => (
            <List.Item data-testid={`doctor-hours-${d.doctor_id}`}>
              <List.Item.Meta
                title={
                  <span>
                    {d.doctor_name ? t('common.doctorName', { name: d.doctor_name }) : `#${d.doctor_id}`}
                    {d.specialization ? <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}> · {specialtyLabel(d.specialization)}</Typography.Text> : null}
                    {d.approval_status === 'pending' ? <Tag style={{ marginInlineStart: 8 }}>{t('doctors.awaiting')}</Tag> : null}
                  </span>
                }
                description={describe(d)}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
