import { clinicToday } from '@afya/appointment-service/contracts/booking-rules';
import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Input, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { formatDate, translateMessage } from 'shell/i18n';
import { ErrorState, toast } from 'shell/ui-kit';
import { useAdminTranslation } from '../../i18n';
import { type Closure, useClosures, useRemoveClosure } from './api';
import type { useClosureFlow } from './useClosureFlow';

const DATE_FORMAT = 'YYYY-MM-DD';
export const CLOSURE_NAME_MAX = 100;

/** The clinic's closures from today on, and a form to add one (a date and its name). */
export function ClosuresCard({ flow }: { flow: ReturnType<typeof useClosureFlow> }) {
  const { t } = useAdminTranslation();
  const today = clinicToday();
  const closures = useClosures();
  const remove = useRemoveClosure();
  const [date, setDate] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [attempted, setAttempted] = useState(false);

  const problem = !date ? t('calendar.problem.date') : date < today ? t('calendar.problem.past') : !name.trim() ? t('calendar.problem.name') : null;
  const submit = () => {
    setAttempted(true);
    if (problem || !date) return;
    flow.run([{ date, name: name.trim() }], () => {
      setDate(null);
      setName('');
      setAttempted(false);
    });
  };

  const columns: ColumnsType<Closure> = [
    { title: t('calendar.date'), dataIndex: 'date', render: (d: string) => formatDate(d, 'day'), onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    { title: t('calendar.name'), dataIndex: 'name' },
    {
      title: t('common.actions'),
      width: 1,
      render: (_, c) => (
        <Popconfirm
          title={t('calendar.removeTitle')}
          description={t('calendar.removeHint')}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            remove.mutateAsync(c.closure_id).then(
              () => toast.success(t('calendar.removed')),
              (error: unknown) => toast.error(translateMessage(errorText(error, t('calendar.removeFailed')), 'admin')),
            )
          }
        >
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('calendar.removeLabel', { name: c.name, date: formatDate(c.date, 'day') })} />
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card title={t('calendar.closuresTitle')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('calendar.closuresIntro')}</Typography.Text>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end' }}>
          <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <Typography.Text strong>{t('calendar.date')}</Typography.Text>
            <DatePicker
              aria-label={t('calendar.closureDate')}
              value={date ? dayjs(date, DATE_FORMAT) : null}
              format={DATE_FORMAT}
              placeholder={DATE_FORMAT}
              allowClear={false} // its 14 px clear icon is below the 24 px target size; a typed or picked date replaces it
              disabledDate={(d) => d.format(DATE_FORMAT) < today}
              onChange={(d) => {
                setDate(d ? d.format(DATE_FORMAT) : null);
                flow.reset();
              }}
              status={attempted && problem && !date ? 'error' : undefined}
              style={{ width: 180 }}
            />
          </label>
          <label style={{ display: 'flex', flexDirection: 'column', gap: 4, flex: '1 1 220px', maxWidth: 360 }}>
            <Typography.Text strong>{t('calendar.name')}</Typography.Text>
            <Input
              aria-label={t('calendar.closureName')}
              placeholder={t('calendar.namePlaceholder')}
              value={name}
              maxLength={CLOSURE_NAME_MAX}
              onChange={(e) => {
                setName(e.target.value);
                flow.reset();
              }}
              onPressEnter={submit}
              status={attempted && problem && date ? 'error' : undefined}
            />
          </label>
          <Button type="primary" onClick={submit} loading={flow.busy}>
            {t('calendar.add')}
          </Button>
        </div>
        {attempted && problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
        {flow.error ? <Alert type="error" showIcon role="alert" title={translateMessage(errorText(flow.error, t('calendar.saveFailed')), 'admin')} description={t('calendar.keptHint')} /> : null}
        {closures.isError ? (
          <ErrorState message={t('calendar.loadFailed')} onRetry={() => void closures.refetch()} />
        ) : (
          <Table<Closure>
              size="small"
              rowKey="closure_id"
              columns={columns}
              dataSource={closures.data ?? []}
              loading={closures.isPending}
              pagination={false}
              locale={{ emptyText: t('calendar.noClosures') }}
            />
        )}
      </Space>
    </Card>
  );
}
