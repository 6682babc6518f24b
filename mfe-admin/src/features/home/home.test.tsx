import { screen } from '@testing-library/react';
import { api, ApiError } from 'shell/api-client';
import { renderAt } from '../../../../shell/test/render';
import { AdminHomePage } from './AdminHomePage';

const get = jest.spyOn(api, 'get');
const reply = (totals: unknown) =>
  get.mockImplementation(async (path) => {
    if (path === 'admin/doctors') return { doctors: [], pending: 0 };
    if (totals instanceof Error) throw totals;
    return { totals };
  });

it("shows 'Welcome back, Admin!' and totals with revenue in Ksh", async () => {
  reply({ users: 10482, doctors: 512, appointments: 23817, revenue: 4821500 });
  renderAt(<AdminHomePage />);
  expect(screen.getByText('Welcome back, Admin!')).toBeInTheDocument();
  expect(await screen.findByText('Ksh 4,821,500')).toBeInTheDocument();
  expect(screen.getByText('10,482')).toBeInTheDocument();
  expect(await screen.findByText('No pending actions.')).toBeInTheDocument();
});

it("shows '—' rather than 0 when the totals cannot be loaded", async () => {
  reply(new ApiError('Not found', 404));
  renderAt(<AdminHomePage />);
  expect(await screen.findAllByText('—')).toHaveLength(4);
  expect(screen.queryByText('Ksh 0')).not.toBeInTheDocument();
});
