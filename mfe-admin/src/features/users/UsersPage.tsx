import type { AdminUserEntry } from '@afya/auth-service/contracts';
import { DeleteOutlined, EditOutlined, EyeOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Card, Grid, Input, Modal, Pagination, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { confirmDelete, countOf, EmptyState, initials, PageHeader } from 'shell/ui-kit';
import { isFiltered, NO_USER_FILTERS, useUserChanges, useUsers, type UserFilters, type UserForm } from './api';
import { ErasureRequestsPanel } from './ErasureRequestsPanel';
import { STATUS_OPTIONS, UserModal } from './UserModal';

export const DELETE_USER_CONFIRM = 'Are you sure you want to delete this user?';
const ROLE_LABEL: Record<string, string> = { user: 'User', doctor: 'Doctor', admin: 'Admin' };
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
    if (await confirmDelete(DELETE_USER_CONFIRM, { title: `Delete ${user.firstname} ${user.lastname}?` })) remove.mutate(user.user_id);
  };

  const emptyText = isFiltered(filters) ? (
    <EmptyState title="No Users Found" description="Try adjusting your search criteria" />
  ) : (
    <EmptyState title="No Users Found" description="No users available" />
  );
  const pagination = {
    current: filters.page,
    pageSize: filters.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (n: number) => countOf(n, 'user'),
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
  const roleTag = (r: string) => <Tag color={r === 'admin' ? 'purple' : r === 'doctor' ? 'blue' : 'default'}>{ROLE_LABEL[r] ?? r}</Tag>;
  const statusTag = (st: string) => <Tag color={STATUS_COLOR[st]}>{st.charAt(0).toUpperCase() + st.slice(1)}</Tag>;
  const lastLogin = (d: string | null) => (d ? new Date(d).toLocaleString('en-KE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' }) : 'Never');
  const actions = (u: AdminUserEntry) => (
    <Space size={4}>
      <Button size="small" icon={<EyeOutlined />} aria-label={`View ${u.firstname} ${u.lastname}`} onClick={() => { update.reset(); setEditing({ user: u }); }} />
      <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${u.firstname} ${u.lastname}`} onClick={() => { update.reset(); setEditing({ user: u }); }} />
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={`Delete ${u.firstname} ${u.lastname}`}
        loading={remove.isPending && remove.variables === u.user_id}
        onClick={() => void onDelete(u)}
      />
    </Space>
  );

  return (
    <div>
      <PageHeader
        title="User Management"
        subtitle="Patients, doctors and admins: add, edit, suspend or remove accounts."
        extra={
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => { create.reset(); setEditing({ user: null }); }}>
            Add User
          </Button>
        }
      />
      <ErasureRequestsPanel />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder="Search by name or email" aria-label="Search users" value={typed} onChange={(e) => setTyped(e.target.value)} style={{ width: 280 }} />
        <Select
          aria-label="Role filter"
          value={filters.role}
          style={{ width: 140 }}
          onChange={(role) => setFilters((f) => ({ ...f, role, page: 1 }))}
          options={[{ value: 'all', label: 'All Roles' }, { value: 'user', label: 'Users' }, { value: 'doctor', label: 'Doctors' }, { value: 'admin', label: 'Admins' }]}
        />
        <Select
          aria-label="Status filter"
          value={filters.status}
          style={{ width: 140 }}
          onChange={(status) => setFilters((f) => ({ ...f, status, page: 1 }))}
          options={[{ value: 'all', label: 'All Status' }, ...STATUS_OPTIONS]}
        />
      </Space>
      {phone ? (
        // Under 576 px a table shows only its first column and hides the actions off-screen: one card per user.
        <div aria-busy={users.isFetching}>
          {(users.isError ? [] : rows).length === 0 && !users.isFetching ? emptyText : null}
          <div role="list" aria-label="Users" style={{ display: 'grid', gap: 12 }}>
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
                    {countOf(u.appointments_count ?? 0, 'appointment')} · Last login {lastLogin(u.last_login)}
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
            { title: 'User', key: 'user', render: (_v, u) => identity(u) },
            { title: 'Role', dataIndex: 'role', render: (r: string) => roleTag(r) },
            { title: 'Status', dataIndex: 'status', render: (st: string) => statusTag(st) },
            { title: 'Appointments', dataIndex: 'appointments_count', align: 'right', render: (n: number | undefined) => (n ?? 0).toLocaleString('en-KE') },
            { title: 'Last Login', dataIndex: 'last_login', render: (d: string | null) => lastLogin(d) },
            { title: 'Actions', key: 'actions', render: (_v, u) => actions(u) },
          ]}
        />
      )}
      <UserModal open={editing !== null} user={editing?.user ?? null} saving={create.isPending || update.isPending} onCancel={() => setEditing(null)} onSubmit={submit} />
      <Modal
        open={oneTime !== null}
        title="One-time password"
        okText="Done"
        cancelButtonProps={{ style: { display: 'none' } }}
        onOk={() => setOneTime(null)}
        onCancel={() => setOneTime(null)}
        mask={{ closable: false }}
      >
        {oneTime ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph>
              Give this password to <strong>{oneTime.email}</strong>. It is shown only now; they must choose a new password when they first sign in.
            </Typography.Paragraph>
            <Typography.Paragraph copyable={{ text: oneTime.password }} data-testid="one-time-password" style={{ fontFamily: 'monospace', fontSize: 18 }}>
              {oneTime.password}
            </Typography.Paragraph>
            <Alert type="warning" showIcon title="Afya does not keep this password: close this only after you have passed it on." />
          </Space>
        ) : null}
      </Modal>
    </div>
  );
}
