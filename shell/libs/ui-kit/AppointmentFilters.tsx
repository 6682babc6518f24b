import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
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
  placeholder = 'Search by doctor, patient or status',
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
  return (
    <Card styles={{ body: { padding: 16 } }} style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={placeholder}
          aria-label="Search appointments"
          value={value.search}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
          style={{ flex: '1 1 240px', minWidth: 0 }}
        />
        <Select<StatusFilter>
          aria-label="Filter by status"
          value={value.status}
          onChange={(status) => onChange({ ...value, status })}
          options={STATUS_FILTERS.map((o) => ({ value: o.value, label: o.label }))}
          style={{ flex: '1 1 150px', minWidth: 0 }}
        />
        <Select<DateFilter>
          aria-label="Filter by date"
          value={value.date}
          onChange={(date) => onChange({ ...value, date })}
          options={DATE_FILTERS.map((o) => ({ value: o.value, label: o.label }))}
          style={{ flex: '1 1 150px', minWidth: 0 }}
        />
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between', marginTop: 12 }}>
        <Typography.Text type="secondary" data-testid="results-count" aria-live="polite">
          Showing {count} of {totalIsEstimate ? `about ${total.toLocaleString('en-KE')}` : total} appointment{total === 1 ? '' : 's'}
        </Typography.Text>
        <Space wrap size={8}>
          <Button size="small" onClick={() => onChange(QUICK_FILTERS.clearAll)}>
            Clear All
          </Button>
          <Button size="small" onClick={() => onChange(QUICK_FILTERS.confirmedOnly)}>
            Confirmed Only
          </Button>
          <Button size="small" onClick={() => onChange(QUICK_FILTERS.todays)}>
            Today's
          </Button>
          {extra}
        </Space>
      </div>
    </Card>
  );
}
