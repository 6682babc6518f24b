import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import { erasureApi, usersApi } from './api';
import { UsersPage } from './UsersPage';

// The user calls are declared (calls.auth.listUsers, createUser, ...; their client: shell/libs/api-client/calls.test.ts).
const declared = stubDeclaredCalls();
const get = declared.auth.listUsers;
const post = declared.auth.createUser;
const del = jest.spyOn(usersApi, 'remove');

const entry = (user_id: number, firstname: string, lastname: string, role = 'user', status = 'active') => ({
  id: user_id, user_id, firstname, lastname, email: `${firstname.toLowerCase()}@afya.test`, role, status, phone: '0712345678', contact_phone: '0712345678',
  address: null, profilePictureUrl: null, must_change_password: false, created_at: '2026-11-01T08:00:00Z', last_login: null, appointments_count: 3,
});

const decide = jest.spyOn(erasureApi, 'decide');
let erasures: unknown[] = [];

beforeEach(() => {
  erasures = [];
  jest.spyOn(erasureApi, 'pending').mockImplementation(async () => ({ requests: erasures }) as Awaited<ReturnType<typeof erasureApi.pending>>);
  get.mockImplementation(async ({ query }: { query: Record<string, string | number> }) => {
    const params = query;
    if (params.search === 'zzz') return { users: [], total: 0, page: 1, limit: 10 };
    return { users: [entry(1, 'Achieng', 'Odhiambo'), entry(2, 'Grace', 'Wanjiku', 'doctor')], total: 42, page: Number(params.page), limit: Number(params.limit) };
  });
});

it('lists a page of users from the server with initials, role, status and appointment count; pages on the server', async () => {
  renderAt(<UsersPage />);
  expect(await screen.findByText('Achieng Odhiambo')).toBeInTheDocument();
  expect(screen.getByText('AO')).toBeInTheDocument();
  expect(screen.getByText('42 users')).toBeInTheDocument();
  expect(get).toHaveBeenLastCalledWith({ query: { page: 1, limit: 10 } }, expect.anything());
  fireEvent.click(screen.getByTitle('2'));
  await waitFor(() => expect(get).toHaveBeenLastCalledWith({ query: { page: 2, limit: 10 } }, expect.anything()));
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role filter' }));
  fireEvent.click(await screen.findByTitle('Doctors'));
  await waitFor(() => expect(get).toHaveBeenLastCalledWith({ query: { page: 1, limit: 10, role: 'doctor' } }, expect.anything()));
});

it("says 'No Users Found / Try adjusting your search criteria' when a search matches nobody", async () => {
  renderAt(<UsersPage />);
  await screen.findByText('Achieng Odhiambo');
  fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'zzz' } });
  expect(await screen.findByText('Try adjusting your search criteria')).toBeInTheDocument();
  expect(screen.getByText('No Users Found')).toBeInTheDocument();
});

it('creates a user and shows the one-time password once', async () => {
  post.mockResolvedValue({ user: entry(3, 'Wanjiru', 'Mwangi'), temporaryPassword: 'Tmp-9f3K-xq2P' });
  renderAt(<UsersPage />);
  await screen.findByText('Achieng Odhiambo');
  fireEvent.click(screen.getByRole('button', { name: /Add User/ }));
  const dialog = (await screen.findByText('Add New User')).closest('.ant-modal') as HTMLElement;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
  expect(await within(dialog).findByText('First name must be at least 2 characters')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
  fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: 'Wanjiru' } });
  fireEvent.change(within(dialog).getByLabelText('Last Name'), { target: { value: 'Mwangi' } });
  fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'wanjiru@afya.test' } });
  fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '0712000111' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith({ body: { firstname: 'Wanjiru', lastname: 'Mwangi', email: 'wanjiru@afya.test', contact_phone: '0712000111', role: 'user', status: 'active' } }, expect.anything()),
  );
  expect(await screen.findByTestId('one-time-password')).toHaveTextContent('Tmp-9f3K-xq2P');
  expect(screen.getByText('User created successfully')).toBeInTheDocument();
});

it('deletes a user only after confirmation', async () => {
  del.mockResolvedValue({ message: 'User deleted' });
  renderAt(<UsersPage />);
  await screen.findByText('Achieng Odhiambo');
  fireEvent.click(screen.getByRole('button', { name: 'Delete Grace Wanjiku' }));
  expect(await screen.findByText('Are you sure you want to delete this user?')).toBeInTheDocument();
  expect(del).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(del).toHaveBeenCalledWith(2));
  expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
});

it('shows patients’ erasure requests above the list; Approve asks first, then erases (issue 22 item 6)', async () => {
  erasures = [
    { request_id: 9, user_id: 1, user_name: 'Achieng Odhiambo', user_email: 'achieng@afya.test', role: 'user', status: 'pending', reason: 'Moving abroad', requested_at: '2026-11-27T09:00:00Z', decided_at: null, decided_by: null },
  ];
  decide.mockResolvedValue({ request: { ...(erasures[0] as Awaited<ReturnType<typeof erasureApi.pending>>['requests'][number]), status: 'approved' }, message: 'The account has been erased.' });
  renderAt(<UsersPage />);
  const panel = await screen.findByTestId('erasure-requests');
  expect(within(panel).getByText('Erasure requests (1 waiting)')).toBeInTheDocument();
  expect(within(panel).getByText('“Moving abroad”')).toBeInTheDocument();
  fireEvent.click(within(panel).getByRole('button', { name: 'Approve erasure of Achieng Odhiambo' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Erase account' }));
  await waitFor(() => expect(decide).toHaveBeenCalledWith(9, 'approve'));
});

it('under 576 px (jsdom is phone-sized) shows one card per user with its role, status and all its actions in sight, not a one-column table', async () => {
  renderAt(<UsersPage />);
  const cards = await screen.findAllByTestId('user-card');
  expect(cards).toHaveLength(2);
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  const grace = cards[1];
  expect(within(grace).getByText('Grace Wanjiku')).toBeInTheDocument();
  expect(within(grace).getByText('Doctor')).toBeInTheDocument();
  expect(within(grace).getByText('Active')).toBeInTheDocument();
  expect(within(grace).getByText(/3 appointments · Last login Never/)).toBeInTheDocument();
  for (const action of ['View', 'Edit', 'Delete']) expect(within(grace).getByRole('button', { name: `${action} Grace Wanjiku` })).toBeInTheDocument();
  expect(screen.getByText('42 users')).toBeInTheDocument();
});
