import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { render } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { useSession } from 'shell/session';
import { nairobiDate } from 'shell/ui-kit';
import * as api from './api';
import { DoctorHomePage } from './DoctorHomePage';

configure({ asyncUtilTimeout: 8000 });

jest.mock('./api', () => ({
  ...jest.requireActual('./api'),
  fetchDoctorAppointments: jest.fn(),
  fetchPerformance: jest.fn(),
  fetchNotifications: jest.fn(),
  fetchMyDoctorProfile: jest.fn(),
  updateFee: jest.fn(),
}));
const m = (f: unknown) => f as jest.Mock;

const TODAY = nairobiDate(0);

beforeEach(() => {
  jest.clearAllMocks();
  useSession.setState({ user: { user_id: 2, firstname: 'Grace', lastname: 'Wanjiku', email: 'g@afya.test', role: 'doctor' } });
  m(api.fetchDoctorAppointments).mockResolvedValue([]);
  m(api.fetchPerformance).mockResolvedValue({ patientsSeen: 0, avgRating: 0, ratingsCount: 0, onTimeRate: 0, avgConsultation: 0, completedCount: 0, totalPatients: 0 });
  m(api.fetchNotifications).mockResolvedValue({ emergencies: [], labResults: [] });
  m(api.fetchMyDoctorProfile).mockResolvedValue({ doctor_id: 9, fee: null });
});

const renderHome = () => render(<MemoryRouter><DoctorHomePage /></MemoryRouter>);

describe('doctor home', () => {
  it('greets the doctor by last name and shows a Retry when the appointments fail', async () => {
    m(api.fetchDoctorAppointments).mockRejectedValueOnce(new ApiError('Failed to fetch appointments', 503));
    m(api.fetchPerformance).mockRejectedValue(new Error('down'));
    renderHome();
    expect(screen.getByText('Welcome back, Dr. Wanjiku')).toBeInTheDocument();
    expect(await screen.findByText('Error loading appointments: Failed to fetch appointments')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/Error loading appointments/)).not.toBeInTheDocument());
    expect(await screen.findByText('No appointments today.')).toBeInTheDocument();
  });

  it("shows the tiles, today's table with the default '25 min', the weekly panel and notifications", async () => {
    m(api.fetchDoctorAppointments).mockResolvedValue([
      { appointment_id: 1, appointment_date: TODAY, time_slot: '02:00 PM', appointment_status: 'Confirmed', appointment_type: 'Follow-up', duration: null, patient_full_name: 'Baraka Mutua' },
      { appointment_id: 2, appointment_date: TODAY, time_slot: '09:00 AM', appointment_status: 'Pending', appointment_type: 'Emergency', duration: 40, user: { firstname: 'Wanjiru', lastname: 'Kamau' } },
      { appointment_id: 3, appointment_date: nairobiDate(2), time_slot: '09:00 AM', appointment_status: 'Pending', patient_full_name: 'Someone Else' },
    ]);
    m(api.fetchPerformance).mockResolvedValue({ patientsSeen: 4, avgRating: 4.5, ratingsCount: 6, onTimeRate: 75, avgConsultation: 31, completedCount: 5, totalPatients: 57 });
    m(api.fetchNotifications).mockResolvedValue({
      emergencies: [{ appointment_id: 2, time_slot: '09:00 AM', user: { firstname: 'Wanjiru', lastname: 'Kamau' } }],
      labResults: [{ lab_result_id: 1, test_name: 'Full blood count', message: 'Results for Baraka Mutua are ready' }],
    });
    // A wide screen: every antd breakpoint matches, so today's appointments are a table.
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: true })) as typeof window.matchMedia;
    try {
      renderHome();
      await screen.findByRole('table');
    } finally {
      window.matchMedia = original;
    }
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Wanjiru Kamau', 'Baraka Mutua']);
    expect(within(rows[0]!).getByText('Emergency')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('40 min')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('25 min')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByText('You have 2 appointments today.')).toBeInTheDocument();
    // tiles
    expect(screen.getByText('57')).toBeInTheDocument();
    expect(screen.getByText('31 min')).toBeInTheDocument();
    expect(screen.getByText('Not tracked yet')).toBeInTheDocument();
    // weekly panel
    expect(screen.getByTestId('patients-seen')).toHaveTextContent('4');
    expect(screen.getByLabelText('Average rating 4.5 of 5')).toHaveTextContent('4.5');
    expect(screen.getByTestId('on-time')).toHaveTextContent('75%');
    // notifications
    expect(screen.getByText('Emergency: Wanjiru Kamau')).toBeInTheDocument();
    expect(screen.getByText('Today at 09:00 AM')).toBeInTheDocument();
    expect(screen.getByText('Lab result: Full blood count')).toBeInTheDocument();
    expect(screen.getByText('Results for Baraka Mutua are ready')).toBeInTheDocument();
  });

  it("shows today's appointments as a list on a phone", async () => {
    m(api.fetchDoctorAppointments).mockResolvedValue([
      { appointment_id: 1, appointment_date: TODAY, time_slot: '02:00 PM', appointment_status: 'Confirmed', appointment_type: 'Follow-up', patient_full_name: 'Baraka Mutua' },
    ]);
    renderHome();
    expect(await screen.findByText('Baraka Mutua')).toBeInTheDocument();
    expect(screen.getByText('02:00 PM · Follow-up · 25 min')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('does not invent figures when nothing was completed or rated this week', async () => {
    renderHome();
    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByTestId('on-time')).toHaveTextContent('—');
    expect(screen.getByText('No completed visits this week')).toBeInTheDocument();
    expect(screen.getByText('No notifications.')).toBeInTheDocument();
  });
});
