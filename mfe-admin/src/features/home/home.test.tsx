import { screen, within } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { renderAt } from '../../../../shell/test/render';
import { AdminHomePage } from './AdminHomePage';

// The overview is a declared call (calls.reporting.overview, whose client shell/libs/api-client/calls.test.ts covers): stubbed by name.
const mockOverview = jest.fn();
jest.mock('shell/api-client', () => ({ ...jest.requireActual('shell/api-client'), calls: { reporting: { overview: (...args: unknown[]) => mockOverview(...args) } } }));
const get = mockOverview;
const months = (key: 'revenue' | 'new_users', value: number) =>
  Array.from({ length: 12 }, (_, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, [key]: value, total: 10 * i }));

const overview = {
  totals: { users: 10482, doctors: 512, appointments: 23817, revenue: 4821500 },
  pendingDoctors: 2,
  unresolvedTickets: 0,
  paymentDisputes: 1,
  recentActivity: [
    {
      kind: 'payment',
      id: 9,
      title: 'Payment #9 · Ksh 1,500',
      detail: 'completed · M-Pesa',
      title_message: { key: 'payment.amount', params: { id: 9, amount: 1500 } },
      detail_message: { key: 'payment.status', params: { status: 'completed', method: 'mpesa', appointment_id: null } },
      at: new Date().toISOString(),
    },
    {
      kind: 'user',
      id: 4,
      title: 'Wanjiru Mwangi',
      detail: 'New patient registered',
      title_message: { key: 'user.name', params: { name: 'Wanjiru Mwangi' } },
      detail_message: { key: 'user.registered', params: { role: 'patient' } },
      at: new Date(Date.now() - 3_600_000).toISOString(),
    },
  ],
  recentUsers: [],
  recentAppointments: [],
  recentPayments: [],
  revenueByMonth: months('revenue', 1000),
  userGrowth: months('new_users', 3),
};

it("shows 'Welcome back, Admin!', the totals in Ksh, pending actions with links, recent activity and both charts", async () => {
  get.mockResolvedValue(overview);
  renderAt(<AdminHomePage />);
  expect(screen.getByText('Welcome back, Admin!')).toBeInTheDocument();
  expect(await screen.findByText('Ksh 4,821,500')).toBeInTheDocument();
  expect(screen.getByText('10,482')).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith({}, expect.anything());
  expect(within(screen.getByTestId('pending-doctors')).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/dashboard/admin/doctors');
  expect(screen.getByTestId('pending-disputes')).toHaveTextContent('Payment disputes');
  expect(screen.queryByTestId('pending-tickets')).not.toBeInTheDocument();
  expect(screen.getAllByTestId('activity')).toHaveLength(2);
  expect(screen.getByText('Wanjiru Mwangi')).toBeInTheDocument();
  expect(await screen.findByTestId('chart-Area')).toBeInTheDocument();
  expect(await screen.findByTestId('chart-Column')).toBeInTheDocument();
});

it("says 'No pending actions.' and 'No recent activity.' when there are none", async () => {
  get.mockResolvedValue({ ...overview, pendingDoctors: 0, paymentDisputes: 0, recentActivity: [] });
  renderAt(<AdminHomePage />);
  expect(await screen.findByText('No pending actions.')).toBeInTheDocument();
  expect(screen.getByText('No recent activity.')).toBeInTheDocument();
});

it("shows '—' rather than 0 when the overview cannot be loaded", async () => {
  get.mockRejectedValue(new ApiError('Not found', 404));
  renderAt(<AdminHomePage />);
  expect(await screen.findAllByText('—')).toHaveLength(4);
  expect(screen.queryByText('Ksh 0')).not.toBeInTheDocument();
});
