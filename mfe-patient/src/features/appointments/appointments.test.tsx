import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shell/api-client';
import { nairobiDate, slotMinutes } from 'shell/ui-kit';
import { renderAt } from '../../../../shell/test/render';
import * as homeApi from '../home/api';
import * as api from './api';
import { cancelRule, canPay } from './appointments.logic';
import { AppointmentsPage } from './AppointmentsPage';

configure({ asyncUtilTimeout: 8000 });

jest.mock('./api', () => ({ fetchMyAppointments: jest.fn(), cancelAppointment: jest.fn(), rateAppointment: jest.fn() }));
jest.mock('../home/api', () => ({ fetchMyPrescriptions: jest.fn() }));

const fetchMyAppointments = api.fetchMyAppointments as jest.Mock;
const cancelAppointment = api.cancelAppointment as jest.Mock;
const rateAppointment = api.rateAppointment as jest.Mock;

/** A clinic-time slot label `hours` from now (rounded down to the half hour), with its date. */
function inHours(hours: number): { appointment_date: string; time_slot: string } {
  const t = new Date(Date.now() + hours * 3_600_000 + 3 * 3_600_000); // shift to Nairobi wall clock
  const date = t.toISOString().slice(0, 10);
  let h = t.getUTCHours();
  const m = t.getUTCMinutes() >= 30 ? 30 : 0;
  const ap = h >= 12 ? 'PM' : 'AM';
  h = h % 12 === 0 ? 12 : h % 12;
  return { appointment_date: date, time_slot: `${String(h).padStart(2, '0')}:${m === 0 ? '00' : '30'} ${ap}` };
}

const base = {
  total_amount: 3500,
  paid: false,
  created_at: '2026-11-20T08:15:00Z',
  doctor: { doctor_id: 7, first_name: 'Grace', last_name: 'Wanjiku', specialization: 'Cardiology' },
};
const LIST: api.Appointment[] = [
  { ...base, appointment_id: 101, appointment_date: nairobiDate(3), time_slot: '09:00 AM', appointment_status: 'Pending' },
  { ...base, appointment_id: 102, ...inHours(5), appointment_status: 'Confirmed', paid: true },
  { ...base, appointment_id: 103, appointment_date: nairobiDate(-10), time_slot: '02:00 PM', appointment_status: 'Completed', doctor: { first_name: 'Ibrahim', last_name: 'Abdi', specialization: 'Neurology' } },
  { ...base, appointment_id: 104, appointment_date: nairobiDate(12), time_slot: '10:30 AM', appointment_status: 'Cancelled', total_amount: 150 },
  { ...base, appointment_id: 105, appointment_date: nairobiDate(0), time_slot: '11:30 PM', appointment_status: 'Confirmed' },
];

const cards = () => screen.queryAllByTestId('appointment-card');
const cardOf = (id: number) => cards().find((c) => c.getAttribute('data-appointment-id') === String(id))!;
const ids = () => cards().map((c) => Number(c.getAttribute('data-appointment-id')));

async function chooseFilter(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const opt = await waitFor(() => {
    const o = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((x) => x.textContent === option);
    if (!o) throw new Error(`no option ${option}`);
    return o;
  });
  fireEvent.click(opt);
}

beforeEach(() => {
  jest.clearAllMocks();
  fetchMyAppointments.mockResolvedValue(LIST);
  (homeApi.fetchMyPrescriptions as jest.Mock).mockResolvedValue([]);
});

function renderList() {
  return renderAt(<AppointmentsPage />, { route: '/dashboard/appointments', path: '/dashboard/appointments' });
}

