import { Button, Input, Select, Space, Typography } from 'antd';
import { countOf } from 'shell/ui-kit';
import { NO_PAYMENT_FILTERS, PERIOD_OPTIONS, type PaymentFilters } from './payments.logic';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'completed', label: 'Completed' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
  { value: 'refunded', label: 'Refunded' },
];

/** Search (transaction id or status), status and period, and the results count. */
export function PaymentFilterBar({ value, onChange, count, total, placeholder = 'Search by transaction ID or status' }: {
  value: PaymentFilters;
  onChange: (next: PaymentFilters) => void;
  count: number;
  total: number;
  placeholder?: string;
}) {
  const active = value.search !== '' || value.status !== 'all' || value.period !== 'all';
  return (
    <div style={{ marginBottom: 16 }}>
      <Space wrap style={{ display: 'flex', marginBottom: 8 }}>
        <Input.Search
          allowClear
          aria-label="Search payments"
          placeholder={placeholder}
          value={value.search}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
          style={{ width: 300, maxWidth: '100%' }}
        />
        <Select aria-label="Status" value={value.status} onChange={(status) => onChange({ ...value, status })} options={STATUS_OPTIONS} style={{ width: 160 }} />
        <Select aria-label="Period" value={value.period} onChange={(period) => onChange({ ...value, period })} options={PERIOD_OPTIONS} style={{ width: 150 }} />
        {active ? <Button onClick={() => onChange(NO_PAYMENT_FILTERS)}>Clear</Button> : null}
      </Space>
      {/* A line of its own: beside the inline filters it ran into the period select ('All time'). */}
      <Typography.Paragraph type="secondary" aria-live="polite" data-testid="payments-count" style={{ margin: 0 }}>
        Showing {count} of {countOf(total, 'payment')}
      </Typography.Paragraph>
    </div>
  );
}
