import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { NO_FILTERS, toast } from 'shell/ui-kit';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { queryWrapper } from '../../../../shell/test/render';
import { adminKeys } from '../../api/query-keys';
import { fetchAdminAppointments, useAppointmentChanges } from './api';

const { adminSearch: get, setAmount, override, remove: del } = stubDeclaredCalls().appointments;
const success = jest.spyOn(toast, 'success').mockReturnValue('');
const failure = jest.spyOn(toast, 'error').mockReturnValue('');
beforeEach(() => jest.resetAllMocks());

describe('fetchAdminAppointments', () => {
  it('asks the server for one page with the search, status and date filters', async () => {
    get.mockResolvedValue({ appointments: [], total: 0, page: 3, limit: 20 });
    await fetchAdminAppointments({ filters: NO_FILTERS, page: 1 });
    expect(get).toHaveBeenLastCalledWith({ query: { page: 1, limit: 20 } }, expect.anything());
    await fetchAdminAppointments({ filters: { search: ' abdi ', status: 'confirmed', date: 'today' }, page: 3 });
    expect(get).toHaveBeenLastCalledWith({ query: { page: 3, limit: 20, search: 'abdi', status: 'Confirmed', date: 'today' } }, expect.anything());
  });
});

describe("the admin's changes", () => {
  const key = [...adminKeys.appointments, { filters: NO_FILTERS, page: 1 }];
  function setup() {
    const { wrapper, client } = queryWrapper();
    client.setQueryData(key, { appointments: [{ appointment_id: 21, total_amount: 100 }, { appointment_id: 22, total_amount: 50 }], total: 2, page: 1, limit: 20 });
    client.setQueryData(adminKeys.totals, { users: 1, doctors: 1, appointments: 3, revenue: 100 });
    const { result } = renderHook(() => useAppointmentChanges(), { wrapper });
    return { client, result };
  }

  it("puts the server's answer in the cached page at once; the totals refresh", async () => {
    const answer = { appointment_id: 21, total_amount: 4200 };
    setAmount.mockResolvedValue({ appointment: answer, message: 'Amount updated!' });
    const { client, result } = setup();
    await act(() => result.current.amount.mutateAsync({ id: 21, amount: 4200 }));
    expect(setAmount).toHaveBeenCalledWith({ params: { id: 21 }, body: { total_amount: 4200 } }, { context: { fallback: 'Failed to update amount' } });
    expect(client.getQueryData<{ appointments: unknown[] }>(key)?.appointments).toEqual([answer, { appointment_id: 22, total_amount: 50 }]);
    expect(success).toHaveBeenCalledWith('Amount updated!');
    expect(client.getQueryState(adminKeys.totals)?.isInvalidated).toBe(true);
  });

  it('overrides a status', async () => {
    override.mockResolvedValue({ appointment: { appointment_id: 22, appointment_status: 'Cancelled' }, message: 'Status updated!' });
    const { client, result } = setup();
    await act(() => result.current.status.mutateAsync({ id: 22, status: 'Cancelled' }));
    expect(override).toHaveBeenCalledWith({ params: { id: 22 }, body: { status: 'Cancelled' } }, { context: { fallback: 'Failed to update status' } });
    expect(client.getQueryData<{ appointments: unknown[] }>(key)?.appointments[1]).toEqual({ appointment_id: 22, total_amount: 50, appointment_status: 'Cancelled' });
  });

  it('a delete refetches the page from the server', async () => {
    del.mockResolvedValue(undefined);
    const { client, result } = setup();
    await act(() => result.current.remove.mutateAsync(21));
    expect(del).toHaveBeenCalledWith({ params: { id: 21 } }, { context: { fallback: 'Failed to delete appointment' } });
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(success).toHaveBeenCalledWith('Appointment deleted!');
  });

  it.each([
    ['amount', 'Failed to update amount'],
    ['status', 'Failed to update status'],
    ['remove', 'Failed to delete appointment'],
  ] as const)('a failed %s change says %p and changes nothing', async (kind, message) => {
    setAmount.mockRejectedValue(new ApiError('x', 500));
    override.mockRejectedValue(new ApiError('x', 500));
    del.mockRejectedValue(new ApiError('x', 500));
    const { client, result } = setup();
    const run = { amount: () => result.current.amount.mutate({ id: 21, amount: 10 }), status: () => result.current.status.mutate({ id: 21, status: 'Pending' }), remove: () => result.current.remove.mutate(21) };
    act(() => run[kind]());
    await waitFor(() => expect(failure).toHaveBeenCalledWith(message));
    expect(client.getQueryData<{ appointments: { total_amount: number }[] }>(key)?.appointments[0].total_amount).toBe(100);
  });
});
