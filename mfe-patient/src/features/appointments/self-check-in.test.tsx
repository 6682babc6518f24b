import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import type { Appointment } from '../../api/appointments';
import { canSelfCheckIn, SelfCheckInButton } from './SelfCheckInButton';

const { checkIn } = stubDeclaredCalls().appointments;
// The clock: the visit starts at 10:00 Nairobi (07:00 UTC) and lasts 25 minutes.
const START = Date.parse('2026-12-03T07:00:00.000Z');
const visit = (over: Partial<Appointment> = {}) =>
  ({ appointment_id: 12, appointment_status: 'Confirmed', visit_mode: 'in_person', starts_at: '2026-12-03T07:00:00.000Z', duration: 25, ...over }) as Appointment;

beforeEach(() => jest.clearAllMocks());

describe("the patient's own check-in (issue 40)", () => {
  it('is offered for a Confirmed visit at the clinic from 30 minutes before its start until its end', () => {
    expect(canSelfCheckIn(visit(), START - 30 * 60_000)).toBe(true);
    expect(canSelfCheckIn(visit(), START - 31 * 60_000)).toBe(false);
    expect(canSelfCheckIn(visit(), START + 25 * 60_000)).toBe(true);
    expect(canSelfCheckIn(visit(), START + 26 * 60_000)).toBe(false);
    expect(canSelfCheckIn(visit({ appointment_status: 'Pending' }), START)).toBe(false);
    expect(canSelfCheckIn(visit({ visit_mode: 'video' }), START)).toBe(false);
  });

  it('checks in through the declared call and shows the queue number', async () => {
    jest.useFakeTimers({ now: START - 10 * 60_000, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      checkIn.mockResolvedValue({ attendance: { appointment_id: 12, queue_number: 4 }, message: 'Checked in: number 4' });
      renderAt(<SelfCheckInButton appointment={visit()} />);
      fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
      expect(await screen.findByText('Checked in: number 4')).toBeInTheDocument();
      expect(checkIn).toHaveBeenCalledWith({ params: { id: 12 } }, expect.anything());
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops offering it once the server says the visit is already checked in', async () => {
    jest.useFakeTimers({ now: START - 10 * 60_000, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      checkIn.mockRejectedValue(new ApiError('This visit is already checked in.', 409));
      renderAt(<SelfCheckInButton appointment={visit()} />);
      fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull());
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers nothing outside the window', () => {
    jest.useFakeTimers({ now: START - 2 * 3_600_000 });
    try {
      renderAt(<SelfCheckInButton appointment={visit()} />);
      expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
