import { act, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { JoinVideoButton } from './JoinVideoButton';

/**
 * Issue 44: with a visit's start moved as the README's local video steps say, the server admitted both sides while
 * "Join video visit" never appeared on the cards (they timed the window from the date and slot, the server from
 * starts_at). The card shows the button exactly while the server would admit, and without a reload.
 */
describe('Join video visit on a card', () => {
  // Booked a week ahead (date and slot), its start moved to 06:00 UTC on 1 Dec 2026 in the database.
  const visit = {
    appointment_id: 42,
    visit_mode: 'video' as const,
    appointment_status: 'Confirmed' as const,
    paid: true,
    appointment_date: '2026-12-08',
    time_slot: '09:00 AM',
    starts_at: '2026-12-01T06:00:00.000Z',
  };

  afterEach(() => {
    jest.useRealTimers();
  });

  it('appears when the window opens (10 minutes before starts_at) and goes when it closes (30 after), the page left open', async () => {
    jest.useFakeTimers({ now: new Date('2026-12-01T05:45:00.000Z') });
    renderAt(<JoinVideoButton appointment={visit} />);
    expect(screen.queryByRole('button', { name: /Join video visit/ })).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(5 * 60_000 - 1));
    expect(screen.queryByRole('button', { name: /Join video visit/ })).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    const join = screen.getByRole('button', { name: /Join video visit/ });
    fireEvent.click(join);
    expect(screen.getAllByTestId('location')[0]).toHaveTextContent('/dashboard/video/42');
  });

  it('is gone once the window has closed', async () => {
    jest.useFakeTimers({ now: new Date('2026-12-01T06:29:00.000Z') });
    renderAt(<JoinVideoButton appointment={visit} />);
    expect(screen.getByRole('button', { name: /Join video visit/ })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(screen.queryByRole('button', { name: /Join video visit/ })).not.toBeInTheDocument();
  });

  it('is not offered for an unpaid Pending visit inside the window', () => {
    jest.useFakeTimers({ now: new Date('2026-12-01T06:00:00.000Z') });
    renderAt(<JoinVideoButton appointment={{ ...visit, appointment_status: 'Pending', paid: false }} />);
    expect(screen.queryByRole('button', { name: /Join video visit/ })).not.toBeInTheDocument();
  });
});
