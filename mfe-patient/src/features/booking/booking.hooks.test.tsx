import type { BookPayload } from '@afya/appointment-service/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError, queryKeys } from 'shell/api-client';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { queryWrapper } from '../../../../shell/test/render';
import * as api from '../../api/availability';
import { useAvailability } from '../../shared/booking/useAvailability';
import { bookingProblem, useBookAppointment } from './useBookAppointment';

jest.mock('../../api/availability', () => ({ ...jest.requireActual('../../api/availability'), fetchAvailability: jest.fn() }));
const fetchAvailability = api.fetchAvailability as jest.Mock;
const calls = stubDeclaredCalls();
const bookAppointment = calls.appointments.book;

const answer = (taken: string[] = []) => ({
  doctor_id: 7,
  date: '2026-11-23',
  bookable_date: true,
  slots: ['09:00 AM', '09:30 AM'].map((t) => ({ time_slot: t, available: !taken.includes(t) })),
});
const PAYLOAD: BookPayload = { doctor_id: 7, appointment_type: 'Consultation', appointment_date: '2026-11-23', time_slot: '09:00 AM', notes: 'Palpitations at night' };
const TAKEN = 'That time slot is no longer available. Please choose another.';

beforeEach(() => jest.clearAllMocks());

describe('useAvailability', () => {
  it('asks nothing until both a doctor and a date are chosen', async () => {
    const { result, rerender } = renderHook(({ id, date }: { id?: number; date?: string }) => useAvailability(id, date), {
      initialProps: { id: 7 } as { id?: number; date?: string },
      wrapper: queryWrapper().wrapper,
    });
    expect(result.current).toMatchObject({ availability: undefined, loading: false, error: null });
    expect(fetchAvailability).not.toHaveBeenCalled();
    fetchAvailability.mockResolvedValue(answer(['09:00 AM']));
    rerender({ id: 7, date: '2026-11-23' });
    await waitFor(() => expect(result.current.availability).toEqual(answer(['09:00 AM'])));
    expect(fetchAvailability).toHaveBeenCalledWith(7, '2026-11-23');
  });

  it('says why the slots could not be loaded, and Retry asks again', async () => {
    fetchAvailability.mockRejectedValueOnce(new ApiError('Failed to load available times', 503)).mockResolvedValueOnce(answer());
    const { result } = renderHook(() => useAvailability(7, '2026-11-23'), { wrapper: queryWrapper().wrapper });
    await waitFor(() => expect(result.current.error).toBe('Failed to load available times'));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.availability).toEqual(answer()));
    expect(result.current.error).toBeNull();
  });
});

describe('useBookAppointment', () => {
  it('tells a 409 conflict (server message) from other failures (server message or the default)', () => {
    expect(bookingProblem(new ApiError(TAKEN, 409, TAKEN))).toEqual({ conflict: true, message: TAKEN });
    expect(bookingProblem(new ApiError('Please select a time', 400, 'Please select a time'))).toEqual({ conflict: false, message: 'Please select a time' });
    expect(bookingProblem(new ApiError('Failed to book appointment. Please try again.', 500))).toEqual({ conflict: false, message: 'Failed to book appointment. Please try again.' });
    expect(bookingProblem(new TypeError('network'))).toEqual({ conflict: false, message: 'Failed to book appointment. Please try again.' });
  });

  it('posts the payload and makes every appointments query stale after a booking', async () => {
    const { wrapper, client } = queryWrapper();
    client.setQueryData([...queryKeys.appointments, 'mine'], { items: [], complete: true });
    bookAppointment.mockResolvedValue({ appointment: { appointment_id: 42 } });
    const { result } = renderHook(() => useBookAppointment(), { wrapper });
    await act(async () => expect(await result.current.mutateAsync(PAYLOAD)).toEqual({ appointment_id: 42 }));
    // with the submission's Idempotency-Key (a retry of the same booking repeats it)
    expect(bookAppointment).toHaveBeenCalledWith({ body: PAYLOAD }, { context: { fallback: 'Failed to book appointment. Please try again.', idempotencyKey: expect.stringMatching(/^[0-9a-f-]{32,36}$/) } });
    expect(client.getQueryState([...queryKeys.appointments, 'mine'])?.isInvalidated).toBe(true);
  });

  it('after a 409 fetches the slots of that doctor and date again and reports the conflict', async () => {
    const { wrapper, client } = queryWrapper();
    fetchAvailability.mockResolvedValue(answer());
    const slots = renderHook(() => useAvailability(7, '2026-11-23'), { wrapper });
    await waitFor(() => expect(slots.result.current.availability).toEqual(answer()));
    bookAppointment.mockRejectedValue(new ApiError(TAKEN, 409, TAKEN));
    fetchAvailability.mockResolvedValue(answer(['09:00 AM']));
    const { result } = renderHook(() => useBookAppointment(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync(PAYLOAD).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.problem).toEqual({ conflict: true, message: TAKEN }));
    await waitFor(() => expect(slots.result.current.availability).toEqual(answer(['09:00 AM'])));
    expect(fetchAvailability).toHaveBeenCalledTimes(2);
    expect(client.getQueryData(queryKeys.availability(7, '2026-11-23'))).toEqual(answer(['09:00 AM']));
  });
});
