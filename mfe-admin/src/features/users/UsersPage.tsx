import { useAdminTranslation } from '../../i18n';
import { formatDate, formatNumber } from 'shell/i18n';
import type { AdminUserEntry } from '@afya/auth-service/contracts';
import { DeleteOutlined, EditOutlined, EyeOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Card, Grid, Input, Modal, Pagination, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { confirmDelete, EmptyState, initials, PageHeader } from 'shell/ui-kit';
import { isFiltered, NO_USER_FILTERS, useUserChanges, useUsers, type UserFilters, type UserForm } from './api';
import { ErasureRequestsPanel } from './ErasureRequestsPanel';
import { STATUS_VALUES, UserModal } from './UserModal';

const STATUS_COLOR: Record<string, string> = { active: 'green', inactive: 'default', suspended: 'red' };

/** Waits for typing to pause before the search goes to the server. */
function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function UsersPage() {
  const { t } = useAdminTranslation();
  const [filters, setFilters] = useState<UserFilters>(NO_USER_FILTERS);
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed);
  useEffect(() => setFilters((f) => (f.search === search ? f : { ...f, search, page: 1 })), [search]);
  const users = useUsers(filters);
  const { create, update, remove } = useUserChanges();
  const [editing, setEditing] = useState<{ user: AdminUserEntry | null } | null>(null);
  const [oneTime, setOneTime] = useState<{ email: string; password: string } | null>(null);

  const phone = Grid.useBreakpoint().sm === false;
  const rows = users.data?.users ?? [];
  const total = users.data?.total ?? 0;

  const submit = (form: UserForm) => {
    const done = () => setEditing(null);
    if (editing?.user) {
      update.mutate({ id: editing.user.user_id, form }, { onSuccess: done });
    } else {
      create.mutate(form, {
        onSuccess: (reply) => {
          done();
          setOneTime({ email: reply.user.email, password: reply.temporaryPassword });
        },
      });
    }
  };

  const onDelete = async (user: AdminUserEntry) => {
    if (await confirmDelete(t('users.deleteConfirm'), { title: t('users.deleteTitle', { name: `${user.firstname} ${user.lastname}` }), okText: t('common.delete'), cancelText: t('common.cancel') })) remove.mutate(user.user_id);
  };

  const emptyText = isFiltered(filters) ? (
    <EmptyState title={t('users.emptyTitle')} description={t('users.emptyFiltered')} />
  ) : (
    <EmptyState title={t('users.emptyTitle')} description={t('users.empty')} />
  );
  const pagination = {
    current: filters.page,
    pageSize: filters.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (n: number) => t('users.count', { count: n, n: formatNumber(n) }),
    onChange: (page: number, pageSize: number) => setFilters((f) => ({ ...f, page: pageSize === f.pageSize ? page : 1, pageSize })),
  };
  const identity = (u: AdminUserEntry) => (
    <Space style={{ minWidth: 0 }}>
      <Avatar style={{ background: '#0f766e', flex: 'none' }}>{initials(u.firstname, u.lastname)}</Avatar>
      <div style={{ minWidth: 0 }}>
        <div style={{ fontWeight: 600 }}>{`${u.firstname} ${u.lastname}`}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>{u.email}</Typography.Text>
        {u.phone ?? u.contact_phone ? <div style={{ fontSize: 12 }}>{u.phone ?? u.contact_phone}</div> : null}
      </div>
    </Space>
  );
  const roleTag = (r: string) => <Tag color={r === 'admin' ? 'purple' : r === 'doctor' ? 'blue' : 'default'}>{t(`role.${r}`, { defaultValue: r })}</Tag>;
  const statusTag = (st: string) => <Tag color={STATUS_COLOR[st]}>{t(`userStatus.${st}`, { defaultValue: st.charAt(0).toUpperCase() + st.slice(1) })}</Tag>;
  const lastLogin = (d: string | null) => (d ? formatDate(d, 'dateTime') : t('users.never'));
  const actions = (u: AdminUserEntry) => (
    <Space size={4}>
      <Button size="small" icon={<EyeOutlined />} aria-label={t('users.viewLabel', { name: `${u.firstname} ${u.lastname}` })} onClick={() => { update.reset(); setEditing({ user: u }); }} />
      <Button size="small" icon={<EditOutlined />} aria-label={t('users.editLabel', { name: `${u.firstname} ${u.lastname}` })} onClick={() => { update.reset(); setEditing({ user: u }); }} />
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('users.deleteLabel', { name: `${u.firstname} ${u.lastname}` })}
        loading={remove.isPending && remove.variables === u.user_id}
        onClick={() => void onDelete(u)}
      />
    </Space>
  );

  return (
    <div>
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        extra={
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => { create.reset(); setEditing({ user: null }); }}>
            {t('users.add')}
          </Button>
        }
      />
      <ErasureRequestsPanel />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('users.search')} aria-label={t('users.searchLabel')} value={typed} onChange={(e) => setTyped(e.target.value)} style={{ width: 280, maxWidth: '100%' }} />
        <Select
          aria-label={t('users.roleFilter')}
          value={filters.role}
          style={{ minWidth: 140 }}
          popupMatchSelectWidth={false}
          onChange={(role) => setFilters((f) => ({ ...f, role, page: 1 }))}
          options={[{ value: 'all', label: t('users.allRoles') }, { value: 'user', label: t('users.users') }, { value: 'doctor', label: t('users.doctors') }, { value: 'admin', label: t('users.admins') }]}
        />
        <Select
          aria-label={t('users.statusFilter')}
          value={filters.status}
          style={{ minWidth: 140 }}
          popupMatchSelectWidth={false}
          onChange={(status) => setFilters((f) => ({ ...f, status, page: 1 }))}
          options={[{ value: 'all', label: t('users.allStatus') }, ...STATUS_VALUES.map((value) => ({ value, label: t(`userStatus.${value}`) }))]}
        />
      </Space>
      {phone ? (
        // Under 576 px a table shows only its first column and hides the actions off-screen: one card per user.
        <div aria-busy={users.isFetching}>
          {(users.isError ? [] : rows).length === 0 && !users.isFetching ? emptyText : null}
          <div role="list" aria-label={t('users.listLabel')} style={{ display: 'grid', gap: 12 }}>
            {(users.isError ? [] : rows).map((u) => (
              <Card key={u.user_id} size="small" role="listitem" data-testid="user-card">
                <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 8, alignItems: 'start' }}>
                  {identity(u)}
                  {actions(u)}
                </div>
                <Space wrap size={[8, 4]} style={{ marginTop: 8 }}>
                  {roleTag(u.role)}
                  {statusTag(u.status)}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('users.appointmentsCount', { count: u.appointments_count ?? 0, n: formatNumber(u.appointments_count ?? 0) })} · {t('users.lastLoginAt', { when: lastLogin(u.last_login) })}
                  </Typography.Text>
                </Space>
              </Card>
            ))}
          </div>
          <Pagination size="small" style={{ marginTop: 12 }} {...pagination} />
        </div>
      ) : (
        <Table<AdminUserEntry>
          rowKey="user_id"
          loading={users.isFetching}
          dataSource={users.isError ? [] : rows}
          scroll={{ x: 900 }}
          locale={{ emptyText }}
          pagination={pagination}
          columns={[
            { title: t('users.user'), key: 'user', render: (_v, u) => identity(u) },
            { title: t('common.role'), dataIndex: 'role', render: (r: string) => roleTag(r) },
            { title: t('common.status'), dataIndex: 'status', render: (st: string) => statusTag(st) },
            { title: t('users.appointments'), dataIndex: 'appointments_count', align: 'right', render: (n: number | undefined) => formatNumber(n ?? 0) },
            { title: t('users.lastLogin'), dataIndex: 'last_login', render: (d: string | null) => lastLogin(d) },
            { title: t('common.actions'), key: 'actions', render: (_v, u) => actions(u) },
          ]}
        />
      )}
      <UserModal open={editing !== null} user={editing?.user ?? null} saving={create.isPending || update.isPending} onCancel={() => setEditing(null)} onSubmit={submit} />
      <Modal
        open={oneTime !== null}
        title={t('users.oneTime')}
        okText={t('users.done')}
        cancelButtonProps={{ style: { display: 'none' } }}
        onOk={() => setOneTime(null)}
        onCancel={() => setOneTime(null)}
        mask={{ closable: false }}
      >
        {oneTime ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph>
              {t('users.giveBefore')}<strong>{oneTime.email}</strong>{t('users.giveAfter')}
            </Typography.Paragraph>
            <Typography.Paragraph copyable={{ text: oneTime.password }} data-testid="one-time-password" style={{ fontFamily: 'monospace', fontSize: 18 }}>
              {oneTime.password}
            </Typography.Paragraph>
            <Alert type="warning" showIcon title={t('users.notKept')} />
          </Space>
        ) : null}
      </Modal>
    </div>
  );
}
