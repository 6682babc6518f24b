import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import * as api from './api';
import { AdminHomePage } from './AdminHomePage';

jest.mock('./api', () => ({ fetchTotals: jest.fn() }));
jest.mock('../doctors/api', () => ({ ...jest.requireActual('../doctors/api'), fetchAdminDoctors: jest.fn().mockResolvedValue({ doctors: [], pending: 0 }) }));

it("shows 'Welcome back, Admin!' and totals with revenue in Ksh", async () => {
  (api.fetchTotals as jest.Mock).mockResolvedValue({ users: 10482, doctors: 512, appointments: 23817, revenue: 4821500 });
  render(<MemoryRouter><AdminHomePage /></MemoryRouter>);
  expect(screen.getByText('Welcome back, Admin!')).toBeInTheDocument();
  expect(await screen.findByText('Ksh 4,821,500')).toBeInTheDocument();
  expect(await screen.findByText('No pending actions.')).toBeInTheDocument();
  expect(screen.getByText('No recent activity.')).toBeInTheDocument();
});

it("shows '—' rather than 0 when the totals cannot be loaded", async () => {
  (api.fetchTotals as jest.Mock).mockRejectedValue(new Error('Not found'));
  render(<MemoryRouter><AdminHomePage /></MemoryRouter>);
  expect(await screen.findAllByText('—')).toHaveLength(4);
  expect(screen.queryByText('Ksh 0')).not.toBeInTheDocument();
});
