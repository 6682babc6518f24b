import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shell/api-client';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import * as api from './api';
import { FindDoctorsPage } from './FindDoctorsPage';

configure({ asyncUtilTimeout: 8000 });

jest.mock('./api', () => ({ ...jest.requireActual('./api'), fetchDoctors: jest.fn() }));
const fetchDoctors = api.fetchDoctors as jest.Mock;

const DOCTORS: api.Doctor[] = [
  { doctor_id: 1, first_name: 'Grace', last_name: 'Wanjiku', specialization: 'Cardiology', fee: 3500, contact_phone: '+254722100001', available_days: ['Monday', 'Wednesday', 'Friday'] },
  { doctor_id: 2, first_name: 'Ibrahim', last_name: 'Abdi', specialization: 'Cardiology', fee: '4000.00', contact_phone: '+254722100002', available_days: ['Tuesday'] },
  { doctor_id: 3, first_name: 'Brian', last_name: 'Otieno', specialization: 'Dermatology', fee: null, contact_phone: null, available_days: 'Monday, Thursday' },
];

const cards = () => screen.queryAllByTestId('doctor-card');

beforeEach(() => {
  jest.clearAllMocks();
  fetchDoctors.mockResolvedValue(DOCTORS);
});

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}
const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/dashboard/find-doctors']}>
      <Routes>
        <Route path="/dashboard/find-doctors" element={<FindDoctorsPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('Find Doctors', () => {
  it('shows name, specialization, phone, available days and fee on each card', async () => {
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const grace = within(cards()[0]!);
    expect(grace.getByText('Dr. Grace Wanjiku')).toBeInTheDocument();
    expect(grace.getByText('Cardiology')).toBeInTheDocument();
    expect(grace.getByText('+254722100001')).toBeInTheDocument();
    expect(grace.getByText('Wednesday')).toBeInTheDocument();
    expect(grace.getByText('Ksh 3,500')).toBeInTheDocument();
    expect(within(cards()[1]!).getByText('Ksh 4,000')).toBeInTheDocument();
    const brian = within(cards()[2]!);
    expect(brian.getByText('Thursday')).toBeInTheDocument();
    expect(brian.getByText('by appointment type')).toBeInTheDocument();
    expect(screen.getByText('3 doctors found')).toBeInTheDocument();
  });

  it('searches by name and filters by a specialization list built from the loaded doctors', async () => {
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.type(screen.getByLabelText('Search doctors by name'), 'otieno');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]!).getByText('Dr. Brian Otieno')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Search doctors by name'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by specialization' }));
    const options = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-item-option')].map((x) => x.textContent);
      if (!o.length) throw new Error('closed');
      return o;
    });
    expect(options).toEqual(['All Specializations', 'Cardiology', 'Dermatology']);
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((x) => x.textContent === 'Cardiology')!);
    await waitFor(() => expect(cards()).toHaveLength(2));

    await userEvent.type(screen.getByLabelText('Search doctors by name'), 'zzz');
    expect(await screen.findByText('No doctors found.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('Book Appointment leads to the booking screen with the doctor preselected', async () => {
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(cards()[1]!).getByRole('button', { name: /Book Appointment/ }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard/appointments/book?doctor_id=2');
  });

  it("says 'Failed to load doctors' with Retry", async () => {
    fetchDoctors.mockRejectedValueOnce(new ApiError('Failed to fetch doctors', 500));
    renderPage();
    expect(await screen.findByText('Failed to load doctors')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
  });
});
