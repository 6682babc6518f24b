import { Button, Input, Select, Space, Typography } from 'antd';
import { formatNumber } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';
import { NO_PAYMENT_FILTERS, PERIOD_OPTIONS, type PaymentFilters } from './payments.logic';

const STATUSES = ['all', 'completed', 'pending', 'failed', 'refunded'] as const;

/** Search (transaction id or status), status and period, and the results count. */
export function PaymentFilterBar({ value, onChange, count, total, placeholder }: {
  value: PaymentFilters;
  onChange: (next: PaymentFilters) => void;
  count: number;
  total: number;
  placeholder?: string;
}) {
  const { t } = usePatientTranslation();
  const active = value.search !== '' || value.status !== 'all' || value.period !== 'all';
  return (
    <div style={{ marginBottom: 16 }}>
      <Space wrap style={{ display: 'flex', marginBottom: 8 }}>
        <Input.Search
          allowClear
          aria-label={t('payments.search')}
          placeholder={placeholder ?? t('payments.searchPlaceholder')}
          value={value.search}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
          style={{ width: 300, maxWidth: '100%' }}
        />
        <Select aria-label={t('payments.statusFilter')} value={value.status} onChange={(status) => onChange({ ...value, status })} options={STATUSES.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) }))} style={{ width: 160 }} />
        <Select aria-label={t('payments.period')} value={value.period} onChange={(period) => onChange({ ...value, period })} options={PERIOD_OPTIONS.map((o) => ({ value: o.value, label: t(`payments.periods.${o.value}`) }))} style={{ width: 150 }} />
        {active ? <Button onClick={() => onChange(NO_PAYMENT_FILTERS)}>{t('payments.clear')}</Button> : null}
      </Space>
      {/* A line of its own: beside the inline filters it ran into the period select ('All time'). */}
      <Typography.Paragraph type="secondary" aria-live="polite" data-testid="payments-count" style={{ margin: 0 }}>
        {t('payments.showing', { shown: count, count: total, total: formatNumber(total) })}
      </Typography.Paragraph>
    </div>
  );
}
