import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useSession } from 'shell/session';
import * as api from './api';
import { DoctorHomePage } from './DoctorHomePage';

jest.mock('./api', () => ({
  ...jest.requireActual('./api'),
  fetchDoctorAppointments: jest.fn(),
  fetchPerformance: jest.fn(),
}));

it("greets the doctor by last name and survives failed loads", async () => {
  (api.fetchDoctorAppointments as jest.Mock).mockRejectedValue(new Error('down'));
  (api.fetchPerformance as jest.Mock).mockRejectedValue(new Error('down'));
  useSession.setState({ user: { user_id: 2, firstname: 'Grace', lastname: 'Wanjiku', email: 'g@afya.test', role: 'doctor' } });
  render(<MemoryRouter><DoctorHomePage /></MemoryRouter>);
  expect(screen.getByText('Welcome back, Dr. Wanjiku')).toBeInTheDocument();
  expect(await screen.findByText('No appointments today.')).toBeInTheDocument();
  expect(screen.getByText('25 min')).toBeInTheDocument();
});
