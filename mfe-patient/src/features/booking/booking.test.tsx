import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { ApiError } from 'shell/api-client';
import { useSession } from 'shell/session';
import { nairobiDate } from 'shell/ui-kit';
import { renderAt } from '../../../../shell/test/render';
import * as doctorsApi from '../find-doctors/api';
import * as api from './api';
import { BookAppointmentPage, isDateDisabled } from './BookAppointmentPage';

// antd in jsdom is slow when the whole suite runs: give async queries room.
configure({ asyncUtilTimeout: 8000 });

jest.mock('./api', () => ({ fetchAvailability: jest.fn(), bookAppointment: jest.fn() }));
jest.mock('../find-doctors/api', () => ({ ...jest.requireActual('../find-doctors/api'), fetchDoctors: jest.fn() }));

const fetchDoctors = doctorsApi.fetchDoctors as jest.Mock;
const fetchAvailability = api.fetchAvailability as jest.Mock;
const bookAppointment = api.bookAppointment as jest.Mock;

const SLOTS = ['09:00 AM', '09:30 AM', '10:00 AM', '02:00 PM'];
const free = (taken: string[] = []) => ({ bookable_date: true, slots: SLOTS.map((t) => ({ time_slot: t, available: !taken.includes(t) })) });

const DOCTORS = [
  { doctor_id: 7, first_name: 'Grace', last_name: 'Wanjiku', specialization: 'Cardiology', fee: 3500, available_days: [] },
  { doctor_id: 8, first_name: 'Joseph', last_name: 'Mutua', specialization: 'Pediatrics', fee: null, available_days: [] },
];
const TOMORROW = nairobiDate(1);

function renderBooking(route = '/dashboard/appointments/book') {
  return renderAt(<BookAppointmentPage />, { route, path: '/dashboard/appointments/book' });
}

/** Opens an antd Select by its accessible name and picks the option whose text starts with `text`. */
async function choose(label: string, text: string) {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => (o.textContent ?? '').startsWith(text));
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

/** Opens the date picker and returns the calendar cell of `date` (moving to the next month when needed). */
async function calendarCell(date: string): Promise<HTMLElement> {
  if (!document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')) {
    fireEvent.mouseDown(screen.getByLabelText('Appointment date'));
    fireEvent.click(screen.getByLabelText('Appointment date'));
  }
  for (let i = 0; i < 3; i++) {
    const cell = await waitFor(() => {
      const dropdown = document.querySelector('.ant-picker-dropdown');
      if (!dropdown) throw new Error('picker not open');
      return dropdown.querySelector<HTMLElement>(`td[title="${date}"]`);
    });
    if (cell) return cell;
    fireEvent.click(document.querySelector('.ant-picker-header-next-btn')!);
  }
  throw new Error(`no calendar cell for ${date}`);
}

async function pickDate(date: string) {
  const cell = await calendarCell(date);
  expect(cell).not.toHaveClass('ant-picker-cell-disabled');
  fireEvent.click(cell.querySelector('.ant-picker-cell-inner')!);
  await waitFor(() => expect(screen.getByLabelText('Appointment date')).toHaveValue(dayjs(date).format('ddd, D MMM YYYY')));
}

/** The text an antd Select shows as its value. */
const selected = (label: string) =>
  screen.getByRole('combobox', { name: label }).closest('.ant-select')?.querySelector('.ant-select-content')?.getAttribute('title');

const slot = (time: string) => screen.getByRole('radio', { name: new RegExp(`^${time.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`) });

beforeEach(() => {
  jest.clearAllMocks();
  useSession.setState({ user: { user_id: 3, firstname: 'Wanjiru', lastname: 'Kamau', email: 'patient@afya.test', role: 'user' } });
  fetchDoctors.mockResolvedValue(DOCTORS);
  fetchAvailability.mockResolvedValue(free());
});

