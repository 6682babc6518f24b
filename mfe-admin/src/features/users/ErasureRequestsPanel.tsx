import { useAdminTranslation } from '../../i18n';
import { formatDate } from 'shell/i18n';
import { Button, Card, List, Space, Typography } from 'antd';
import type { ErasureRequestView } from '@afya/auth-service/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from 'shell/api-client';
import { confirmDelete, toast } from 'shell/ui-kit';
import { adminKeys } from '../../api/query-keys';
import { erasureApi } from './api';

const erasureKey = [...adminKeys.users, 'erasure-requests'] as const;

/**
 * Patients' erasure requests waiting for a decision (data rights), above the user list: approve (the account is erased
 * at once) or reject. Nothing shows when none is waiting.
 */
export function ErasureRequestsPanel() {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  const pending = useQuery({
    queryKey: erasureKey,
    queryFn: erasureApi.pending,
  });
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) => erasureApi.decide(id, decision),
    onSuccess: (reply) => {
      toast.success(reply.message ?? t('users.done'));
      void client.invalidateQueries({ queryKey: adminKeys.users });
    },
    onError: (error) => toast.error(errorText(error, t('erasure.failed'))),
  });

  const requests = pending.data?.requests ?? [];
  if (!requests.length) return null;
  const approve = async (r: ErasureRequestView) => {
    if (await confirmDelete(t('erasure.confirm'), { title: t('erasure.title', { name: r.user_name }), okText: t('erasure.ok'), cancelText: t('common.cancel') })) decide.mutate({ id: r.request_id, decision: 'approve' });
  };
  return (
    <Card size="small" title={t('erasure.panel', { count: requests.length })} style={{ marginBottom: 16 }} data-testid="erasure-requests">
      <List
        dataSource={requests}
        rowKey="request_id"
        renderItem={(r) => (
          <List.Item
            actions={[
              <Button key="approve" danger size="small" loading={decide.isPending && decide.variables?.id === r.request_id} onClick={() => void approve(r)} aria-label={t('erasure.approveLabel', { name: r.user_name })}>
                {t('erasure.approve')}
              </Button>,
              <Button key="reject" size="small" disabled={decide.isPending} onClick={() => decide.mutate({ id: r.request_id, decision: 'reject' })} aria-label={t('erasure.rejectLabel', { name: r.user_name })}>
                {t('erasure.reject')}
              </Button>,
            ]}
          >
            <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
              <Typography.Text strong>{r.user_name}</Typography.Text>
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                {r.user_email}
              </Typography.Text>
              <Typography.Text type="secondary">{t('erasure.asked', { when: formatDate(r.requested_at, 'dateTime') })}</Typography.Text>
              {r.reason ? <Typography.Text>“{r.reason}”</Typography.Text> : null}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
