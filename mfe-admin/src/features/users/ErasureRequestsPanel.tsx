import { Button, Card, List, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ErasureListReply, ErasureReply, ErasureRequestView } from '@afya/auth-service/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorText } from 'shell/api-client';
import { confirmDelete, toast } from 'shell/ui-kit';
import { adminKeys } from '../../api/query-keys';

const erasureKey = [...adminKeys.users, 'erasure-requests'] as const;

export const APPROVE_ERASURE_CONFIRM =
  'The account is anonymised and signed out everywhere, its upcoming appointments are cancelled (paid ones refunded per the cancellation policy). Medical and payment records are kept without the name. This cannot be undone.';

/**
 * Patients' erasure requests waiting for a decision (data rights), above the user list: approve (the account is erased
 * at once) or reject. Nothing shows when none is waiting.
 */
export function ErasureRequestsPanel() {
  const client = useQueryClient();
  const pending = useQuery({
    queryKey: erasureKey,
    queryFn: () => api.get<ErasureListReply>('admin/erasure-requests', { searchParams: { status: 'pending' }, fallback: 'Failed to load erasure requests' }),
  });
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      api.patch<ErasureReply>(`admin/erasure-requests/${id}`, { decision }, { fallback: 'Failed to decide the erasure request' }),
    onSuccess: (reply) => {
      toast.success(reply.message ?? 'Done');
      void client.invalidateQueries({ queryKey: adminKeys.users });
    },
    onError: (error) => toast.error(errorText(error, 'Failed to decide the erasure request')),
  });

  const requests = pending.data?.requests ?? [];
  if (!requests.length) return null;
  const approve = async (r: ErasureRequestView) => {
    if (await confirmDelete(APPROVE_ERASURE_CONFIRM, { title: `Erase ${r.user_name}'s account?`, okText: 'Erase account' })) decide.mutate({ id: r.request_id, decision: 'approve' });
  };
  return (
    <Card size="small" title={`Erasure requests (${requests.length} waiting)`} style={{ marginBottom: 16 }} data-testid="erasure-requests">
      <List
        dataSource={requests}
        rowKey="request_id"
        renderItem={(r) => (
          <List.Item
            actions={[
              <Button key="approve" danger size="small" loading={decide.isPending && decide.variables?.id === r.request_id} onClick={() => void approve(r)} aria-label={`Approve erasure of ${r.user_name}`}>
                Approve
              </Button>,
              <Button key="reject" size="small" disabled={decide.isPending} onClick={() => decide.mutate({ id: r.request_id, decision: 'reject' })} aria-label={`Reject erasure of ${r.user_name}`}>
                Reject
              </Button>,
            ]}
          >
            <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
              <Typography.Text strong>{r.user_name}</Typography.Text>
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                {r.user_email}
              </Typography.Text>
              <Typography.Text type="secondary">Asked {dayjs(r.requested_at).format('D MMM YYYY, HH:mm')}</Typography.Text>
              {r.reason ? <Typography.Text>“{r.reason}”</Typography.Text> : null}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
