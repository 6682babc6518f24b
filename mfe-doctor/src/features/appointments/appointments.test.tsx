import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from 'shell/api-client';
import { nairobiDate } from 'shell/ui-kit';
import * as api from '../home/api';
import { DoctorAppointmentsPage } from './DoctorAppointmentsPage';

configure({ asyncUtilTimeout: 8000 });

jest.mock('../home/api', () => ({ ...jest.requireActual('../home/api'), fetchDoctorAppointments: jest.fn(), updateStatus: jest.fn() }));
const m = (f: unknown) => f as jest.Mock;

const LIST = [
  { appointment_id: 11, appointment_date: nairobiDate(1), time_slot: '09:00 AM', appointment_status: 'Pending', patient_full_name: 'Baraka Mutua', total_amount: 3500, paid: false, doctor: { specialization: 'Cardiology' } },
  { appointment_id: 12, appointment_date: nairobiDate(-3), time_slot: '02:00 PM', appointment_status: 'completed', user: { firstname: 'Wanjiru', lastname: 'Kamau' }, total_amount: 3500, paid: true, doctor: { specialization: 'Cardiology' } },
];
const cards = () => screen.queryAllByTestId('appointment-card');
const card = (id: number) => cards().find((c) => c.getAttribute('data-appointment-id') === String(id))!;

async function setStatus(id: number, status: string) {
  fireEvent.mouseDown(within(card(id)).getByRole('combobox', { name: `Status of appointment #${id}` }));
  const opt = await waitFor(() => {
    const o = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((x) => x.textContent === status);
    if (!o) throw new Error('closed');
    return o;
  });
  fireEvent.click(opt);
}
const shownStatus = (id: number) => within(card(id)).getByRole('combobox').closest('.ant-select')!.querySelector('.ant-select-content')!.getAttribute('title');

beforeEach(() => {
  jest.clearAllMocks();
  m(api.fetchDoctorAppointments).mockResolvedValue(LIST);
});
const renderPage = () => render(<MemoryRouter><DoctorAppointmentsPage /></MemoryRouter>);

describe("doctor's appointments", () => {
  it('lists appointments with patient names, and the filters work', async () => {
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(card(11)).getByText('Baraka Mutua')).toBeInTheDocument();
    expect(within(card(12)).getByText('Wanjiru Kamau')).toBeInTheDocument();
    expect(shownStatus(12)).toBe('Completed');
    await userEvent.type(screen.getByLabelText('Search appointments'), 'wanjiru');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it("updates a status: 'Status updated!'; a failure says 'Failed to update status' and keeps the old one", async () => {
    m(api.updateStatus).mockResolvedValueOnce({ ...LIST[0], appointment_status: 'Confirmed' });
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await setStatus(11, 'Confirmed');
    await waitFor(() => expect(api.updateStatus).toHaveBeenCalledWith(11, 'Confirmed'));
    expect(await screen.findByText('Status updated!')).toBeInTheDocument();
    await waitFor(() => expect(shownStatus(11)).toBe('Confirmed'));

    m(api.updateStatus).mockRejectedValueOnce(new ApiError('nope', 500));
    await setStatus(11, 'Completed');
    expect(await screen.findByText('Failed to update status')).toBeInTheDocument();
    expect(shownStatus(11)).toBe('Confirmed');
  });

  it("shows 'Error loading appointments: {error}' with Retry, and an empty state", async () => {
    m(api.fetchDoctorAppointments).mockRejectedValueOnce(new ApiError('Gateway timeout', 504, 'Gateway timeout')).mockResolvedValueOnce([]);
    renderPage();
    expect(await screen.findByText('Error loading appointments: Gateway timeout')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No appointments yet.')).toBeInTheDocument();
  });
});
