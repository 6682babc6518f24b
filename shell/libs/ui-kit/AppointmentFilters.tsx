import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatNumber, useTranslation } from '../i18n';
import { DATE_FILTERS, QUICK_FILTERS, STATUS_FILTERS, type AppointmentFilterValue, type DateFilter, type StatusFilter } from './appointments';

/**
 * The appointments list controls of CONTRACT.md §2: search (doctor, patient or status), status filter,
 * date filter, results count and the quick buttons Clear All, Confirmed Only, Today's. Same on every role's list.
 */
export function AppointmentFilters({
  value,
  onChange,
  count,
  total,
  totalIsEstimate = false,
  placeholder,
  extra,
}: {
  value: AppointmentFilterValue;
  onChange: (v: AppointmentFilterValue) => void;
  count: number;
  total: number;
  /** The server estimated the total (more matches than it counts exactly): shown as "about N". */
  totalIsEstimate?: boolean;
  placeholder?: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('shell');
  return (
    <Card styles={{ body: { padding: 16 } }} style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={placeholder ?? t('filters.searchPlaceholder')}
          aria-label={t('filters.search')}
          value={value.search}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
          style={{ flex: '1 1 240px', minWidth: 0 }}
        />
        <Select<StatusFilter>
          aria-label={t('filters.byStatus')}
          value={value.status}
          onChange={(status) => onChange({ ...value, status })}
          options={STATUS_FILTERS.map((o) => ({ value: o.value, label: t(`filters.status.${o.value}`) }))}
          style={{ flex: '1 1 150px', minWidth: 0 }}
        />
        <Select<DateFilter>
          aria-label={t('filters.byDate')}
          value={value.date}
          onChange={(date) => onChange({ ...value, date })}
          options={DATE_FILTERS.map((o) => ({ value: o.value, label: t(`filters.date.${o.value}`) }))}
          style={{ flex: '1 1 150px', minWidth: 0 }}
        />
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between', marginTop: 12 }}>
        <Typography.Text type="secondary" data-testid="results-count" aria-live="polite">
          {t(totalIsEstimate ? 'filters.showingAbout' : 'filters.showing', { shown: count, count: total, total: totalIsEstimate ? formatNumber(total) : String(total) })}
        </Typography.Text>
        <Space wrap size={8}>
          <Button size="small" onClick={() => onChange(QUICK_FILTERS.clearAll)}>
            {t('filters.clearAll')}
          </Button>
          <Button size="small" onClick={() => onChange(QUICK_FILTERS.confirmedOnly)}>
            {t('filters.confirmedOnly')}
          </Button>
          <Button size="small" onClick={() => onChange(QUICK_FILTERS.todays)}>
            {t('filters.todays')}
          </Button>
          {extra}
        </Space>
      </div>
    </Card>
  );
}
