import { act, renderHook, waitFor } from '@testing-library/react';
import { api, ApiError } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { queryWrapper } from '../../../../shell/test/render';
import { adminKeys } from '../../api/query-keys';
import { ADMIN_APPOINTMENTS_LIMIT, fetchAllAppointments, PAGE_SIZE, useAppointmentChanges } from './api';

const get = jest.spyOn(api, 'get');
const patch = jest.spyOn(api, 'patch');
const del = jest.spyOn(api, 'delete');
const success = jest.spyOn(toast, 'success').mockReturnValue('');
const failure = jest.spyOn(toast, 'error').mockReturnValue('');
beforeEach(() => jest.resetAllMocks());

describe('fetchAllAppointments', () => {
  const page = (n: number, from: number) => ({ appointments: Array.from({ length: n }, (_, i) => ({ appointment_id: from + i })) });

  it('reads every page of at most 500 until a short page', async () => {
    get.mockResolvedValueOnce(page(PAGE_SIZE, 0)).mockResolvedValueOnce(page(PAGE_SIZE, 500)).mockResolvedValueOnce(page(3, 1000));
    const all = await fetchAllAppointments();
    expect(all).toHaveLength(1003);
    expect(get.mock.calls.map((c) => c[1]?.searchParams)).toEqual([
      { limit: 500, offset: 0 },
      { limit: 500, offset: 500 },
      { limit: 500, offset: 1000 },
    ]);
  });

  it('reports what has arrived after each full page, and stops at the newest 20,000', async () => {
    get.mockImplementation(async (_path, options) => page(PAGE_SIZE, (options?.searchParams as { offset: number }).offset));
    const progress: number[] = [];
    const all = await fetchAllAppointments((soFar) => progress.push(soFar.length));
    expect(all).toHaveLength(ADMIN_APPOINTMENTS_LIMIT);
    expect(get).toHaveBeenCalledTimes(ADMIN_APPOINTMENTS_LIMIT / PAGE_SIZE);
    expect(progress.slice(0, 3)).toEqual([500, 1000, 1500]);
    expect(progress.at(-1)).toBe(ADMIN_APPOINTMENTS_LIMIT);
  });
});

describe("the admin's changes", () => {
  function setup() {
    const list = { patch: jest.fn(), setAppointments: jest.fn() };
    const { wrapper, client } = queryWrapper();
    client.setQueryData(adminKeys.appointments, { items: [], complete: true });
    client.setQueryData(adminKeys.totals, { users: 1, doctors: 1, appointments: 3, revenue: 100 });
    const { result } = renderHook(() => useAppointmentChanges(list), { wrapper });
    return { list, client, result };
  }

  it("shows the server's answer in the list at once, without refetching 20,000 rows; the totals refresh", async () => {
    const answer = { appointment_id: 21, total_amount: 4200 };
    patch.mockResolvedValue({ appointment: answer, message: 'Amount updated!' });
    const { list, client, result } = setup();
    await act(() => result.current.amount.mutateAsync({ id: 21, amount: 4200 }));
    expect(patch).toHaveBeenCalledWith('appointments/21/amount', { total_amount: 4200 }, { fallback: 'Failed to update amount' });
    expect(list.patch).toHaveBeenCalledWith(21, answer);
    expect(success).toHaveBeenCalledWith('Amount updated!');
    // Marked stale for the next visit, not refetched now.
    expect(client.getQueryState(adminKeys.appointments)?.isInvalidated).toBe(true);
    expect(get).not.toHaveBeenCalledWith('appointments/admin/all', expect.anything());
    expect(client.getQueryState(adminKeys.totals)?.isInvalidated).toBe(true);
  });

  it('overrides a status', async () => {
    patch.mockResolvedValue({ appointment: { appointment_id: 21, appointment_status: 'Cancelled' }, message: 'Status updated!' });
    const { list, result } = setup();
    await act(() => result.current.status.mutateAsync({ id: 21, status: 'Cancelled' }));
    expect(patch).toHaveBeenCalledWith('appointments/21/override', { status: 'Cancelled' }, { fallback: 'Failed to update status' });
    expect(list.patch).toHaveBeenCalledWith(21, { appointment_id: 21, appointment_status: 'Cancelled' });
    expect(success).toHaveBeenCalledWith('Status updated!');
  });

  it('removes a deleted appointment from the list', async () => {
    del.mockResolvedValue(undefined);
    const { list, result } = setup();
    await act(() => result.current.remove.mutateAsync(23));
    expect(del).toHaveBeenCalledWith('appointments/23', { fallback: 'Failed to delete appointment' });
    const drop = list.setAppointments.mock.calls[0]![0] as (rows: Array<{ appointment_id: number }>) => unknown;
    expect(drop([{ appointment_id: 22 }, { appointment_id: 23 }])).toEqual([{ appointment_id: 22 }]);
    expect(success).toHaveBeenCalledWith('Appointment deleted!');
  });

  it.each([
    ['amount', 'Failed to update amount'],
    ['status', 'Failed to update status'],
    ['remove', 'Failed to delete appointment'],
  ] as const)('a failed %s change says %p and changes nothing', async (kind, message) => {
    patch.mockRejectedValue(new ApiError('x', 500));
    del.mockRejectedValue(new ApiError('x', 500));
    const { list, result } = setup();
    const run = { amount: () => result.current.amount.mutate({ id: 21, amount: 10 }), status: () => result.current.status.mutate({ id: 21, status: 'Pending' }), remove: () => result.current.remove.mutate(21) };
    act(() => run[kind]());
    await waitFor(() => expect(failure).toHaveBeenCalledWith(message));
    expect(list.patch).not.toHaveBeenCalled();
    expect(list.setAppointments).not.toHaveBeenCalled();
  });
});
