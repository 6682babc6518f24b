import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import { freeSlotsToday } from './api';
import { displayNumbers, slotOrder } from './desk.logic';
import { FrontDeskPage } from './FrontDeskPage';
import { WaitingRoomPage } from './WaitingRoomPage';

const { adminDoctors, adminSearch, queue, unresolved, checkIn, walkIn } = stubDeclaredCalls().appointments;

const doctor = { doctor_id: 3, user_id: 9, first_name: 'Grace', last_name: 'Wanjiku', specialization: 'Cardiology', fee: 3500, available_days: [], offers_video: false, approval_status: 'approved', approved: true, contact_phone: null, created_at: '2026-11-01', updated_at: '2026-11-01' };
const visit = (appointment_id: number, over: Record<string, unknown> = {}) => ({
  appointment_id,
  user_id: 50 + appointment_id,
  doctor_id: 3,
  appointment_date: '2026-12-03',
  time_slot: '10:00 AM',
  appointment_status: 'Confirmed',
  patient_full_name: `Patient ${appointment_id}`,
  ...over,
});
const entry = (over: Record<string, unknown> = {}) => ({
  appointment_id: 2,
  queue_number: 1,
  patient_name: 'Patient 2',
  arrived_at: '2026-12-03T06:40:00.000Z',
  waiting_minutes: 4,
  state: 'waiting',
  doctor_id: 3,
  doctor_name: 'Dr. Grace Wanjiku',
  time_slot: '09:00 AM',
  walk_in: false,
  patient_no_shows: 0,
  ...over,
});

beforeEach(() => {
  jest.clearAllMocks();
  adminDoctors.mockResolvedValue({ doctors: [doctor], pending: 0 });
  unresolved.mockResolvedValue({ unresolved: [] });
});

describe('the front desk', () => {
  it("lists the doctor's visits of today by time: Check in for a Confirmed one, the number once here, unpaid ones said so", async () => {
    adminSearch.mockResolvedValue({
      appointments: [visit(1, { time_slot: '02:00 PM' }), visit(2, { time_slot: '09:00 AM' }), visit(3, { appointment_status: 'Pending', time_slot: '11:00 AM' }), visit(4, { appointment_status: 'Cancelled' })],
      total: 4,
      page: 1,
      limit: 500,
    });
    queue.mockResolvedValue({ date: '2026-12-03', queue: [entry()] });
    checkIn.mockResolvedValue({ attendance: { appointment_id: 1, queue_number: 2 }, message: 'Checked in: number 2' });
    renderAt(<FrontDeskPage />);
    const first = await screen.findByTestId('desk-visit-2');
    const items = screen.getAllByTestId(/^desk-visit-/).map((item) => item.getAttribute('data-testid'));
    expect(items).toEqual(['desk-visit-2', 'desk-visit-3', 'desk-visit-1']);
    expect(within(first).getByText('Number 1')).toBeInTheDocument();
    expect(within(screen.getByTestId('desk-visit-3')).getByText('Not paid yet: confirm the payment first')).toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId('desk-visit-1')).getByRole('button', { name: 'Check in Patient 1' }));
    await waitFor(() => expect(checkIn).toHaveBeenCalledWith({ params: { id: 1 } }, expect.anything()));
    expect(adminSearch).toHaveBeenCalledWith({ query: { date: 'today', limit: 500 } }, expect.anything());
    expect(queue).toHaveBeenCalledWith({ query: { doctor_id: 3 } }, expect.anything());
  });

  it("books a walk-in on a free slot of today with the patient's phone", async () => {
    adminSearch.mockResolvedValue({ appointments: [visit(1, { time_slot: '09:00 AM' })], total: 1, page: 1, limit: 500 });
    queue.mockResolvedValue({ date: '2026-12-03', queue: [] });
    walkIn.mockResolvedValue({ appointment: visit(9), appointment_id: 9, attendance: {}, message: 'Walk-in booked and checked in: number 1' });
    renderAt(<FrontDeskPage />);
    fireEvent.change(await screen.findByLabelText("Patient's phone"), { target: { value: ' 0712 345 678 ' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Time today' }));
    fireEvent.click(await screen.findByTitle('09:30 AM'));
    fireEvent.click(screen.getByRole('button', { name: 'Book and check in' }));
    await waitFor(() => expect(walkIn).toHaveBeenCalledWith({ body: { doctor_id: 3, phone: '0712 345 678', time_slot: '09:30 AM' } }, expect.anything()));
  });

  it('offers a walk-in only the slots no visit of today holds (a cancelled one frees its slot)', () => {
    const visits = [
      { doctor_id: 3, time_slot: '09:00 AM', appointment_status: 'Confirmed' },
      { doctor_id: 3, time_slot: '09:30 AM', appointment_status: 'Cancelled' },
      { doctor_id: 4, time_slot: '10:00 AM', appointment_status: 'Pending' },
    ] as const;
    const free = freeSlotsToday(visits, 3);
    expect(free).not.toContain('09:00 AM');
    expect(free).toContain('09:30 AM');
    expect(free).toContain('10:00 AM');
    expect(slotOrder('02:00 PM')).toBeGreaterThan(slotOrder('11:30 AM'));
    expect(slotOrder('12:15 PM')).toBe(12 * 60 + 15);
  });
});

describe('the waiting-room display', () => {
  it('shows numbers only, never a name: those called in, then those waiting', async () => {
    queue.mockResolvedValue({
      date: '2026-12-03',
      queue: [entry({ queue_number: 4, state: 'called' }), entry({ appointment_id: 5, queue_number: 6 }), entry({ appointment_id: 6, queue_number: 5 }), entry({ appointment_id: 7, queue_number: 2, state: 'seen' })],
    });
    renderAt(<WaitingRoomPage />, { route: '/display?doctor=3' });
    await waitFor(() => expect(screen.getByTestId('display-called-3')).toHaveTextContent('4'));
    expect(screen.getByTestId('display-waiting-3')).toHaveTextContent('5 6');
    expect(screen.queryByText(/Patient 2/)).toBeNull();
    expect(queue).toHaveBeenCalledWith({ query: { doctor_id: 3 } }, expect.anything());
    expect(displayNumbers([{ queue_number: 3, state: 'left' }])).toEqual({ called: [], waiting: [] });
  });
});