describe('patient appointments list', () => {
  it('shows each appointment with doctor, status, number, amount, date, slot, specialization, payment and created date', async () => {
    renderList();
    await waitFor(() => expect(cards()).toHaveLength(5));
    const card = within(cardOf(103));
    expect(card.getByText('Dr. Ibrahim Abdi')).toBeInTheDocument();
    expect(card.getByText('Completed')).toBeInTheDocument();
    expect(card.getByText('#103')).toBeInTheDocument();
    expect(card.getByText('Ksh 3,500')).toBeInTheDocument();
    expect(card.getByText('02:00 PM')).toBeInTheDocument();
    expect(card.getByText('Neurology')).toBeInTheDocument();
    expect(card.getByText('Payment pending')).toBeInTheDocument();
    expect(card.getByText('20 Nov 2026')).toBeInTheDocument();
    expect(within(cardOf(102)).getByText('Paid')).toBeInTheDocument();
    expect(screen.getByTestId('results-count')).toHaveTextContent('Showing 5 of 5 appointments');
    expect(screen.getByRole('button', { name: /Book Appointment/ })).toBeInTheDocument();
  });

  it('filters by search, status and date, and the quick buttons set and clear them', async () => {
    renderList();
    await waitFor(() => expect(cards()).toHaveLength(5));
    await userEvent.type(screen.getByLabelText('Search appointments'), 'abdi');
    await waitFor(() => expect(ids()).toEqual([103]));
    expect(screen.getByTestId('results-count')).toHaveTextContent('Showing 1 of 5 appointments');
    await userEvent.clear(screen.getByLabelText('Search appointments'));
    await userEvent.type(screen.getByLabelText('Search appointments'), 'cancelled');
    await waitFor(() => expect(ids()).toEqual([104]));

    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(screen.getByLabelText('Search appointments')).toHaveValue('');

    await chooseFilter('Filter by status', 'Pending');
    await waitFor(() => expect(ids()).toEqual([101]));
    await chooseFilter('Filter by status', 'All Status');
    await chooseFilter('Filter by date', 'Past');
    await waitFor(() => expect(ids()).toEqual([103]));
    await chooseFilter('Filter by date', 'Upcoming');
    await waitFor(() => expect(ids().sort()).toEqual([101, 104].concat(LIST[1]!.appointment_date > nairobiDate(0) ? [102] : []).sort()));

    await userEvent.click(screen.getByRole('button', { name: 'Confirmed Only' }));
    await waitFor(() => expect(ids().sort()).toEqual([102, 105]));
    await userEvent.click(screen.getByRole('button', { name: "Today's" }));
    await waitFor(() => expect(ids()).toContain(105));
    expect(ids()).not.toContain(101);
    expect(ids()).not.toContain(103);

    await userEvent.type(screen.getByLabelText('Search appointments'), 'nobody like this');
    expect(await screen.findByText('No appointments match your filters.')).toBeInTheDocument();
    await userEvent.click(within(screen.getByText('No appointments match your filters.').closest('.ant-empty')! as HTMLElement).getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
  });

  it('has its own empty state when there are no appointments at all', async () => {
    fetchMyAppointments.mockResolvedValue([]);
    renderList();
    expect(await screen.findByText('You have no appointments yet.')).toBeInTheDocument();
    expect(screen.getByTestId('results-count')).toHaveTextContent('Showing 0 of 0 appointments');
  });

  it("shows 'Error loading appointments: {error}' with Retry", async () => {
    fetchMyAppointments.mockRejectedValueOnce(new ApiError('Service unavailable', 503, 'Service unavailable'));
    renderList();
    expect(await screen.findByText('Error loading appointments: Service unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(screen.queryByText(/Error loading appointments/)).not.toBeInTheDocument();
  });

  it('cancels a Pending appointment after confirmation, not when the patient keeps it', async () => {
    cancelAppointment.mockResolvedValue({ ...LIST[0], appointment_status: 'Cancelled' });
    renderList();
    await waitFor(() => expect(cards()).toHaveLength(5));
    await userEvent.click(within(cardOf(101)).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/Are you sure you want to cancel this appointment\?/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(cancelAppointment).not.toHaveBeenCalled();

    await userEvent.click(within(cardOf(101)).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(cancelAppointment).toHaveBeenCalledWith(101));
    await waitFor(() => expect(within(cardOf(101)).getByText('Cancelled')).toBeInTheDocument());
    expect(within(cardOf(101)).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('disables Cancel within 24 hours (with the reason) and hides it on completed or cancelled visits', async () => {
    renderList();
    await waitFor(() => expect(cards()).toHaveLength(5));
    const late = within(cardOf(102)).getByRole('button', { name: 'Cancel' });
    expect(late).toBeDisabled();
    expect(within(cardOf(102)).getByTestId('cancel-locked')).toHaveAccessibleName(/at least 24 hours before they start/);
    expect(within(cardOf(103)).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(cardOf(104)).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(cardOf(101)).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('rates a completed visit with 1-5 stars and an optional comment', async () => {
    rateAppointment.mockResolvedValue(undefined);
    renderList();
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(within(cardOf(101)).queryByRole('button', { name: /Rate Visit/ })).not.toBeInTheDocument();
    await userEvent.click(within(cardOf(103)).getByRole('button', { name: /Rate Visit/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    expect(await within(dialog).findByText('Please choose 1 to 5 stars.')).toBeInTheDocument();
    expect(rateAppointment).not.toHaveBeenCalled();
    const stars = within(dialog).getAllByRole('radio');
    expect(stars).toHaveLength(5);
    await userEvent.click(stars[3]!);
    await userEvent.type(within(dialog).getByLabelText('Comment (optional)'), 'Very thorough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    await waitFor(() => expect(rateAppointment).toHaveBeenCalledWith(103, 4, 'Very thorough'));
    await waitFor(() => expect(within(cardOf(103)).getByLabelText('You rated this visit 4 of 5')).toBeInTheDocument());
  });
});

describe('cancel and pay rules', () => {
  const now = new Date('2026-11-21T09:00:00+03:00').getTime();
  const a = (date: string, slot: string, status: string, extra: Partial<api.Appointment> = {}) =>
    ({ appointment_id: 1, appointment_date: date, time_slot: slot, appointment_status: status, total_amount: 200, ...extra }) as api.Appointment;

  it('allows cancelling Pending/Confirmed at least 24 hours ahead only', () => {
    expect(cancelRule(a('2026-11-22', '09:00 AM', 'Pending'), now)).toEqual({ show: true, allowed: true });
    expect(cancelRule(a('2026-11-22', '09:00 AM', 'Confirmed'), now).allowed).toBe(true);
    expect(cancelRule(a('2026-11-22', '08:30 AM', 'Confirmed'), now)).toMatchObject({ show: true, allowed: false });
    expect(cancelRule(a('2026-11-21', '02:00 PM', 'Pending'), now).allowed).toBe(false);
    expect(cancelRule(a('2026-11-30', '09:00 AM', 'Completed'), now).show).toBe(false);
    expect(cancelRule(a('2026-11-30', '09:00 AM', 'Cancelled'), now).show).toBe(false);
    expect(slotMinutes('08:30 AM')).toBe(510);
  });

  it('offers pay only for unpaid Pending/Confirmed with an amount', () => {
    expect(canPay(a('2026-11-30', '09:00 AM', 'Pending'))).toBe(true);
    expect(canPay(a('2026-11-30', '09:00 AM', 'Confirmed', { paid: true }))).toBe(false);
    expect(canPay(a('2026-11-30', '09:00 AM', 'Completed'))).toBe(false);
    expect(canPay(a('2026-11-30', '09:00 AM', 'Pending', { total_amount: 0 }))).toBe(false);
  });
});
