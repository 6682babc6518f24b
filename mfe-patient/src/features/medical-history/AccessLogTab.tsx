import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { AccessLogEntry } from '@afya/prescription-service/contracts';
import { errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, ScrollRegion } from 'shell/ui-kit';
import { useAccessLog } from './api';
import { actionLabel, actorLabel, isRefused, roleLabel } from './history.logic';

const ACTION_COLOR: Record<string, string> = {
  viewed: 'blue',
  downloaded: 'geekblue',
  created: 'green',
  updated: 'orange',
  deleted: 'red',
  joined_video: 'cyan',
  left_video: 'default',
};

/**
 * "Who viewed my records": every doctor's or admin's read or change of the patient's medical data, the attempts that
 * were refused, admins' CSV exports holding the patient's rows, and the service that acted for someone, if any.
 */
export function AccessLogTab() {
  const [page, setPage] = useState(1);
  const limit = 20;
  const query = useAccessLog(page, limit);
  const { loading, failed } = queryStatus(query);
  if (failed && !query.data) return <ErrorState message={errorText(query.error, 'Failed to load the access log')} onRetry={() => void query.refetch()} />;
  if (!loading && query.data?.total === 0) {
    return <EmptyState title="Nobody else has opened your records yet." description="When a doctor or an administrator views, downloads, exports or changes your records, or tries to and is refused, it is listed here." />;
  }
  // Wider than a phone: a scrolling region the keyboard can reach (ScrollRegion), not the table's own scroll box.
  return (
    <ScrollRegion label="Who opened your records" minWidth={640}>
    <Table<AccessLogEntry>
      rowKey="id"
      loading={loading}
      dataSource={query.data?.entries ?? []}
      pagination={{ current: page, pageSize: limit, total: query.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        { title: 'Who', key: 'who', render: (_v, e) => actorLabel(e) },
        { title: 'Role', dataIndex: 'actor_role', key: 'role', render: (r: string) => roleLabel(r) },
        {
          title: 'Action',
          dataIndex: 'action',
          key: 'action',
          render: (a: string, e) =>
            isRefused(e.outcome) ? (
              <Tag color="red" title="The attempt was refused: nothing was shown">
                Refused: {actionLabel(a).toLowerCase()}
              </Tag>
            ) : (
              <Tag color={ACTION_COLOR[a]}>{actionLabel(a)}</Tag>
            ),
        },
        { title: 'Record', dataIndex: 'record', key: 'record' },
        { title: 'When', dataIndex: 'at', key: 'at', render: (at: string) => dayjs(at).format('D MMM YYYY, HH:mm') },
      ]}
    />
    </ScrollRegion>
  );
}
