import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from 'shell/api-client';
import { nairobiDate } from 'shell/ui-kit';
import { queryWrapper } from '../../../../shell/test/render';
import { AdminAppointmentsPage } from './AdminAppointmentsPage';
import * as api from './api';

configure({ asyncUtilTimeout: 8000 });

jest.mock('./api', () => ({ ADMIN_APPOINTMENTS_LIMIT: 3, fetchAllAppointments: jest.fn(), setAmount: jest.fn(), overrideStatus: jest.fn(), deleteAppointment: jest.fn() }));
const m = (f: unknown) => f as jest.Mock;

const doctor = { first_name: 'Grace', last_name: 'Wanjiku', specialization: 'Cardiology' };
const LIST = [
  { appointment_id: 21, appointment_date: nairobiDate(1), time_slot: '09:00 AM', appointment_status: 'Pending', total_amount: 3500, paid: false, patient_full_name: 'Baraka Mutua', doctor },
  { appointment_id: 22, appointment_date: nairobiDate(0), time_slot: '02:00 PM', appointment_status: 'Confirmed', total_amount: 200, paid: true, user: { firstname: 'Wanjiru', lastname: 'Kamau' }, doctor: { ...doctor, first_name: 'Ibrahim', last_name: 'Abdi' } },
  { appointment_id: 23, appointment_date: nairobiDate(-4), time_slot: '10:00 AM', appointment_status: 'Completed', total_amount: 150, paid: true, patient_full_name: 'Amina Hassan', doctor },
];
const cards = () => screen.queryAllByTestId('appointment-card');
const card = (id: number) => cards().find((c) => c.getAttribute('data-appointment-id') === String(id))!;
const ids = () => cards().map((c) => Number(c.getAttribute('data-appointment-id')));
const shownStatus = (id: number) => within(card(id)).getByRole('combobox').closest('.ant-select')!.querySelector('.ant-select-content')!.getAttribute('title');

beforeEach(() => {
  jest.clearAllMocks();
  m(api.fetchAllAppointments).mockResolvedValue(LIST);
});
const renderPage = () => render(<MemoryRouter><AdminAppointmentsPage /></MemoryRouter>, { wrapper: queryWrapper().wrapper });

describe('admin appointments', () => {
  it('lists every appointment with patient names and the shared filters', async () => {
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(within(card(22)).getByText('Wanjiru Kamau')).toBeInTheDocument();
    expect(within(card(22)).getByText('Dr. Ibrahim Abdi')).toBeInTheDocument();
    expect(within(card(21)).getByText('Ksh 3,500')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search appointments'), 'abdi');
    await waitFor(() => expect(ids()).toEqual([22]));
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await userEvent.click(screen.getByRole('button', { name: "Today's" }));
    await waitFor(() => expect(ids()).toEqual([22]));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmed Only' }));
    await waitFor(() => expect(ids()).toEqual([22]));
    expect(screen.getByTestId('results-count')).toHaveTextContent('Showing 1 of 3 appointments');
  });

  it("says 'Failed to update amount' and keeps the editor open when the server refuses", async () => {
    m(api.setAmount).mockRejectedValueOnce(new ApiError('Amount must be a number of at least 0', 400, 'Amount must be a number of at least 0'));
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Edit amount of appointment #23' }));
    await userEvent.type(screen.getByLabelText('Amount of appointment #23 in Ksh'), '10');
    await userEvent.click(within(card(23)).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update amount')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount of appointment #23 in Ksh')).toBeInTheDocument();
  });

  it("overrides a status from the dropdown: 'Status updated!'", async () => {
    m(api.overrideStatus).mockResolvedValueOnce({ ...LIST[0], appointment_status: 'Confirmed' });
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.mouseDown(within(card(21)).getByRole('combobox', { name: 'Status of appointment #21' }));
    const options = await waitFor(() => {
      const o = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
      if (!o.length) throw new Error('closed');
      return o;
    });
    expect(options.map((o) => o.textContent)).toEqual(['Pending', 'Confirmed', 'Completed', 'Cancelled']);
    fireEvent.click(options[1]!);
    await waitFor(() => expect(api.overrideStatus).toHaveBeenCalledWith(21, 'Confirmed'));
    expect(await screen.findByText('Status updated!')).toBeInTheDocument();
    expect(shownStatus(21)).toBe('Confirmed');
  });

  it("deletes only after 'Are you sure you want to delete this appointment?'", async () => {
    m(api.deleteAppointment).mockResolvedValue(undefined);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(card(23)).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Are you sure you want to delete this appointment?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.deleteAppointment).not.toHaveBeenCalled();
    expect(cards()).toHaveLength(3);

    await userEvent.click(within(card(23)).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleteAppointment).toHaveBeenCalledWith(23));
    expect(await screen.findByText('Appointment deleted!')).toBeInTheDocument();
    await waitFor(() => expect(ids()).toEqual(expect.not.arrayContaining([23])));
  });

  it("says 'Failed to delete appointment' and keeps it", async () => {
    m(api.deleteAppointment).mockRejectedValue(new ApiError('x', 500));
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(card(22)).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete appointment')).toBeInTheDocument();
    expect(ids()).toContain(22);
  });

  it("shows 'Error loading appointments: {error}' with Retry and an empty state", async () => {
    m(api.fetchAllAppointments).mockRejectedValueOnce(new ApiError('Failed to fetch appointments', 503)).mockResolvedValueOnce([]);
    renderPage();
    expect(await screen.findByText('Error loading appointments: Failed to fetch appointments')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No appointments have been booked yet.')).toBeInTheDocument();
  });

  it('shows the first page while the rest loads, and says when only the newest appointments are loaded', async () => {
    // ADMIN_APPOINTMENTS_LIMIT is 3 in this file's mock of ./api (20,000 in the app).
    let finish: (rows: typeof LIST) => void = () => undefined;
    m(api.fetchAllAppointments).mockImplementationOnce((onProgress: (soFar: typeof LIST) => void) => {
      onProgress(LIST.slice(0, 2));
      return new Promise((resolve) => (finish = resolve));
    });
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole('status')).toHaveTextContent('Loading more appointments…');
    expect(screen.queryByText(/Only the newest/)).not.toBeInTheDocument();
    finish(LIST);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByText('Loading more appointments…')).not.toBeInTheDocument();
    expect(screen.getByText('Only the newest 3 appointments are loaded here; search and filters apply to them.')).toBeInTheDocument();
  });
});
