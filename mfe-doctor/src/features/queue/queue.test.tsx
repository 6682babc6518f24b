import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import type { QueueEntry, UnresolvedVisit } from './api';
import { QueuePage } from './QueuePage';

const calls = stubDeclaredCalls();
const { queue, unresolved, callNext, queueStep, setOutcome } = calls.appointments;

const entry = (over: Partial<QueueEntry> = {}): QueueEntry => ({
  appointment_id: 41,
  queue_number: 1,
  patient_name: 'Amina Otieno',
  arrived_at: '2026-12-03T06:40:00.000Z',
  waiting_minutes: 12,
  state: 'waiting',
  doctor_id: 3,
  doctor_name: 'Dr. Grace Wanjiku',
  time_slot: '10:00 AM',
  walk_in: false,
  patient_no_shows: 0,
  ...over,
});
const visit = (over: Partial<UnresolvedVisit> = {}): UnresolvedVisit => ({
  appointment_id: 30,
  doctor_id: 3,
  doctor_name: 'Dr. Grace Wanjiku',
  patient_name: 'Baraka Mwangi',
  appointment_date: '2026-12-02',
  time_slot: '02:00 PM',
  appointment_status: 'Confirmed',
  checked_in: false,
  patient_no_shows: 0,
  ...over,
});
const attendance = { appointment_id: 41, queue_number: 1, arrived_at: '2026-12-03T06:40:00.000Z', checked_in_by: 1, state: 'called', called_at: null, seen_at: null, left_at: null, outcome: null, walk_in: false };

beforeEach(() => {
  jest.clearAllMocks();
  unresolved.mockResolvedValue({ unresolved: [] });
});

describe("the doctor's queue", () => {
  it('lists the waiting patients in the order the server gives, with number, wait, walk-in and no-shows; the done ones apart', async () => {
    queue.mockResolvedValue({
      date: '2026-12-03',
      queue: [
        entry(),
        entry({ appointment_id: 42, queue_number: 2, patient_name: 'Jabari Mwangi', waiting_minutes: 3, walk_in: true, patient_no_shows: 2 }),
        entry({ appointment_id: 40, queue_number: 3, patient_name: 'Wanjiru Njoroge', state: 'seen', waiting_minutes: 7 }),
      ],
    });
    renderAt(<QueuePage />);
    expect(await screen.findByRole('status')).toHaveTextContent('2 patients waiting');
    const first = screen.getByTestId('queue-41');
    expect(within(first).getByText('Amina Otieno')).toBeInTheDocument();
    expect(within(first).getByText(/waiting 12 minutes/)).toBeInTheDocument();
    const second = screen.getByTestId('queue-42');
    expect(within(second).getByText('Walk-in')).toBeInTheDocument();
    expect(within(second).getByText('2 no-shows')).toBeInTheDocument();
    expect(within(screen.getByTestId('queue-40')).getByText(/waited 7 minutes/)).toBeInTheDocument();
    expect(within(screen.getByTestId('queue-40')).queryByRole('button')).toBeNull();
    expect(screen.getByText('Seen or left today (1)')).toBeInTheDocument();
  });

  it('calls the next patient, and marks one seen or left through the declared calls', async () => {
    queue.mockResolvedValue({ date: '2026-12-03', queue: [entry()] });
    callNext.mockResolvedValue({ attendance, message: 'Number 1 called' });
    queueStep.mockResolvedValue({ attendance: { ...attendance, state: 'seen' }, message: 'Queue updated' });
    renderAt(<QueuePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Call next' }));
    await waitFor(() => expect(callNext).toHaveBeenCalledWith({ body: {} }, expect.anything()));
    fireEvent.click(screen.getByRole('button', { name: 'Mark number 1 seen' }));
    await waitFor(() => expect(queueStep).toHaveBeenCalledWith({ params: { id: 41 }, body: { step: 'seen' } }, expect.anything()));
    fireEvent.click(screen.getByRole('button', { name: 'Mark number 1 left without being seen' }));
    await waitFor(() => expect(queueStep).toHaveBeenCalledWith({ params: { id: 41 }, body: { step: 'left' } }, expect.anything()));
  });

  it('says nobody is waiting (Call next disabled), and lists past visits without an outcome to resolve', async () => {
    queue.mockResolvedValue({ date: '2026-12-03', queue: [] });
    unresolved.mockResolvedValue({ unresolved: [visit()] });
    setOutcome.mockResolvedValue({ attendance: { ...attendance, outcome: 'no_show' }, message: 'Attendance recorded' });
    renderAt(<QueuePage />);
    expect(await screen.findByText('Nobody is waiting')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Call next' })).toBeDisabled();
    expect(await screen.findByText('1 visit without an outcome')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: "Record the outcome of Baraka Mwangi's visit" }));
    fireEvent.click(await screen.findByTitle('No-show'));
    await waitFor(() => expect(setOutcome).toHaveBeenCalledWith({ params: { id: 30 }, body: { outcome: 'no_show' } }, expect.anything()));
  });
});
