import type { Medicine } from '@afya/prescription-service/contracts';
import { Grid, Table, Typography } from 'antd';
import { useTranslation } from '../../i18n';

const wrap = { wordBreak: 'break-word', overflowWrap: 'anywhere' } as const;

/**
 * A prescription's medicines for patients, doctors and admins alike. Nothing is cut off: on a phone each medicine is
 * a short block (name and dosage, then frequency and instructions); wider, a table whose columns share the card's
 * width and wrap their text. The earlier tables scrolled sideways inside their cards, which hid Frequency and
 * Instructions at 1366 px as well as on phones.
 */
export function MedicinesTable({ medicines }: { medicines: Medicine[] }) {
  const phone = Grid.useBreakpoint().sm === false;
  const { t } = useTranslation('shell');
  if (phone) {
    return (
      <ul aria-label={t('medicines.label')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {medicines.map((m, i) => (
          <li key={i} data-testid="medicine" style={{ ...wrap, borderInlineStart: '3px solid #0f766e', paddingInlineStart: 8 }}>
            <Typography.Text strong>{m.name}</Typography.Text> <Typography.Text>{m.dosage}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{t('medicines.frequency')}: </Typography.Text>
              {m.frequency || '—'}
            </div>
            <div>
              <Typography.Text type="secondary">{t('medicines.instructions')}: </Typography.Text>
              {m.instructions || '—'}
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<Medicine & { row: number }>
      size="small"
      pagination={false}
      rowKey="row"
      tableLayout="fixed"
      dataSource={medicines.map((m, row) => ({ ...m, row }))}
      columns={[
        { title: t('medicines.medicine'), dataIndex: 'name', key: 'name', width: '26%', onCell: () => ({ style: wrap }), render: (v: string) => <strong>{v}</strong> },
        { title: t('medicines.dosage'), dataIndex: 'dosage', key: 'dosage', width: '18%', onCell: () => ({ style: wrap }) },
        { title: t('medicines.frequency'), dataIndex: 'frequency', key: 'frequency', width: '24%', onCell: () => ({ style: wrap }), render: (v: string) => v || '—' },
        { title: t('medicines.instructions'), dataIndex: 'instructions', key: 'instructions', onCell: () => ({ style: wrap }), render: (v: string) => v || '—' },
      ]}
    />
  );
}