describe('booking screen', () => {
  it('shows the SPEC.md section 5 message for every missing field', async () => {
    renderBooking();
    await screen.findByText('Appointment details');
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('Please select a doctor')).toBeInTheDocument();
    expect(screen.getByText('Please select appointment type')).toBeInTheDocument();
    expect(screen.getByText('Please select a date')).toBeInTheDocument();
    expect(screen.getByText('Please select a time')).toBeInTheDocument();
    expect(screen.getByText('Please provide a reason (at least 10 characters)')).toBeInTheDocument();
    expect(bookAppointment).not.toHaveBeenCalled();
  });

  it('wants a reason of at least 10 characters (ignoring spaces around it)', async () => {
    renderBooking();
    await screen.findByText('Appointment details');
    await userEvent.type(screen.getByLabelText('Reason for visit'), '   short    ');
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('Please provide a reason (at least 10 characters)')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Reason for visit'));
    await userEvent.type(screen.getByLabelText('Reason for visit'), 'Chest pain when climbing stairs');
    await waitFor(() => expect(screen.queryByText('Please provide a reason (at least 10 characters)')).not.toBeInTheDocument());
  });

  it('preselects the doctor from ?doctor_id and shows the doctor fee, else the type fee', async () => {
    renderBooking('/dashboard/appointments/book?doctor_id=7');
    await waitFor(() => expect(selected('Doctor')).toBe('Dr. Grace Wanjiku · Cardiology'));
    // The doctor's own fee applies whatever the type.
    expect(screen.getByTestId('fee')).toHaveTextContent('Ksh 3,500');
    await choose('Appointment type', 'Emergency');
    expect(screen.getByTestId('fee')).toHaveTextContent('Ksh 3,500');
    // A doctor without a fee: the type's default fee.
    await choose('Doctor', 'Dr. Joseph Mutua');
    await waitFor(() => expect(screen.getByTestId('fee')).toHaveTextContent('Ksh 300'));
    await choose('Appointment type', 'Vaccination');
    await waitFor(() => expect(screen.getByTestId('fee')).toHaveTextContent('Ksh 80'));
    await choose('Appointment type', 'Lab Work');
    await waitFor(() => expect(screen.getByTestId('fee')).toHaveTextContent('Ksh 120'));
  });

  it('keeps the time disabled until a date is chosen, then disables the taken slots', async () => {
    fetchAvailability.mockResolvedValue(free(['09:00 AM']));
    renderBooking('/dashboard/appointments/book?doctor_id=7');
    await waitFor(() => expect(selected('Doctor')).toBe('Dr. Grace Wanjiku · Cardiology'));
    const group = screen.getByRole('radiogroup', { name: 'Time slots' });
    expect(within(group).getAllByRole('radio').length).toBe(14);
    for (const r of within(group).getAllByRole('radio')) expect(r).toBeDisabled();
    expect(screen.getByText('Pick a date first to see the free times.')).toBeInTheDocument();
    expect(fetchAvailability).not.toHaveBeenCalled();

    await pickDate(TOMORROW);
    await waitFor(() => expect(fetchAvailability).toHaveBeenCalledWith(7, TOMORROW));
    await waitFor(() => expect(slot('09:30 AM')).toBeEnabled());
    expect(slot('09:00 AM')).toBeDisabled();
    expect(slot('09:00 AM')).toHaveAccessibleName('09:00 AM, taken');
    expect(slot('10:00 AM')).toHaveAccessibleName('10:00 AM, available');
  });

  it('lets the keyboard move between free slots with the arrow keys, skipping taken ones', async () => {
    fetchAvailability.mockResolvedValue(free(['09:30 AM']));
    renderBooking('/dashboard/appointments/book?doctor_id=7');
    await waitFor(() => expect(selected('Doctor')).toBe('Dr. Grace Wanjiku · Cardiology'));
    await pickDate(TOMORROW);
    await waitFor(() => expect(slot('09:00 AM')).toBeEnabled());
    expect(slot('09:00 AM')).toHaveAttribute('tabindex', '0');
    expect(slot('10:00 AM')).toHaveAttribute('tabindex', '-1');
    slot('09:00 AM').focus();
    fireEvent.keyDown(slot('09:00 AM'), { key: 'ArrowRight' });
    await waitFor(() => expect(slot('10:00 AM')).toHaveAttribute('aria-checked', 'true'));
    expect(slot('10:00 AM')).toHaveFocus();
    expect(slot('10:00 AM')).toHaveAttribute('tabindex', '0');
  });

  it('only offers dates from tomorrow to 30 days ahead, and only on the doctor working days', async () => {
    renderBooking('/dashboard/appointments/book?doctor_id=7');
    await waitFor(() => expect(selected('Doctor')).toBe('Dr. Grace Wanjiku · Cardiology'));
    expect(await calendarCell(nairobiDate(0))).toHaveClass('ant-picker-cell-disabled');
    expect(await calendarCell(nairobiDate(1))).not.toHaveClass('ant-picker-cell-disabled');
    expect(await calendarCell(nairobiDate(30))).not.toHaveClass('ant-picker-cell-disabled');
    expect(await calendarCell(nairobiDate(31))).toHaveClass('ant-picker-cell-disabled');

    const mondaysOnly = { available_days: ['Monday'] } as never;
    const day = (n: number) => dayjs(nairobiDate(n));
    const days = Array.from({ length: 30 }, (_, i) => day(i + 1));
    for (const d of days) expect(isDateDisabled(d, mondaysOnly)).toBe(d.day() !== 1);
    expect(isDateDisabled(day(0), null)).toBe(true);
    expect(isDateDisabled(day(31), null)).toBe(true);
  });

  it('on 409 shows the server message, refreshes the slots and keeps what the user entered', async () => {
    const taken = 'That time slot is no longer available. Please choose another.';
    bookAppointment.mockRejectedValueOnce(new ApiError(taken, 409, taken));
    renderBooking('/dashboard/appointments/book?doctor_id=7');
    await waitFor(() => expect(selected('Doctor')).toBe('Dr. Grace Wanjiku · Cardiology'));
    await choose('Appointment type', 'Consultation');
    await pickDate(TOMORROW);
    await waitFor(() => expect(slot('09:00 AM')).toBeEnabled());
    await userEvent.click(slot('09:00 AM'));
    await userEvent.type(screen.getByLabelText('Reason for visit'), 'Palpitations at night for a week');
    fetchAvailability.mockResolvedValue(free(['09:00 AM']));
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));

    expect((await screen.findAllByText(taken)).length).toBeGreaterThan(0);
    expect(bookAppointment).toHaveBeenCalledWith(
      expect.objectContaining({ doctor_id: 7, appointment_date: TOMORROW, time_slot: '09:00 AM', appointment_type: 'Consultation', notes: 'Palpitations at night for a week' }),
    );
    await waitFor(() => expect(fetchAvailability).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(slot('09:00 AM')).toBeDisabled());
    expect(slot('09:00 AM')).toHaveAttribute('aria-checked', 'false');
    // Everything else the user entered is still there.
    expect(selected('Doctor')).toBe('Dr. Grace Wanjiku · Cardiology');
    expect(selected('Appointment type')).toBe('Consultation');
    expect(screen.getByLabelText('Appointment date')).toHaveValue(dayjs(TOMORROW).format('ddd, D MMM YYYY'));
    expect(screen.getByLabelText('Reason for visit')).toHaveValue('Palpitations at night for a week');
    expect(screen.queryByTestId('payment-panel')).not.toBeInTheDocument();

    // Choosing another slot books it.
    bookAppointment.mockResolvedValueOnce({ appointment_id: 41, total_amount: 3500 });
    await userEvent.click(slot('09:30 AM'));
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByTestId('payment-panel')).toBeInTheDocument();
  });

  it('after booking shows the Complete Payment panel with the amount; Pay Later goes to the list', async () => {
    bookAppointment.mockResolvedValue({ appointment_id: 42, total_amount: 3500, appointment_status: 'Pending' });
    renderBooking('/dashboard/appointments/book?doctor_id=7');
    await waitFor(() => expect(selected('Doctor')).toBe('Dr. Grace Wanjiku · Cardiology'));
    await choose('Appointment type', 'Regular Checkup');
    await pickDate(TOMORROW);
    await waitFor(() => expect(slot('02:00 PM')).toBeEnabled());
    await userEvent.click(slot('02:00 PM'));
    await userEvent.type(screen.getByLabelText('Reason for visit'), 'Annual heart check-up');
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));

    const panel = await screen.findByTestId('payment-panel');
    expect(within(panel).getByText('Complete Payment')).toBeInTheDocument();
    expect(within(panel).getAllByText('Ksh 3,500').length).toBeGreaterThan(0);
    expect(within(panel).getByText('#42')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Pay by Card/ })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: /Pay with M-Pesa/ })).toBeDisabled();
    expect(screen.getAllByText('Appointment booked successfully! Please proceed with payment.').length).toBeGreaterThan(0);
    await userEvent.click(within(panel).getByRole('button', { name: 'Pay Later' }));
    await waitFor(() => expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent('/dashboard/appointments'));
  });

  it('shows the guidelines, emergency advice and office hours', async () => {
    renderBooking();
    await act(async () => undefined);
    expect(screen.getByText(/arrive 15 minutes early/i)).toBeInTheDocument();
    expect(screen.getByText(/Cancel at least 24 hours in advance/i)).toBeInTheDocument();
    expect(screen.getByText('Emergency?')).toBeInTheDocument();
    expect(screen.getByText('8:00 AM - 6:00 PM')).toBeInTheDocument();
    expect(screen.getByText('9:00 AM - 2:00 PM')).toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
  });

  it("shows 'Failed to load doctors' with Retry when the doctors cannot be loaded", async () => {
    fetchDoctors.mockRejectedValueOnce(new ApiError('Failed to fetch doctors', 503));
    renderBooking();
    expect(await screen.findByText('Failed to load doctors')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Failed to load doctors')).not.toBeInTheDocument());
    expect(fetchDoctors).toHaveBeenCalledTimes(2);
  });
});
