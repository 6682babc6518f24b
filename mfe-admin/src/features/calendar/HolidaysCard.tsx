import { clinicToday } from '@afya/appointment-service/contracts/booking-rules';
import { type ClinicClosure, KENYA_FIXED_HOLIDAYS, kenyaFixedHolidays } from '@afya/appointment-service/contracts/doctor-hours';
import { Button, Card, Checkbox, Segmented, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { formatDate } from 'shell/i18n';
import { useAdminTranslation } from '../../i18n';
import { useClosures } from './api';
import type { useClosureFlow } from './useClosureFlow';

/**
 * Kenya's fixed-date public holidays of a year (the contract's versioned data, decision 0101), from today on: the
 * days not yet closed are ticked, and one action closes the clinic on every ticked day. Movable holidays (Good
 * Friday, Easter Monday, Idd-ul-Fitr) are added by hand with the form.
 */
export function HolidaysCard({ flow }: { flow: ReturnType<typeof useClosureFlow> }) {
  const { t } = useAdminTranslation();
  const today = clinicToday();
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear + 1);
  const closures = useClosures();
  const closed = useMemo(() => new Set((closures.data ?? []).map((c) => c.date)), [closures.data]);
  const holidays: ClinicClosure[] = useMemo(() => kenyaFixedHolidays(year).filter((h) => h.date >= today), [year, today]);
  // Unticked by the admin (a day they chose not to close); every other open day is ticked.
  const [unticked, setUnticked] = useState<Set<string>>(new Set());
  const open = holidays.filter((h) => !closed.has(h.date));
  const chosen = open.filter((h) => !unticked.has(h.date));

  const toggle = (date: string, on: boolean) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (on) next.delete(date);
      else next.add(date);
      return next;
    });

  return (
    <Card title={t('calendar.holidaysTitle')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('calendar.holidaysIntro')}</Typography.Text>
        <Segmented<number>
          aria-label={t('calendar.year')}
          value={year}
          onChange={setYear}
          options={[thisYear, thisYear + 1].map((y) => ({ value: y, label: String(y) }))}
        />
        <fieldset style={{ border: 0, margin: 0, padding: 0 }} aria-busy={closures.isPending}>
          <legend className="afya-visually-hidden">
            {t('calendar.holidaysOf', { year })}
          </legend>
          {holidays.length === 0 ? <Typography.Text type="secondary">{t('calendar.noHolidaysLeft', { year })}</Typography.Text> : null}
          {holidays.map((h) => {
            const isClosed = closed.has(h.date);
            return (
              <div key={h.date} data-testid={`holiday-${h.date}`} style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap', padding: '6px 0' }}>
                <Checkbox checked={isClosed || !unticked.has(h.date)} disabled={isClosed || closures.isPending} onChange={(e) => toggle(h.date, e.target.checked)}>
                  <Typography.Text strong>{h.name}</Typography.Text> <Typography.Text type="secondary">{formatDate(h.date, 'day')}</Typography.Text>
                </Checkbox>
                {isClosed ? <Tag color="green">{t('calendar.closedTag')}</Tag> : null}
              </div>
            );
          })}
        </fieldset>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('calendar.holidaysSource', { version: KENYA_FIXED_HOLIDAYS.version })}
        </Typography.Text>
        <div>
          <Button type="primary" disabled={!chosen.length || closures.isPending} loading={flow.busy} onClick={() => flow.run(chosen.map((h) => ({ date: h.date, name: h.name })), () => setUnticked(new Set()))}>
            {t('calendar.closeOnHolidays', { count: chosen.length })}
          </Button>
        </div>
      </Space>
    </Card>
  );
}
