import { Table, Tag } from 'antd';
import { useState } from 'react';
import type { AccessLogEntry } from '@afya/prescription-service/contracts';
import { errorText, queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, ScrollRegion } from 'shell/ui-kit';
import { useAccessLog } from './api';
import { actionLabel, actorLabel, isRefused, roleLabel } from './history.logic';
import { formatDate, translateMessage } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';

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
  const { t } = usePatientTranslation();
  const [page, setPage] = useState(1);
  const limit = 20;
  const query = useAccessLog(page, limit);
  const { loading, failed } = queryStatus(query);
  if (failed && !query.data) return <ErrorState message={translateMessage(errorText(query.error, 'Failed to load the access log'))} onRetry={() => void query.refetch()} />;
  if (!loading && query.data?.total === 0) {
    return <EmptyState title={t('history.access.none')} description={t('history.access.noneHint')} />;
  }
  // Wider than a phone: a scrolling region the keyboard can reach (ScrollRegion), not the table's own scroll box.
  return (
    <ScrollRegion label={t('history.access.region')} minWidth={640}>
    <Table<AccessLogEntry>
      rowKey="id"
      loading={loading}
      dataSource={query.data?.entries ?? []}
      pagination={{ current: page, pageSize: limit, total: query.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        { title: t('history.access.who'), key: 'who', render: (_v, e) => actorLabel(e) },
        { title: t('history.access.role'), dataIndex: 'actor_role', key: 'role', render: (r: string) => roleLabel(r) },
        {
          title: t('history.access.action'),
          dataIndex: 'action',
          key: 'action',
          render: (a: string, e) =>
            isRefused(e.outcome) ? (
              <Tag color="red" title={t('history.access.refusedTitle')}>
                {t('history.access.refused', { action: actionLabel(a).toLowerCase() })}
              </Tag>
            ) : (
              <Tag color={ACTION_COLOR[a]}>{actionLabel(a)}</Tag>
            ),
        },
        { title: t('history.access.record'), dataIndex: 'record', key: 'record' },
        { title: t('history.access.when'), dataIndex: 'at', key: 'at', render: (at: string) => formatDate(at, 'dateTime') },
      ]}
    />
    </ScrollRegion>
  );
}
