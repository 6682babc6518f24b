import { t } from '../../i18n';
import type { AdminUserListReply, Role, UserStatus } from '@afya/auth-service/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { adminKeys } from '../../api/query-keys';

export interface UserFilters {
  search: string;
  role: Role | 'all';
  status: UserStatus | 'all';
  page: number;
  pageSize: number;
}

export const NO_USER_FILTERS: UserFilters = { search: '', role: 'all', status: 'all', page: 1, pageSize: 10 };

export interface UserForm {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  role: Role;
  status: UserStatus;
}

export const isFiltered = (f: UserFilters) => f.search.trim() !== '' || f.role !== 'all' || f.status !== 'all';

/** GET /admin/users: one page from the server (search, role and status filters are applied there). */
export function fetchUsers(f: UserFilters): Promise<AdminUserListReply> {
  const query = {
    page: f.page,
    limit: f.pageSize,
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
    ...(f.role !== 'all' ? { role: f.role } : {}),
    ...(f.status !== 'all' ? { status: f.status } : {}),
  };
  return calls.auth.listUsers({ query }, { context: { fallback: 'Failed to fetch users' } });
}

/** CONTRACT.md §8: a failed list shows as an empty list. */
export function useUsers(filters: UserFilters) {
  return useQuery({
    queryKey: [...adminKeys.users, filters],
    queryFn: () => fetchUsers(filters),
    placeholderData: keepPreviousData,
  });
}

const body = (form: UserForm) => ({
  firstname: form.firstname.trim(),
  lastname: form.lastname.trim(),
  email: form.email.trim(),
  contact_phone: form.phone.trim(),
  role: form.role,
  status: form.status,
});

/** The declared user calls (AuthCalls). */
export const usersApi = {
  create: (form: UserForm) => calls.auth.createUser({ body: body(form) }, { context: { fallback: 'Failed to create user' } }),
  update: (id: number, form: UserForm) => calls.auth.updateUser({ params: { id: String(id) }, body: body(form) }, { context: { fallback: 'Failed to update user' } }),
  remove: (id: number) => calls.auth.deleteUser({ params: { id: String(id) } }, { context: { fallback: 'Failed to delete user' } }),
};

/** Create, update and delete; each refreshes the list and the overview's figures. Toasts: CONTRACT.md §8. */
export function useUserChanges() {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.users });
    void queryClient.invalidateQueries({ queryKey: adminKeys.analytics });
    void queryClient.invalidateQueries({ queryKey: adminKeys.totals });
  };
  const create = useMutation({
    mutationFn: (form: UserForm) => usersApi.create(form),
    onSuccess: () => {
      toast.success(t('users.created'));
      settle();
    },
    onError: (error: Error) => toast.error(error.message || t('users.saveFailed')),
  });
  const update = useMutation({
    mutationFn: ({ id, form }: { id: number; form: UserForm }) =>
      usersApi.update(id, form),
    onSuccess: () => {
      toast.success(t('users.updated'));
      settle();
    },
    onError: (error: Error) => toast.error(error.message || t('users.saveFailed')),
  });
  const remove = useMutation({
    mutationFn: (id: number) => usersApi.remove(id),
    onSuccess: () => {
      toast.success(t('users.deleted'));
      settle();
    },
    onError: (error: Error) => toast.error(error.message || t('users.deleteFailed')),
  });
  return { create, update, remove };
}

/** Data rights: the erasure requests waiting for a decision, and the decision (approve erases the account at once). */
export const erasureApi = {
  pending: () => calls.auth.listErasures({ query: { status: 'pending' } }, { context: { fallback: 'Failed to load erasure requests' } }),
  decide: (id: number, decision: 'approve' | 'reject') =>
    calls.auth.decideErasure({ params: { id: String(id) }, body: { decision } }, { context: { fallback: 'Failed to decide the erasure request' } }),
};
